import { describe, expect, it } from "vitest";
import { swipeDirection } from "./swipe-gesture";

describe("a swipe", () => {
  it("is a quick, long, mostly sideways move", () => {
    expect(swipeDirection(-120, 10, 200)).toBe("left");
    expect(swipeDirection(90, -30, 300)).toBe("right");
  });

  it("is not a short move, a slow drag (a comment's mark) or a mostly vertical scroll", () => {
    expect(swipeDirection(-40, 0, 100)).toBeNull();
    expect(swipeDirection(-200, 0, 900)).toBeNull();
    expect(swipeDirection(80, 70, 200)).toBeNull();
  });
});
