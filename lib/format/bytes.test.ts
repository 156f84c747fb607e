import { describe, expect, it } from "vitest";
import { formatBytes } from "./bytes";

describe("formatBytes", () => {
  it("writes binary units with at most one decimal", () => {
    expect(formatBytes(5 * 1024)).toBe("5 KB");
    expect(formatBytes(1536)).toBe("1.5 KB");
    expect(formatBytes(50 * 1024 * 1024)).toBe("50 MB");
    expect(formatBytes(1.25 * 1024 ** 3, "zh-CN")).toBe("1.3 GB");
  });

  it("words sizes under 1 KB in the page's language, English by default (the server's sentences)", () => {
    expect(formatBytes(812)).toBe("812 bytes");
    expect(formatBytes(1)).toBe("1 byte");
    expect(formatBytes(1000)).toBe("1000 bytes");
    expect(formatBytes(812, "zh-CN")).toBe("812字节");
    expect(formatBytes(1000, "zh-CN")).toBe("1000字节");
  });
});
