"use client";

import { useEffect, type RefObject } from "react";

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), video[controls], [tabindex]:not([tabindex="-1"])';

/**
 * A full-screen view over the grid: the page behind stops scrolling, focus moves into the view and
 * Tab cycles inside it (the page behind is covered), and focus goes back to where it was (the tile
 * that opened it) when the view closes — unless `restoreFocus` is false: the item view leaves that
 * to the grid, which focuses the item last seen.
 */
export function useModal(container: RefObject<HTMLElement | null>, { restoreFocus = true } = {}) {
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const overflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    container.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      const root = container.current;
      if (event.key !== "Tab" || !root) return;
      const focusable = [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
        (element) => element.getClientRects().length > 0,
      );
      if (focusable.length === 0) return;
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      const active = document.activeElement;
      const inside = active instanceof Node && root.contains(active);
      // A native modal opened from the view (delete, add to collection) keeps its own trap.
      if (!inside && active instanceof Element && active.closest("dialog[open]")) return;
      if (event.shiftKey && (active === first || active === root || !inside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !inside)) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.body.style.overflow = overflow;
      if (restoreFocus) previous?.focus?.({ preventScroll: true });
    };
  }, [container, restoreFocus]);
}
