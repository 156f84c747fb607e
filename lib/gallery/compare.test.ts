import { describe, expect, it } from "vitest";
import { compareParams } from "./compare";

describe("compareParams", () => {
  it("lines up every submitted key and marks the ones that differ", () => {
    const rows = compareParams([
      { model: "sd_2.5_ORelay", prompt: "a cat", duration: 5, tools: { b: 1, a: 2 }, seed: 7 },
      { model: "sd_2.5_ORelay", prompt: "a dog", duration: 5, tools: { a: 2, b: 1 } },
      null,
    ]);
    expect(rows).toEqual([
      { key: "model", values: ["sd_2.5_ORelay", "sd_2.5_ORelay", null], differs: true },
      { key: "prompt", values: ["a cat", "a dog", null], differs: true },
      { key: "duration", values: ["5", "5", null], differs: true },
      { key: "seed", values: ["7", null, null], differs: true },
      { key: "tools", values: ['{"a":2,"b":1}', '{"a":2,"b":1}', null], differs: true },
    ]);
    const same = compareParams([
      { duration: 5, resolution: "720p" },
      { resolution: "720p", duration: 5 },
    ]);
    expect(same.map((r) => r.differs)).toEqual([false, false]);
  });
});
