"use client";

import { lazy, Suspense } from "react";

// Every page's header carries it, but no page needs it for its first view: its watcher, toasts and
// notification switch load just after the page, which keeps each page's first load within budget
// (scripts/check-bundles.mjs).
const ActivityCenter = lazy(() =>
  import("./activity-center").then((module) => ({ default: module.ActivityCenter })),
);

export function LazyActivityCenter() {
  return (
    <Suspense fallback={null}>
      <ActivityCenter />
    </Suspense>
  );
}
