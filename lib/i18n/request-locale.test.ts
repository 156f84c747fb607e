import { describe, expect, it } from "vitest";
import { requestLocale } from "./request-locale";

const headers = (entries: Record<string, string>) => new Headers(entries);

describe("requestLocale (pages without next-intl: the share page)", () => {
  it("takes the switcher's cookie first, then Accept-Language, else English", () => {
    expect(requestLocale(headers({}))).toBe("en");
    expect(requestLocale(headers({ "accept-language": "zh-Hans;q=0.9, en;q=0.5" }))).toBe("zh-CN");
    expect(requestLocale(headers({ "accept-language": "zh-CN", cookie: "a=1; studio-locale=en" }))).toBe(
      "en",
    );
    expect(requestLocale(headers({ "accept-language": "fr", cookie: "studio-locale=zh-CN" }))).toBe("zh-CN");
  });

  it("ignores a cookie that is not one of our locales or not decodable", () => {
    expect(requestLocale(headers({ "accept-language": "zh", cookie: "studio-locale=de" }))).toBe("zh-CN");
    expect(requestLocale(headers({ "accept-language": "en", cookie: "studio-locale=%E0%A4%A" }))).toBe("en");
  });
});
