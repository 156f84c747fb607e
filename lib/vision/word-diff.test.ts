import { describe, expect, it } from "vitest";
import { highlightRuns } from "../gallery/highlight";
import { wordDiff } from "./word-diff";

describe("wordDiff", () => {
  it("keeps common words and marks what was removed and added", () => {
    expect(wordDiff("a fox in the snow", "a red fox in deep snow")).toEqual([
      { kind: "same", text: "a " },
      { kind: "added", text: "red " },
      { kind: "same", text: "fox in " },
      { kind: "removed", text: "the" },
      { kind: "added", text: "deep" },
      { kind: "same", text: " snow" },
    ]);
  });

  it("keeps a word that only gained punctuation", () => {
    expect(wordDiff("a fox", "a fox, cinematic lighting")).toEqual([
      { kind: "same", text: "a fox" },
      { kind: "added", text: ", cinematic lighting" },
    ]);
  });

  it("rebuilds both texts from its parts", () => {
    const before = "neon street at night,  rain";
    const after = "rainy neon street at night, cinematic lighting";
    const parts = wordDiff(before, after);
    expect(
      parts
        .filter((p) => p.kind !== "added")
        .map((p) => p.text)
        .join(""),
    ).toBe(before);
    expect(
      parts
        .filter((p) => p.kind !== "removed")
        .map((p) => p.text)
        .join(""),
    ).toBe(after);
  });
});

describe("highlightRuns (the card's Shown: line)", () => {
  it("marks words starting with a searched word, ignoring case and accents", () => {
    expect(highlightRuns("A Café with an umbrella-stand.", ["cafe", "umbrella"])).toEqual([
      { text: "A ", match: false },
      { text: "Café", match: true },
      { text: " with an ", match: false },
      { text: "umbrella", match: true },
      { text: "-stand.", match: false },
    ]);
  });
});
