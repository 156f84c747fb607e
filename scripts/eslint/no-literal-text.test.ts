import { RuleTester } from "eslint";
import { describe, it } from "vitest";
import { noLiteralText } from "./no-literal-text.mjs";

RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({
  languageOptions: { parserOptions: { ecmaFeatures: { jsx: true } } },
});

tester.run("studio-i18n/no-literal-text", noLiteralText, {
  valid: [
    `<p className="text-sm text-zinc-400">{t("intro")}</p>`,
    `<button aria-label={t("dismiss")}>×</button>`,
    `<span>{count} · {"—"}</span>`,
    `<input type="email" autoComplete="username" />`,
  ],
  invalid: [
    { code: `<p>Sign in</p>`, errors: [{ messageId: "text" }] },
    { code: `<p>{"Sign in"}</p>`, errors: [{ messageId: "text" }] },
    { code: `<p>{busy ? "Signing in…" : t("signIn")}</p>`, errors: [{ messageId: "text" }] },
    { code: `<button title="Close it" />`, errors: [{ messageId: "text" }] },
    { code: `<input placeholder={\`Search \${n} items\`} />`, errors: [{ messageId: "text" }] },
    { code: `<Field label="E-mail" />`, errors: [{ messageId: "text" }] },
    { code: `<p>登录</p>`, errors: [{ messageId: "text" }] },
  ],
});
