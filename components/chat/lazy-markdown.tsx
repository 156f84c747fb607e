"use client";

import { lazy, Suspense } from "react";

// react-markdown, remark-gfm and highlight.js are most of the chat's JavaScript: they load after the
// page (a new chat shows no answer), fetched as soon as the chat starts (preloadMarkdown).
const loadMarkdown = () => import("./markdown");
const LoadedMarkdown = lazy(() => loadMarkdown().then((module) => ({ default: module.Markdown })));

/** Starts fetching the renderer so the first answer seldom waits for it. */
export function preloadMarkdown() {
  void loadMarkdown();
}

/**
 * Model output as markdown (./markdown.tsx); until the renderer is here, the same text, plain, marked
 * data-markdown="pending" so a reader (or a test) can tell the two apart.
 */
export function Markdown({ text }: { text: string }) {
  return (
    <Suspense
      fallback={
        <div className="chat-markdown whitespace-pre-wrap" data-markdown="pending">
          {text}
        </div>
      }
    >
      <LoadedMarkdown text={text} />
    </Suspense>
  );
}
