import { describe, expect, it } from "vitest";
import { cullingAction, ownsKeys } from "./use-culling-keys";

const press = (key: string, mods: { ctrlKey?: boolean; metaKey?: boolean; altKey?: boolean } = {}) =>
  cullingAction({ key, ctrlKey: false, metaKey: false, altKey: false, target: null, ...mods });

/** Just enough of an element for the checks (vitest runs in node). */
const element = (tagName: string, extra: Record<string, unknown> = {}) =>
  ({ tagName, isContentEditable: false, ...extra }) as unknown as HTMLElement;

describe("cullingAction", () => {
  it("maps the culling keys", () => {
    expect(press("j")).toEqual({ type: "move", by: "next" });
    expect(press("J")).toEqual({ type: "move", by: "next" });
    expect(press("ArrowLeft")).toEqual({ type: "move", by: "prev" });
    expect(press("k")).toEqual({ type: "move", by: "prev" });
    expect(press("ArrowDown")).toEqual({ type: "move", by: "down" });
    expect(press("3")).toEqual({ type: "rate", rating: 3 });
    expect(press("0")).toEqual({ type: "rate", rating: null });
    expect(press("F")).toEqual({ type: "favorite" });
    expect(press("t")).toEqual({ type: "tags" });
    expect(press(" ")).toEqual({ type: "open" });
    expect(press("Enter")).toEqual({ type: "open" });
    expect(press("c")).toEqual({ type: "compare" });
    expect(press("Delete")).toEqual({ type: "delete" });
    expect(press("Backspace")).toEqual({ type: "delete" });
    expect(press("?")).toEqual({ type: "help" });
    expect(press("A")).toEqual({ type: "collect" });
    expect(press("[")).toEqual({ type: "reorder", step: -1 });
    expect(press("]")).toEqual({ type: "reorder", step: 1 });
  });

  it("ignores other keys and any key with Ctrl, ⌘ or Alt", () => {
    expect(press("6")).toBeNull();
    expect(press("x")).toBeNull();
    expect(press("c", { ctrlKey: true })).toBeNull();
    expect(press("1", { metaKey: true })).toBeNull();
    expect(press("ArrowRight", { altKey: true })).toBeNull();
  });

  it("leaves Space and Enter to a focused button other than a tile", () => {
    const button = { closest: (s: string) => (s === "[data-tile]" ? null : {}) };
    const tile = { closest: () => ({}) };
    expect(
      cullingAction({ key: "Enter", ctrlKey: false, metaKey: false, altKey: false, target: button as never }),
    ).toBeNull();
    expect(
      cullingAction({ key: " ", ctrlKey: false, metaKey: false, altKey: false, target: tile as never }),
    ).toEqual({
      type: "open",
    });
  });
});

describe("ownsKeys", () => {
  it("text fields, selects, editable content and players keep their keys; checkboxes do not", () => {
    expect(ownsKeys(element("INPUT", { type: "search" }))).not.toBeNull();
    expect(ownsKeys(element("INPUT", { type: "text" }))).not.toBeNull();
    expect(ownsKeys(element("TEXTAREA"))).not.toBeNull();
    expect(ownsKeys(element("SELECT"))).not.toBeNull();
    expect(ownsKeys(element("VIDEO"))).not.toBeNull();
    expect(ownsKeys(element("DIV", { isContentEditable: true }))).not.toBeNull();
    expect(ownsKeys(element("INPUT", { type: "checkbox" }))).toBeNull();
    expect(ownsKeys(element("BUTTON"))).toBeNull();
    expect(ownsKeys(null)).toBeNull();
  });
});
