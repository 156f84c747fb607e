"use client";

import { Crosshair, RectangleHorizontal } from "lucide-react";
import clsx from "clsx";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { formatMoment, MAX_COMMENT_LENGTH } from "@/lib/comments/schema";
import type { CommentView } from "@/lib/comments/types";
import { ErrorLine } from "./error-line";
import { useReviewWords } from "./review-words";
import { useCommentMutations } from "./use-review-mutations";
import type { ReviewSession } from "./use-review-session";

const when = (iso: string, locale: string | undefined) =>
  new Date(iso).toLocaleString(locale, {
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  });

/**
 * One comment: author (guests marked), moment chip (seeks there), text — always as text, React
 * escapes it; never dangerouslySetInnerHTML — and the author's edit and delete.
 */
export function CommentEntry({
  session,
  comment,
  onShow,
}: {
  session: ReviewSession;
  comment: CommentView;
  /** Seek to the comment's moment and show its shape. */
  onShow?: () => void;
}) {
  const { t, locale } = useReviewWords();
  const { edit, remove } = useCommentMutations(session);
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(comment.body);

  return (
    <div className="space-y-1" data-testid="comment" data-comment-id={comment.id}>
      <div className="flex flex-wrap items-center gap-2 text-xs text-zinc-400">
        <span className="font-medium text-zinc-200" data-testid="comment-author" data-user-text>
          {comment.author.name}
        </span>
        {comment.author.kind === "guest" && (
          <span
            className="rounded bg-zinc-700 px-1.5 py-0.5 text-[10px] uppercase tracking-wide text-zinc-200"
            data-testid="guest-badge"
          >
            {t("guest")}
          </span>
        )}
        <time dateTime={comment.createdAt}>{when(comment.createdAt, locale)}</time>
        {comment.editedAt && <span>{t("edited")}</span>}
        {comment.atSeconds !== null && (
          <button
            type="button"
            className="rounded bg-sky-500/15 px-1.5 py-0.5 font-mono text-sky-300 hover:bg-sky-500/30"
            data-testid="comment-moment"
            aria-label={t("showMoment", { moment: formatMoment(comment.atSeconds) })}
            onClick={onShow}
          >
            {formatMoment(comment.atSeconds)}
          </button>
        )}
        {comment.shape && (
          <button
            type="button"
            className="inline-flex items-center gap-1 text-amber-300 hover:underline"
            onClick={onShow}
            data-testid="comment-shape"
          >
            {comment.shape.kind === "rect" ? (
              <RectangleHorizontal aria-hidden className="size-3.5" />
            ) : (
              <Crosshair aria-hidden className="size-3.5" />
            )}
            {comment.shape.kind === "rect" ? t("area") : t("point")}
          </button>
        )}
      </div>
      {editing ? (
        <form
          className="space-y-1.5"
          onSubmit={(event) => {
            event.preventDefault();
            edit.mutate({ id: comment.id, body: text }, { onSuccess: () => setEditing(false) });
          }}
        >
          <textarea
            className={clsx(inputClass, "resize-y")}
            aria-label={t("editComment")}
            data-testid="comment-edit-input"
            maxLength={MAX_COMMENT_LENGTH}
            rows={3}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
          <ErrorLine error={edit.error} />
          <div className="flex gap-2">
            <Button
              type="submit"
              size="sm"
              variant="primary"
              disabled={!text.trim() || edit.isPending}
              data-testid="comment-save"
            >
              {t("save")}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setEditing(false)}>
              {t("cancel")}
            </Button>
          </div>
        </form>
      ) : (
        <p
          className="whitespace-pre-wrap break-words text-sm text-zinc-100"
          data-testid="comment-body"
          data-user-text
        >
          {comment.body}
        </p>
      )}
      {comment.mine && !editing && (
        <div className="flex gap-1">
          {session.canComment && (
            <Button
              size="sm"
              variant="ghost"
              onClick={() => {
                setText(comment.body);
                setEditing(true);
              }}
              data-testid="comment-edit"
            >
              {t("edit")}
            </Button>
          )}
          <Button
            size="sm"
            variant="ghost"
            disabled={remove.isPending}
            data-testid="comment-delete"
            onClick={() => {
              const question = comment.parentId === null ? t("confirmDeleteThread") : t("confirmDelete");
              if (window.confirm(question)) remove.mutate(comment.id);
            }}
          >
            {t("delete")}
          </Button>
        </div>
      )}
      <ErrorLine error={remove.error} />
    </div>
  );
}
