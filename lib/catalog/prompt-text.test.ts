import { describe, expect, it } from "vitest";
import {
  countChineseCharacters,
  countEnglishWords,
  estimateTruncation,
  getModel,
  promptNotices,
  type ModelDef,
} from "./index";

const m = (id: string) => getModel(id) as ModelDef;
const LIMIT = { maxNonChinese: 5000, maxChinese: 2500 };

describe("counting", () => {
  it("counts Chinese characters and English words separately", () => {
    expect(countChineseCharacters("一只猫 jumps over 两只狗!")).toBe(6);
    expect(countEnglishWords("一只猫 jumps over 两只狗!")).toBe(2);
    expect(countEnglishWords("a slow-motion shot, don't cut; 4K")).toBe(6);
  });
});

describe("estimateTruncation (5000 non-Chinese or 2500 Chinese characters)", () => {
  it("keeps prompts within the limit", () => {
    expect(estimateTruncation("a".repeat(5000), LIMIT).cut).toBe(0);
    expect(estimateTruncation("猫".repeat(2500), LIMIT).cut).toBe(0);
  });
  it("counts what is cut from longer prompts", () => {
    expect(estimateTruncation("a".repeat(5012), LIMIT)).toEqual({ cut: 12, total: 5012, chinese: 0 });
    expect(estimateTruncation("猫".repeat(2600), LIMIT)).toEqual({ cut: 100, total: 2600, chinese: 2600 });
    // Mixed: 2000 Chinese use 4000 of the budget, so 1000 Latin characters fit and 5 are cut.
    expect(estimateTruncation(`${"猫".repeat(2000)}${"a".repeat(1005)}`, LIMIT).cut).toBe(5);
  });
  it("counts an emoji as one character", () => {
    expect(estimateTruncation("😀".repeat(5001), LIMIT)).toMatchObject({ cut: 1, total: 5001 });
  });
});

describe("promptNotices", () => {
  it.each(["vendorw2.7-videoedit", "vendorw2.7-r2v", "hh-1.1-i2v-o"])("warns before %s truncates", (id) => {
    expect(promptNotices(m(id), "a".repeat(5000))).toEqual([]);
    expect(promptNotices(m(id), "a".repeat(5030))).toEqual([
      `prompt: ${id} keeps at most 5000 non-Chinese or 2500 Chinese characters and cuts the rest: ` +
        "the last 30 of this prompt's 5030 characters will be cut off. Shorten it to keep control of what is dropped.",
    ]);
  });
  it("is a notice, not a validation error", () => {
    expect(m("vendorw2.7-r2v").promptTruncation).toEqual(LIMIT);
    expect(promptNotices(m("sd2_disc_nvid"), "a".repeat(9000))).toEqual([]);
  });
});
