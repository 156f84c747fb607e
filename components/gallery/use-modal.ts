"use client";

import { useEffect, type RefObject } from "react";

/**
 * A full-screen view over the grid: the page behind stops scrolling, focus moves into the view,
 * and goes back to where it was (the tile that opened it) when the view closes — unless
 * `restoreFocus` is false: the item view leaves that to the grid, which focuses the item last seen.
 */
export function useModal(container: RefObject<HTMLElement | null>, { restoreFocus = true } = {}) {
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const overflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    container.current?.focus();
    return () => {
      document.body.style.overflow = overflow;
      if (restoreFocus) previous?.focus?.({ preventScroll: true });
    };
  }, [container, restoreFocus]);
}
