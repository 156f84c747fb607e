"use client";

import { Heart } from "lucide-react";
import clsx from "clsx";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useRef, useState } from "react";
import { useErrorMessage } from "@/components/i18n/use-error-message";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { MAX_NOTES_LENGTH } from "@/lib/gallery/limits";
import type { GalleryItemDetail } from "@/lib/gallery/types";
import { patchReview } from "./api";
import { StarRating } from "./star-rating";
import { TagEditor } from "./tag-editor";
import { useReviewMutation } from "./use-gallery-queries";

/**
 * Favorite, rating, tags and notes of one item, each saved as soon as it changes. Notes are saved on
 * Save, Ctrl+Enter, when the field loses focus, when the panel goes away (← →, Esc, Close: the
 * panel is keyed by item) and when the page unloads, so typed notes are never dropped silently.
 */
export function ReviewPanel({ item }: { item: GalleryItemDetail }) {
  const t = useTranslations("galleryDetail");
  const errorMessage = useErrorMessage();
  const review = useReviewMutation();
  const [notes, setNotes] = useState(item.notes);
  const [savedNotes, setSavedNotes] = useState(item.notes);
  const dirty = notes !== savedNotes;
  // What is typed and what was last sent, readable from blur, unmount and unload alike.
  const latest = useRef<{ notes: string; sent: string | null }>({ notes: item.notes, sent: item.notes });
  const mutate = useRef(review.mutate);
  useEffect(() => {
    mutate.current = review.mutate;
  }, [review.mutate]);

  const saveNotes = useCallback(() => {
    const value = latest.current.notes;
    if (value === latest.current.sent) return;
    latest.current.sent = value;
    // The mutation's own onSuccess updates the caches, even once this panel has unmounted.
    mutate.current(
      { id: item.id, patch: { notes: value } },
      {
        onSuccess: (state) => setSavedNotes(state.notes),
        onError: () => {
          if (latest.current.sent === value) latest.current.sent = null;
        },
      },
    );
  }, [item.id]);
  useEffect(() => () => saveNotes(), [saveNotes]);
  useEffect(() => {
    const onPageHide = () => {
      const value = latest.current.notes;
      if (value === latest.current.sent) return;
      latest.current.sent = value;
      patchReview(item.id, { notes: value }, { keepalive: true }).catch(() => undefined);
    };
    window.addEventListener("pagehide", onPageHide);
    return () => window.removeEventListener("pagehide", onPageHide);
  }, [item.id]);

  return (
    <section
      aria-label={t("review")}
      className="space-y-4 rounded-lg border border-zinc-800 bg-zinc-900/60 p-4"
    >
      <div className="flex items-center gap-4">
        <button
          type="button"
          data-testid="favorite-toggle"
          aria-pressed={item.favorite}
          onClick={() => review.mutate({ id: item.id, patch: { favorite: !item.favorite } })}
          className={clsx(
            "flex h-11 items-center gap-1.5 rounded-md border px-3 text-sm font-medium transition-colors sm:h-9",
            item.favorite
              ? "border-rose-400/60 bg-rose-500/15 text-rose-200"
              : "border-zinc-700 text-zinc-300 hover:bg-zinc-800",
          )}
        >
          <Heart aria-hidden className={clsx("size-4", item.favorite && "fill-current")} />
          {item.favorite ? t("favorite") : t("addFavorite")}
        </button>
        <StarRating
          value={item.rating}
          onChange={(rating) => review.mutate({ id: item.id, patch: { rating } })}
        />
      </div>
      <TagEditor tags={item.tags} onChange={(tags) => review.mutate({ id: item.id, patch: { tags } })} />
      <div className="space-y-1.5">
        <label htmlFor="review-notes" className="text-xs font-semibold uppercase tracking-wide text-zinc-400">
          {t("notes")}
        </label>
        <textarea
          id="review-notes"
          data-testid="review-notes"
          value={notes}
          maxLength={MAX_NOTES_LENGTH}
          onChange={(event) => {
            latest.current.notes = event.target.value;
            setNotes(event.target.value);
          }}
          onBlur={saveNotes}
          onKeyDown={(event) => {
            if (event.key === "Enter" && (event.metaKey || event.ctrlKey) && dirty) saveNotes();
          }}
          rows={3}
          placeholder={t("notesPlaceholder")}
          className={clsx(inputClass, "resize-y")}
        />
        <div className="flex items-center gap-2">
          <Button
            size="sm"
            variant="primary"
            onClick={saveNotes}
            disabled={!dirty || review.isPending}
            data-testid="save-notes"
          >
            {t("saveNotes")}
          </Button>
          <span className="text-xs text-zinc-400" aria-live="polite" data-testid="notes-state">
            {review.isPending && dirty ? t("saving") : dirty ? t("unsaved") : savedNotes ? t("saved") : ""}
          </span>
        </div>
      </div>
      {review.error && (
        <p role="alert" className="text-sm text-red-300">
          {t("notSaved", { message: errorMessage(review.error) })}
        </p>
      )}
    </section>
  );
}
