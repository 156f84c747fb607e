"use client";

import { useSyncExternalStore } from "react";

const QUERY = "(prefers-reduced-motion: reduce)";

// One live MediaQueryList for every caller: the gallery mounts a few dozen tiles per scroll step, and
// a matchMedia() per render of each (snapshot and subscription) showed in the scroll's CPU profile.
let media: MediaQueryList | undefined;
const reducedMotionQuery = () => (media ??= window.matchMedia(QUERY));

function subscribe(onChange: () => void) {
  const list = reducedMotionQuery();
  list.addEventListener("change", onChange);
  return () => list.removeEventListener("change", onChange);
}

/** Whether the person asked their system for less motion (then videos wait for a click to play). */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => reducedMotionQuery().matches,
    () => false,
  );
}

/** For one-off scrolls outside React's render: smooth unless reduced motion is asked for. */
export function scrollBehavior(): ScrollBehavior {
  return reducedMotionQuery().matches ? "auto" : "smooth";
}
