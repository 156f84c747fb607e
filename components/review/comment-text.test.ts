import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { englishReviewWords } from "./english-review-words";
import { ReviewWordsProvider } from "./review-words";
import type { CommentThread } from "@/lib/comments/types";
import { studioReviewApi } from "./api";
import { CommentPanel } from "./comment-panel";
import type { ReviewSession } from "./use-review-session";

const thread = (body: string, extra: Partial<CommentThread> = {}): CommentThread => ({
  id: "c1",
  taskId: "t",
  parentId: null,
  collectionId: null,
  author: { kind: "guest", name: "<i>Gina</i>" },
  body,
  atSeconds: 1.5,
  shape: { kind: "rect", x: 0.1, y: 0.1, w: 0.2, h: 0.2 },
  createdAt: "2026-11-26T12:00:00.000Z",
  editedAt: null,
  resolvedAt: null,
  resolvedBy: null,
  mine: false,
  canResolve: true,
  replies: [],
  ...extra,
});

const session = (threads: CommentThread[]): ReviewSession => ({
  api: studioReviewApi,
  taskId: "t",
  collectionId: null,
  threads,
  canComment: true,
  loading: false,
  error: null,
  hasVideo: true,
  attachVideo: () => undefined,
  currentTime: 0,
  paused: true,
  draft: { shape: null, atSeconds: null },
  setDraftShape: () => undefined,
  clearDraft: () => undefined,
  selectedId: null,
  select: () => undefined,
});

const render = (threads: CommentThread[]) =>
  renderToStaticMarkup(
    createElement(
      QueryClientProvider,
      { client: new QueryClient() },
      createElement(
        ReviewWordsProvider,
        { value: englishReviewWords },
        createElement(CommentPanel, { session: session(threads) }),
      ),
    ),
  );

describe("the comment panel", () => {
  it("renders markup in comments and names as text, never as elements", () => {
    const html = render([thread('<script>alert(1)</script><img src=x onerror="alert(2)">')]);
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<img");
    expect(html).not.toContain("<i>Gina");
    expect(html).toContain(
      "&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=&quot;alert(2)&quot;&gt;",
    );
  });

  it("marks guests, shows the moment as a chip and hides resolved threads by default", () => {
    const html = render([
      thread("open one"),
      thread("done", {
        id: "c2",
        author: { kind: "user", name: "Ada" },
        resolvedAt: "2026-11-26T12:01:00.000Z",
      }),
    ]);
    expect(html).toMatch(/data-testid="guest-badge"[^>]*>guest</);
    expect(html).toMatch(/data-testid="comment-moment"[^>]*>0:01.5</);
    expect(html).toContain("open one");
    expect(html).not.toContain("done");
    expect(html).toContain("Show 1 resolved");
  });
});
