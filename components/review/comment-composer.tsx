"use client";

import { X } from "lucide-react";
import clsx from "clsx";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { formatMoment, MAX_COMMENT_LENGTH, MAX_GUEST_NAME_LENGTH } from "@/lib/comments/schema";
import type { ReviewSession } from "./use-review-session";
import { useCommentMutations } from "./use-review-mutations";
import { ErrorLine } from "./error-line";
import { useReviewWords } from "./review-words";

/**
 * Writes a thread (with the video's moment and the drawn shape, if any) or a reply (`parentId`).
 * `guest`: the share page's name field — guests give a name, no account.
 */
export function CommentComposer({
  session,
  parentId,
  guest,
  onDone,
}: {
  session: ReviewSession;
  parentId?: string;
  guest?: { name: string; setName: (name: string) => void };
  onDone?: () => void;
}) {
  const { t } = useReviewWords();
  const { add } = useCommentMutations(session);
  const [body, setBody] = useState("");
  const [pinMoment, setPinMoment] = useState(true);
  const isVideo = session.hasVideo;
  const moment = session.draft.atSeconds ?? session.currentTime;
  const shape = parentId ? null : session.draft.shape;
  const reply = Boolean(parentId);

  const submit = () => {
    const atSeconds =
      !reply && isVideo && (pinMoment || shape) ? Math.round(moment * 1000) / 1000 : undefined;
    add.mutate(
      {
        body,
        ...(parentId ? { parentId } : {}),
        ...(atSeconds !== undefined ? { atSeconds } : {}),
        ...(shape ? { shape } : {}),
        ...(session.collectionId && !reply ? { collectionId: session.collectionId } : {}),
        ...(guest ? { guestName: guest.name } : {}),
      },
      {
        onSuccess: () => {
          setBody("");
          if (!reply) session.clearDraft();
          onDone?.();
        },
      },
    );
  };

  return (
    <form
      className="space-y-2"
      data-testid={reply ? "reply-composer" : "comment-composer"}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {guest && !reply && (
        <input
          className={inputClass}
          data-testid="guest-name"
          aria-label={t("yourName")}
          placeholder={t("yourNamePlaceholder")}
          maxLength={MAX_GUEST_NAME_LENGTH}
          value={guest.name}
          onChange={(event) => guest.setName(event.target.value)}
        />
      )}
      <textarea
        className={clsx(inputClass, "resize-y")}
        data-testid={reply ? "reply-input" : "comment-input"}
        aria-label={reply ? t("reply") : t("comment")}
        rows={reply ? 2 : 3}
        maxLength={MAX_COMMENT_LENGTH}
        placeholder={
          reply ? t("replyPlaceholder") : isVideo ? t("videoPlaceholder") : t("commentPlaceholder")
        }
        value={body}
        onChange={(event) => setBody(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Enter" && (event.metaKey || event.ctrlKey) && body.trim()) submit();
        }}
      />
      {!reply && (isVideo || shape) && (
        <div className="flex flex-wrap items-center gap-2 text-xs text-zinc-400">
          {isVideo && (
            <label className="flex items-center gap-1.5">
              <input
                type="checkbox"
                checked={pinMoment || Boolean(shape)}
                disabled={Boolean(shape)}
                onChange={(e) => setPinMoment(e.target.checked)}
              />
              {t("at")}{" "}
              <span className="font-mono text-sky-300" data-testid="composer-moment">
                {formatMoment(moment)}
              </span>
            </label>
          )}
          {shape && (
            <span
              className="flex items-center gap-1 rounded bg-amber-400/15 px-1.5 py-0.5 text-amber-200"
              data-testid="composer-shape"
            >
              {shape.kind === "rect" ? t("areaMarked") : t("pointMarked")}
              <button
                type="button"
                aria-label={t("removeMark")}
                className="inline-flex items-center px-1 hover:text-white"
                onClick={session.clearDraft}
              >
                <X aria-hidden className="size-3.5" />
              </button>
            </span>
          )}
        </div>
      )}
      <ErrorLine error={add.error} />
      <div className="flex gap-2">
        <Button
          type="submit"
          size="sm"
          variant="primary"
          disabled={!body.trim() || add.isPending}
          data-testid={reply ? "reply-submit" : "comment-submit"}
        >
          {add.isPending ? t("sending") : reply ? t("reply") : t("comment")}
        </Button>
        {onDone && (
          <Button size="sm" variant="ghost" onClick={onDone}>
            {t("cancel")}
          </Button>
        )}
      </div>
    </form>
  );
}
