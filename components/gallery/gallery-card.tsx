"use client";

import { Heart, Image as ImageIcon, Play, Star, TriangleAlert } from "lucide-react";
import clsx from "clsx";
import { useTranslations } from "next-intl";
import { memo, useEffect, useRef, useState, type MouseEvent } from "react";
import { useFailureMessage } from "@/components/i18n/use-failure-message";
import { useFormat } from "@/components/i18n/use-format";
import { useReducedMotion } from "@/components/ui/use-reduced-motion";
import type { GalleryItem } from "@/lib/gallery/types";
import { answerFailure } from "@/lib/failure-fields";
import { ItemBadges } from "./item-badges";
import { TakeScoreMark } from "./take-score-mark";
import { useItemSource } from "./item-source";
import { formatClock } from "./format";
import { highlightRuns } from "@/lib/gallery/highlight";

type Props = {
  item: GalleryItem;
  index: number;
  selected: boolean;
  selecting: boolean;
  /** The keyboard's current tile (culling keys act on it). */
  focused: boolean;
  onOpen: (id: string) => void;
  onToggle: (index: number, shiftKey: boolean) => void;
  onFocusIndex: (index: number) => void;
};

const HOVER_DELAY_MS = 180;
/** A tile dragged within a collection carries its item id under this type. */
export const DRAG_TYPE = "application/x-studio-item";

/** One tile: poster, hover preview of videos, status badges, prompt and review marks. */
export const GalleryCard = memo(function GalleryCard({
  item,
  index,
  selected,
  selecting,
  focused,
  onOpen,
  onToggle,
  onFocusIndex,
}: Props) {
  const t = useTranslations("gallery");
  const format = useFormat();
  // Inside a collection: its marks on the tile, and dragging a tile onto another moves it there.
  const { decorate, reorder } = useItemSource();
  const media = item.media.find((m) => m.role === "result") ?? item.media[0];
  const stored = media?.status === "stored";
  const isVideo = media
    ? (media.contentType ?? "").startsWith("video/") || (!media.contentType && item.kind === "video")
    : false;
  const [preview, setPreview] = useState(false);
  // A hover preview is motion the person did not ask for: none with reduced motion.
  const reducedMotion = useReducedMotion();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  // Never the full-size original as a tile (megabytes per image): a placeholder until the
  // thumbnail exists; the grid refetches while posters are being made.
  const poster = stored ? media.thumbnailUrl : null;
  const toggle = (event: MouseEvent) => {
    event.stopPropagation();
    onToggle(index, event.shiftKey);
  };

  return (
    <div
      data-testid="gallery-card"
      data-item-id={item.id}
      data-index={index}
      data-focused={focused || undefined}
      className={clsx(
        "group relative flex h-full flex-col overflow-hidden rounded-lg border bg-zinc-900 transition-colors",
        selected ? "border-sky-400 ring-2 ring-sky-400/40" : "border-zinc-800 hover:border-zinc-600",
        focused && "outline outline-2 outline-offset-2 outline-amber-300",
      )}
      onFocus={() => onFocusIndex(index)}
      draggable={reorder ? true : undefined}
      onDragStart={reorder ? (event) => event.dataTransfer.setData(DRAG_TYPE, item.id) : undefined}
      onDragOver={reorder ? (event) => event.preventDefault() : undefined}
      onDrop={
        reorder
          ? (event) => {
              const moved = event.dataTransfer.getData(DRAG_TYPE);
              event.preventDefault();
              if (moved && moved !== item.id) reorder(moved, { before: item.id });
            }
          : undefined
      }
      onMouseEnter={() => {
        if (isVideo && stored) timer.current = setTimeout(() => setPreview(true), HOVER_DELAY_MS);
      }}
      onMouseLeave={() => {
        clearTimeout(timer.current);
        setPreview(false);
      }}
    >
      <button
        type="button"
        data-tile
        onClick={(event) =>
          selecting || event.shiftKey || event.metaKey || event.ctrlKey ? toggle(event) : onOpen(item.id)
        }
        className="relative block aspect-[4/3] w-full overflow-hidden bg-zinc-950 text-left"
        aria-label={t("open", {
          title: item.prompt ? `“${item.prompt.slice(0, 80)}”` : item.id,
          rating: item.rating ?? 0,
          favorite: item.favorite ? "yes" : "no",
        })}
      >
        {poster ? (
          // eslint-disable-next-line @next/next/no-img-element -- stored thumbnails are already small webp
          <img
            src={poster}
            alt=""
            loading="lazy"
            decoding="async"
            className="size-full object-cover"
            draggable={false}
          />
        ) : (
          <Placeholder item={item} makingPoster={stored} />
        )}
        {preview && !reducedMotion && media && (
          <video
            data-testid="hover-preview"
            src={media.url}
            muted
            autoPlay
            loop
            playsInline
            preload="auto"
            className="absolute inset-0 size-full object-cover"
          />
        )}
        <ItemBadges item={item} className="absolute left-2 top-2" />
        {isVideo && media?.durationSec ? (
          <span className="absolute bottom-2 right-2 rounded bg-black/70 px-1.5 py-0.5 text-[11px] font-medium tabular-nums text-zinc-100">
            {formatClock(media.durationSec)}
          </span>
        ) : null}
      </button>
      <label
        className={clsx(
          "absolute right-2 top-2 flex size-7 cursor-pointer items-center justify-center rounded-md bg-black/60 transition-opacity",
          selecting || selected
            ? "opacity-100"
            : "opacity-0 focus-within:opacity-100 group-hover:opacity-100",
        )}
        onClick={(event) => event.stopPropagation()}
      >
        <input
          type="checkbox"
          data-testid="select-item"
          aria-label={t("select")}
          checked={selected}
          onChange={() => undefined}
          onClick={toggle}
          className="size-4 cursor-pointer accent-sky-500"
        />
      </label>
      <div className="flex min-h-0 flex-1 flex-col gap-1 px-2.5 py-2">
        <p className="line-clamp-2 text-[13px] leading-snug text-zinc-200" title={item.prompt} data-user-text>
          {item.prompt || <span className="italic text-zinc-400">{t("noPrompt")}</span>}
        </p>
        {item.shown && (
          <p className="line-clamp-2 text-[12px] leading-snug text-zinc-400" data-testid="shown-match">
            <span className="text-zinc-400">{t("shownLabel")} </span>
            {highlightRuns(item.shown.caption, item.shown.highlight).map((run, i) =>
              run.match ? (
                <mark key={i} data-user-text className="rounded-sm bg-amber-400/25 px-0.5 text-amber-100">
                  {run.text}
                </mark>
              ) : (
                <span key={i} data-user-text>
                  {run.text}
                </span>
              ),
            )}
          </p>
        )}
        <div className="mt-auto flex items-center gap-2 text-[11px] text-zinc-400">
          <span className="truncate" translate="no">
            {item.model}
          </span>
          <span aria-hidden>·</span>
          <span className="shrink-0">{format.shortDate(item.submittedAt)}</span>
          {decorate?.(item)}
          <TakeScoreMark item={item} />
          <span className="ml-auto flex shrink-0 items-center gap-1.5">
            {item.rating ? (
              <span
                role="img"
                className="flex text-amber-300"
                aria-label={t("rated", { rating: item.rating })}
              >
                {Array.from({ length: item.rating }, (_, i) => (
                  <Star key={i} aria-hidden className="size-3 fill-current" />
                ))}
              </span>
            ) : null}
            {item.favorite && (
              <Heart
                role="img"
                aria-label={t("favorite")}
                data-testid="favorite-mark"
                className="size-3.5 fill-current text-rose-400"
              />
            )}
          </span>
        </div>
      </div>
    </div>
  );
});

function Placeholder({ item, makingPoster }: { item: GalleryItem; makingPoster: boolean }) {
  const t = useTranslations("gallery");
  const sayFailure = useFailureMessage();
  const text = makingPoster
    ? t("makingPreview")
    : item.status === "failed"
      ? t("generationFailed")
      : item.expired
        ? t("resultExpired")
        : item.status === "queued" || item.status === "processing"
          ? t("generating")
          : item.mediaState === "pending"
            ? t("downloading")
            : item.kind === "video"
              ? t("placeholderVideo")
              : t("placeholderImage");
  return (
    <div
      className="flex size-full flex-col items-center justify-center gap-2 bg-gradient-to-br from-zinc-900 to-zinc-950 p-4 text-center"
      data-testid="poster-placeholder"
    >
      <span aria-hidden className="text-zinc-500">
        {item.status === "failed" ? (
          <TriangleAlert className="size-7" />
        ) : item.kind === "video" ? (
          <Play className="size-7" />
        ) : (
          <ImageIcon className="size-7" />
        )}
      </span>
      <span className={clsx("text-xs", item.status === "failed" ? "text-red-300" : "text-zinc-400")}>
        {text}
      </span>
      {item.status === "failed" && item.error && (
        <span className="line-clamp-2 text-[11px] text-zinc-400">{sayFailure(answerFailure(item))}</span>
      )}
    </div>
  );
}
