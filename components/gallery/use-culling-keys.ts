"use client";

import { useEffect, useRef } from "react";

/** What a key asks for while culling (grid and item view alike). */
export type CullingAction =
  | { type: "move"; by: "prev" | "next" | "up" | "down" }
  | { type: "rate"; rating: number | null }
  | { type: "favorite" | "tags" | "open" | "compare" | "delete" | "help" | "close" }
  /** Add the marked items (or the current one) to a collection. */
  | { type: "collect" }
  /** Inside a collection the viewer may edit: move the current item one place earlier or later. */
  | { type: "reorder"; step: -1 | 1 };

/**
 * The keys, as the help dialog lists them: each is `galleryKeys.<id>` (what it does) and
 * `galleryKeys.<id>Keys` (the keys) in the message files.
 */
export const CULLING_KEYS = [
  "move",
  "row",
  "rate",
  "clear",
  "favorite",
  "tags",
  "open",
  "compare",
  "collect",
  "reorder",
  "delete",
  "esc",
  "help",
] as const;

const TEXT_INPUT_EXEMPT = new Set(["checkbox", "radio", "button", "submit", "reset", "image"]);

/** Fields keep their own keys; a focused player keeps its arrows and space for seeking and playing. */
export function ownsKeys(target: EventTarget | null): HTMLElement | null {
  const el = target as HTMLElement | null;
  if (!el || typeof el.tagName !== "string") return null;
  if (el.isContentEditable || ["TEXTAREA", "SELECT", "VIDEO"].includes(el.tagName)) return el;
  if (el.tagName === "INPUT" && !TEXT_INPUT_EXEMPT.has((el as HTMLInputElement).type)) return el;
  return null;
}

/** Space and Enter on a control other than a tile keep their own meaning (press the button). */
function activatesControl(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el || typeof el.closest !== "function") return false;
  return Boolean(el.closest("button, a[href], input, summary, [role=button]")) && !el.closest("[data-tile]");
}

type KeyLike = Pick<KeyboardEvent, "key" | "ctrlKey" | "metaKey" | "altKey" | "target">;

/** The action of one key press, or null when the key is not ours here. */
export function cullingAction(event: KeyLike): CullingAction | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
  if (key >= "1" && key <= "5") return { type: "rate", rating: Number(key) };
  switch (key) {
    case "ArrowLeft":
    case "k":
      return { type: "move", by: "prev" };
    case "ArrowRight":
    case "j":
      return { type: "move", by: "next" };
    case "ArrowUp":
      return { type: "move", by: "up" };
    case "ArrowDown":
      return { type: "move", by: "down" };
    case "0":
      return { type: "rate", rating: null };
    case "f":
      return { type: "favorite" };
    case "t":
      return { type: "tags" };
    case " ":
    case "Enter":
      return activatesControl(event.target) ? null : { type: "open" };
    case "c":
      return { type: "compare" };
    case "a":
      return { type: "collect" };
    case "[":
      return { type: "reorder", step: -1 };
    case "]":
      return { type: "reorder", step: 1 };
    case "Delete":
    case "Backspace": // the Mac's "delete" key
      return { type: "delete" };
    case "?":
      return { type: "help" };
    case "Escape":
      return { type: "close" };
    default:
      return null;
  }
}

/**
 * The culling keys on the window while `enabled`. `onAction` returns true when it acted (the key's
 * default is then prevented). Nothing fires while typing in a field (Esc leaves it), with Ctrl, ⌘
 * or Alt held, or while a modal dialog (a confirmation, the keys help) is open.
 */
export function useCullingKeys(onAction: (action: CullingAction) => boolean, enabled = true) {
  const handler = useRef(onAction);
  useEffect(() => {
    handler.current = onAction;
  }, [onAction]);

  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      if (document.querySelector("dialog[open]")) return;
      const field = ownsKeys(event.target);
      if (field) {
        if (event.key === "Escape") field.blur();
        return;
      }
      const action = cullingAction(event);
      if (action && handler.current(action)) event.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [enabled]);
}
