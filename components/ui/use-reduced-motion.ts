"use client";

import { useSyncExternalStore } from "react";

const QUERY = "(prefers-reduced-motion: reduce)";

function subscribe(onChange: () => void) {
  const media = window.matchMedia(QUERY);
  media.addEventListener("change", onChange);
  return () => media.removeEventListener("change", onChange);
}

/** Whether the person asked their system for less motion (then videos wait for a click to play). */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(QUERY).matches,
    () => false,
  );
}

/** For one-off scrolls outside React's render: smooth unless reduced motion is asked for. */
export function scrollBehavior(): ScrollBehavior {
  return window.matchMedia(QUERY).matches ? "auto" : "smooth";
}
