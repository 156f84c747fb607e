"use client";

import { useSearchParams } from "next/navigation";
import { useCallback } from "react";

/**
 * The studio's state that belongs in the URL: the selected model and task (shareable, survives a
 * reload) and the one-shot prefill links from the gallery (`remix`, `ref` + `field`), and `firstFrame`.
 */
export function useStudioUrl() {
  const params = useSearchParams();

  const update = useCallback((changes: Record<string, string | null>) => {
    // The live URL, not this render's snapshot, so back-to-back updates compose; the native
    // history call is synchronous and Next keeps useSearchParams in step with it.
    const next = new URLSearchParams(window.location.search);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    const query = next.toString();
    window.history.replaceState(null, "", query ? `?${query}` : window.location.pathname);
  }, []);

  return {
    model: params.get("model"),
    task: params.get("task"),
    remix: params.get("remix"),
    ref: params.get("ref"),
    field: params.get("field"),
    /** "Continue from here": a last frame to start from; the picker lists first-frame models only. */
    firstFrame: params.get("firstFrame"),
    update,
  };
}
