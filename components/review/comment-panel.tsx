"use client";

import clsx from "clsx";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import type { CommentThread } from "@/lib/comments/types";
import { CommentComposer } from "./comment-composer";
import { CommentEntry } from "./comment-entry";
import { ErrorLine } from "./error-line";
import { useReviewWords } from "./review-words";
import { useCommentMutations } from "./use-review-mutations";
import type { ReviewSession } from "./use-review-session";

/**
 * The comments of one item: threads with replies, resolve/reopen, and the composer that takes the
 * annotator's moment and shape. Works for the studio and the share page alike (the session's api).
 */
export function CommentPanel({
  session,
  guest,
}: {
  session: ReviewSession;
  /** On the share page: the guest's name, asked before their first comment. */
  guest?: { name: string; setName: (name: string) => void };
}) {
  const { t } = useReviewWords();
  const [showResolved, setShowResolved] = useState(false);
  const open = session.threads.filter((t) => !t.resolvedAt);
  const resolved = session.threads.length - open.length;
  const shown = showResolved ? session.threads : open;

  return (
    <section
      aria-label={t("comments")}
      className="space-y-4 rounded-lg border border-zinc-800 bg-zinc-900/60 p-4"
      data-testid="comment-panel"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-xs font-semibold uppercase tracking-wide text-zinc-400">
          {t("comments")} {open.length > 0 && <span data-testid="comment-count">({open.length})</span>}
        </h2>
        {resolved > 0 && (
          <button
            type="button"
            className="text-xs text-zinc-400 hover:text-zinc-200"
            onClick={() => setShowResolved(!showResolved)}
            data-testid="toggle-resolved"
          >
            {showResolved ? t("hideResolved") : t("showResolved", { count: resolved })}
          </button>
        )}
      </div>
      {session.canComment && <CommentComposer session={session} guest={guest} />}
      {session.loading ? (
        <Spinner label={t("loading")} />
      ) : session.error ? (
        <ErrorLine error={session.error} />
      ) : shown.length === 0 ? (
        <p className="text-sm text-zinc-400">{session.threads.length ? t("allResolved") : t("none")}</p>
      ) : (
        <ol className="space-y-3">
          {shown.map((thread) => (
            <ThreadView key={thread.id} session={session} thread={thread} />
          ))}
        </ol>
      )}
    </section>
  );
}

function ThreadView({ session, thread }: { session: ReviewSession; thread: CommentThread }) {
  const { t } = useReviewWords();
  const { resolve } = useCommentMutations(session);
  const [replying, setReplying] = useState(false);
  const selected = session.selectedId === thread.id;
  const show = () => session.select(selected && thread.atSeconds === null ? null : thread);

  return (
    <li
      className={clsx(
        "space-y-2 rounded-md border p-3",
        selected ? "border-sky-500/70 bg-sky-500/5" : "border-zinc-800",
        thread.resolvedAt && "opacity-70",
      )}
      data-testid="comment-thread"
      data-thread-id={thread.id}
      data-selected={selected ? "true" : "false"}
    >
      <CommentEntry session={session} comment={thread} onShow={show} />
      {thread.replies.length > 0 && (
        <ol className="space-y-2 border-l border-zinc-800 pl-3">
          {thread.replies.map((reply) => (
            <li key={reply.id}>
              <CommentEntry session={session} comment={reply} />
            </li>
          ))}
        </ol>
      )}
      {thread.resolvedAt && (
        <p className="text-xs text-emerald-300" data-testid="thread-resolved">
          {thread.resolvedBy ? t("resolvedBy", { name: thread.resolvedBy }) : t("resolved")}
        </p>
      )}
      {replying ? (
        <CommentComposer session={session} parentId={thread.id} onDone={() => setReplying(false)} />
      ) : (
        <div className="flex gap-1">
          {session.canComment && (
            <Button size="sm" variant="ghost" onClick={() => setReplying(true)} data-testid="comment-reply">
              {t("reply")}
            </Button>
          )}
          {thread.canResolve && (
            <Button
              size="sm"
              variant="ghost"
              disabled={resolve.isPending}
              data-testid={thread.resolvedAt ? "comment-reopen" : "comment-resolve"}
              onClick={() => resolve.mutate({ id: thread.id, resolved: !thread.resolvedAt })}
            >
              {thread.resolvedAt ? t("reopen") : t("resolve")}
            </Button>
          )}
        </div>
      )}
      <ErrorLine error={resolve.error} />
    </li>
  );
}
