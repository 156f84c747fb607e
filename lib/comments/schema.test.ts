import { describe, expect, it } from "vitest";
import { formatMoment, parseShape } from "./schema";

describe("moments and stored shapes", () => {
  it("shows a moment as minutes, seconds and tenths", () => {
    expect(formatMoment(0)).toBe("0:00.0");
    expect(formatMoment(1.5)).toBe("0:01.5");
    expect(formatMoment(62)).toBe("1:02.0");
    expect(formatMoment(59.96)).toBe("1:00.0");
  });

  it("reads back a stored shape, and nothing from a broken one", () => {
    expect(parseShape('{"kind":"point","x":0.5,"y":0.25}')).toEqual({ kind: "point", x: 0.5, y: 0.25 });
    expect(parseShape('{"kind":"rect","x":0.9,"y":0,"w":0.5,"h":0.1}')).toBeNull();
    expect(parseShape("not json")).toBeNull();
    expect(parseShape(null)).toBeNull();
  });
});
