import { describe, expect, it } from "vitest";
import { formatDateTime, formatNumber, formatRelative, formatShortDate } from "./locale-format";

const instant = new Date(2026, 10, 26, 14, 5, 9); // local time, as the browser shows it

describe("locale formats", () => {
  it("writes dates in each language", () => {
    expect(formatDateTime("en", instant)).toBe("Nov 26, 2026, 02:05:09 PM");
    expect(formatDateTime("zh-CN", instant)).toBe("2026年11月26日 14:05:09");
    expect(formatDateTime("en", null)).toBe("—");
    expect(formatShortDate("en", instant, new Date(2026, 0, 1))).toBe("Nov 26");
    expect(formatShortDate("zh-CN", instant, new Date(2026, 0, 1))).toBe("11月26日");
    expect(formatShortDate("en", instant, new Date(2027, 0, 1))).toBe("Nov 26, 2026");
  });

  it("writes numbers and relative times in each language", () => {
    expect(formatNumber("en", 12345.678)).toBe("12,345.68");
    expect(formatNumber("zh-CN", 12345.678)).toBe("12,345.68");
    const now = instant.getTime();
    expect(formatRelative("en", now - 10_000, now)).toBe("now");
    expect(formatRelative("zh-CN", now - 5 * 60_000, now)).toBe("5分钟前");
    expect(formatRelative("en", now - 3 * 3600_000, now)).toBe("3 hr. ago");
  });
});
