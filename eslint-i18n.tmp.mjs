import studioI18n from "/work/wt/i18n/scripts/eslint/no-literal-text.mjs";
import next from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
export default [...next, ...nextTs, { files: ["**/*.tsx"], plugins: { "studio-i18n": studioI18n }, rules: { "studio-i18n/no-literal-text": "error" } }];
