import next from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

const config = [
  ...next,
  ...nextTs,
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
