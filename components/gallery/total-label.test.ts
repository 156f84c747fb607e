import { describe, expect, it } from "vitest";
import { totalLabel } from "./total-label";

describe("gallery total label", () => {
  it("says an exact count as it is", () => {
    expect(totalLabel(1, false, false)).toBe("1 item");
    expect(totalLabel(2431, false, true)).toBe(`${(2431).toLocaleString()} items match`);
    expect(totalLabel(1, false, true)).toBe("1 item matches");
  });

  it("marks an estimate as one", () => {
    expect(totalLabel(120_000, true, false)).toBe(`about ${(120_000).toLocaleString()} items`);
    expect(totalLabel(12_000, true, true)).toBe(`about ${(12_000).toLocaleString()} items match`);
  });

  it("shows a placeholder while the count is unknown", () => {
    expect(totalLabel(null, false, false)).toBe("…");
  });
});
