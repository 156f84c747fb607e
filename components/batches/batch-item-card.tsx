"use client";

import { Heart } from "lucide-react";
import clsx from "clsx";
import Link from "next/link";
import { useTranslations } from "next-intl";
import type { BatchItemView } from "@/lib/batches/types";
import { StarRating } from "@/components/gallery/star-rating";
import { useFailureMessage } from "@/components/i18n/use-failure-message";
import { useStatusLabel } from "@/components/i18n/use-status-label";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ProgressBar } from "@/components/ui/progress-bar";
import { itemFailure, itemStatus, storedResult } from "./item-status";

/** One batch item: its result (video or image), where it stands, and what can be done with it. */
export function BatchItemCard({
  batchId,
  item,
  selected,
  onSelect,
  onReview,
  onRetry,
  best = false,
}: {
  batchId: string;
  item: BatchItemView;
  /** The best-scored take of its model (issue 25): marked. */
  best?: boolean;
  selected: boolean;
  onSelect: (on: boolean) => void;
  onReview: (patch: { favorite?: boolean; rating?: number | null }) => void;
  onRetry: () => void;
}) {
  const t = useTranslations("batches");
  const statusLabel = useStatusLabel();
  const failureMessage = useFailureMessage();
  const status = itemStatus(item);
  const label = status.phase ? t(`item.${status.phase}`) : statusLabel(status.status ?? "");
  const name = t("variationName", { model: item.model, variation: item.variation });
  const task = item.task;
  const media = storedResult(item);
  const isVideo = media ? (media.contentType ?? "").startsWith("video/") : task?.kind === "video";
  const running = task && (task.status === "queued" || task.status === "processing");
  const seed = item.body.seed;
  const failure = itemFailure(item);
  const message = failure ? failureMessage(failure) : task?.status === "failed" ? task.error : null;

  return (
    <article
      data-testid="batch-item"
      data-index={item.index}
      data-model={item.model}
      data-state={item.state}
      data-task-status={task?.status ?? ""}
      data-best={best || undefined}
      aria-label={name}
      className={clsx(
        "flex flex-col overflow-hidden rounded-lg border bg-zinc-900",
        selected
          ? "border-sky-400 ring-2 ring-sky-400/40"
          : best
            ? "border-amber-400/70 ring-2 ring-amber-400/30"
            : "border-zinc-800",
      )}
    >
      <div className="relative flex aspect-video items-center justify-center overflow-hidden bg-black">
        {media && isVideo ? (
          <video
            data-testid="batch-result"
            data-media-url={media.url}
            src={media.url}
            poster={media.thumbnailUrl ?? undefined}
            controls
            muted
            playsInline
            preload="metadata"
            className="size-full object-contain"
          />
        ) : media ? (
          <a
            href={media.url}
            target="_blank"
            rel="noreferrer"
            className="absolute inset-0 flex items-center justify-center"
          >
            {/* eslint-disable-next-line @next/next/no-img-element -- a stored result or its thumbnail */}
            <img
              data-testid="batch-result"
              data-media-url={media.url}
              src={media.thumbnailUrl ?? media.url}
              alt={name}
              className="max-h-full max-w-full object-contain"
            />
          </a>
        ) : (
          <span className="p-3 text-center text-xs text-zinc-400">
            {running ? t("generating") : status.phase === "storing" ? t("storingResult") : label}
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-3">
        <div className="flex items-center gap-2 text-sm">
          <span className="font-medium text-zinc-200">#{item.variation}</span>
          {typeof seed === "number" && <span className="text-xs text-zinc-400">{t("seed", { seed })}</span>}
          <Badge tone={status.tone} className="ml-auto">
            <span data-testid="batch-item-status">{label}</span>
          </Badge>
        </div>
        {running && <ProgressBar value={task.progress ?? undefined} label={t("progressOf", { name })} />}
        {task?.take && (
          <p className="text-xs text-zinc-300" data-testid="take-score" title={task.take.reason}>
            <span className="font-semibold text-amber-300">{t("score", { score: task.take.score })}</span>
            {best && <span className="ml-1 text-amber-200">{t("bestTake")}</span>} · {task.take.reason}
          </p>
        )}
        {message && (
          <p data-testid="batch-item-error" className="line-clamp-4 text-xs text-red-300" title={message}>
            {message}
          </p>
        )}
        {item.earlierTaskIds.length > 0 && (
          <p className="text-xs text-zinc-400">
            {t("earlierAttempts", { count: item.earlierTaskIds.length })}
          </p>
        )}
        <div className="mt-auto flex flex-wrap items-center gap-2 pt-1">
          {task && (
            <>
              <label className="flex items-center gap-1.5 text-xs text-zinc-400">
                <input
                  type="checkbox"
                  checked={selected}
                  onChange={(event) => onSelect(event.target.checked)}
                  aria-label={t("selectToCompare", { name })}
                  className="accent-sky-500"
                />
                {t("compare")}
              </label>
              <button
                type="button"
                aria-pressed={task.favorite}
                aria-label={task.favorite ? t("unfavorite") : t("favorite")}
                data-testid="batch-favorite"
                onClick={() => onReview({ favorite: !task.favorite })}
                className={clsx(
                  "inline-flex items-center justify-center",
                  task.favorite ? "text-rose-400" : "text-zinc-500 hover:text-zinc-400",
                )}
              >
                <Heart aria-hidden className={clsx("size-5", task.favorite && "fill-current")} />
              </button>
              <StarRating value={task.rating} onChange={(rating) => onReview({ rating })} />
            </>
          )}
          {item.retry && (
            <Button
              size="sm"
              variant={item.retry === "send_again" ? "danger" : "secondary"}
              onClick={onRetry}
              data-testid="batch-retry"
            >
              {item.retry === "send_again" ? t("sendAgain") : t("retry")}
            </Button>
          )}
          {task && (
            <Link
              href={`/gallery?batch=${encodeURIComponent(batchId)}&item=${encodeURIComponent(task.id)}`}
              className="ml-auto text-xs text-sky-300 hover:underline"
            >
              {t("openInGallery")}
            </Link>
          )}
        </div>
      </div>
    </article>
  );
}
