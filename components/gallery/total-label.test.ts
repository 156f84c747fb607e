import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import en from "@/messages/en.json";
import zh from "@/messages/zh-CN.json";
import { totalLabel } from "./total-label";

const t = createTranslator({ locale: "en", messages: en, namespace: "galleryFilters" });
const tZh = createTranslator({ locale: "zh-CN", messages: zh as typeof en, namespace: "galleryFilters" });

describe("gallery total label", () => {
  it("says an exact count as it is", () => {
    expect(totalLabel(t, 1, false, false)).toBe("1 item");
    expect(totalLabel(t, 2431, false, true)).toBe("2,431 items match");
    expect(totalLabel(t, 1, false, true)).toBe("1 item matches");
  });

  it("marks an estimate as one", () => {
    expect(totalLabel(t, 120_000, true, false)).toBe("about 120,000 items");
    expect(totalLabel(t, 12_000, true, true)).toBe("about 12,000 items match");
  });

  it("says it in Chinese with the same numbers", () => {
    expect(totalLabel(tZh, 2431, false, true)).toBe("2,431 项符合");
    expect(totalLabel(tZh, 120_000, true, false)).toBe("约 120,000 项");
  });

  it("shows a placeholder while the count is unknown", () => {
    expect(totalLabel(t, null, false, false)).toBe("…");
  });
});
