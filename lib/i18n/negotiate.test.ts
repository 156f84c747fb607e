import { describe, expect, it } from "vitest";
import { negotiateLocale, resolveLocale } from "./negotiate";

describe("negotiateLocale", () => {
  it.each([
    ["zh-CN,zh;q=0.9,en;q=0.8", "zh-CN"],
    ["zh", "zh-CN"],
    ["zh-Hans-CN", "zh-CN"],
    ["en-US,en;q=0.9", "en"],
    ["fr-FR,de;q=0.5", "en"],
    ["fr-FR,zh;q=0.5", "zh-CN"],
    ["en;q=0.2,zh-CN;q=0.9", "zh-CN"],
    ["", "en"],
    ["*", "en"],
    ["not a tag!!", "en"],
  ])("%s → %s", (header, locale) => {
    expect(negotiateLocale(header)).toBe(locale);
  });
});

describe("resolveLocale", () => {
  it("prefers the user's setting, then the cookie, then the browser", () => {
    expect(resolveLocale({ userLocale: "en", cookie: "zh-CN", acceptLanguage: "zh-CN" })).toBe("en");
    expect(resolveLocale({ userLocale: null, cookie: "zh-CN", acceptLanguage: "en" })).toBe("zh-CN");
    expect(resolveLocale({ userLocale: null, cookie: "xx", acceptLanguage: "zh" })).toBe("zh-CN");
    expect(resolveLocale({})).toBe("en");
  });
});
