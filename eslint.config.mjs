import next from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import { CONVERTED_FILES } from "./lib/i18n/converted.mjs";
import studioI18n from "./scripts/eslint/no-literal-text.mjs";

const config = [
  ...next,
  ...nextTs,
  {
    // Converted files take every word people read from the message files (issue 27).
    files: CONVERTED_FILES,
    plugins: { "studio-i18n": studioI18n },
    rules: { "studio-i18n/no-literal-text": "error" },
  },
  {
    ignores: [
      "node_modules/**",
      ".next/**",
      ".next-*/**",
      "lib/generated/**",
      "lib/openapi/generated/**",
      "data/**",
      "test-results/**",
      "playwright-report/**",
      "next-env.d.ts",
    ],
  },
];
export default config;
