"use client";

import { Pause, Play, RotateCcw, X } from "lucide-react";
import { useQueries } from "@tanstack/react-query";
import clsx from "clsx";
import { useTranslations } from "next-intl";
import { useEffect, useRef } from "react";
import { useErrorMessage } from "@/components/i18n/use-error-message";
import { useFailureMessage } from "@/components/i18n/use-failure-message";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { compareParams } from "@/lib/gallery/compare";
import type { GalleryItemDetail } from "@/lib/gallery/types";
import { answerFailure } from "@/lib/failure-fields";
import { fetchGalleryItem } from "./api";
import { formatParam } from "./format";
import { sourceKey, useItemSource } from "./item-source";
import { useModal } from "./use-modal";
import { useSyncedVideos } from "./use-synced-videos";

/** 2–4 items side by side: media with synchronized playback, then their parameters, differences lit. */
export function CompareView({
  ids,
  onClose,
  onCollect,
}: {
  ids: string[];
  onClose: () => void;
  /** "Add to collection" for the compared items. */
  onCollect?: (ids: string[]) => void;
}) {
  const t = useTranslations("compare");
  const errorMessage = useErrorMessage();
  const source = useItemSource();
  const results = useQueries({
    queries: ids.map((id) => ({
      queryKey: ["gallery", "item", id, "compare", sourceKey(source)],
      queryFn: () => fetchGalleryItem(id, {}, { collectionId: source.collectionId }),
    })),
  });
  const items = results.map((r) => r.data);
  const ready = items.every(Boolean);
  const sync = useSyncedVideos(ids.length);
  const dialog = useRef<HTMLDivElement>(null);

  useModal(dialog);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && onClose();
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [onClose]);

  const rows = ready
    ? [
        ...compareParams(items.map((i) => ({ ...(i!.request ?? {}), model: i!.model }))),
        ...(["amount", "actualDuration"] as const).map((key) => {
          const values = items.map((i) => (i![key] === null ? null : String(i![key])));
          return { key, values, differs: new Set(values).size > 1 };
        }),
      ]
    : [];
  const errors = results.filter((r) => r.error).map((r) => errorMessage(r.error));

  return (
    <div
      ref={dialog}
      role="dialog"
      aria-modal="true"
      aria-label={t("label")}
      tabIndex={-1}
      data-testid="compare-view"
      className="fixed inset-0 z-40 flex flex-col bg-zinc-950 outline-none"
    >
      <header className="flex h-14 shrink-0 items-center gap-3 border-b border-zinc-800 px-4">
        <Button variant="ghost" size="sm" onClick={onClose} data-testid="compare-close">
          <X aria-hidden className="size-4" /> {t("close")}
        </Button>
        <h2 className="text-sm font-semibold">{t("title", { count: ids.length })}</h2>
        {onCollect && (
          <Button size="sm" variant="ghost" onClick={() => onCollect(ids)} data-testid="compare-collect">
            {t("collect")}
          </Button>
        )}
        <div className="ml-auto flex items-center gap-2">
          <Button size="sm" onClick={sync.toggle} data-testid="compare-play">
            {sync.playing ? (
              <>
                <Pause aria-hidden className="size-3.5" /> {t("pauseAll")}
              </>
            ) : (
              <>
                <Play aria-hidden className="size-3.5" /> {t("playAll")}
              </>
            )}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => sync.seek(0)}>
            <RotateCcw aria-hidden className="size-3.5" /> {t("restart")}
          </Button>
          <input
            type="range"
            min={0}
            max={sync.duration || 0}
            step={0.01}
            value={sync.time}
            onChange={(event) => sync.seek(Number(event.target.value))}
            aria-label={t("position")}
            className="w-48 accent-sky-500"
            data-testid="compare-scrubber"
          />
          <span className="w-20 text-right text-xs tabular-nums text-zinc-400">
            {t("time", { time: sync.time.toFixed(1), duration: sync.duration.toFixed(1) })}
          </span>
        </div>
      </header>
      {errors.length > 0 && <p className="p-4 text-sm text-red-300">{errors.join(" · ")}</p>}
      {!ready ? (
        <div className="flex flex-1 items-center justify-center">
          <Spinner label={t("loading")} />
        </div>
      ) : (
        <div className="min-h-0 flex-1 overflow-auto p-4">
          <div
            className="grid gap-4"
            style={{ gridTemplateColumns: `10rem repeat(${ids.length}, minmax(0, 1fr))` }}
          >
            <div />
            {items.map((item, i) => (
              <CompareMedia key={item!.id} item={item!} videoRef={sync.register(i)} />
            ))}
            {rows.map((row) => (
              <div key={row.key} className="contents" data-testid="compare-row" data-differs={row.differs}>
                <div
                  className={clsx(
                    "py-1.5 font-mono text-xs",
                    row.differs ? "text-amber-300" : "text-zinc-400",
                  )}
                  translate="no"
                >
                  {row.key}
                </div>
                {row.values.map((value, i) => (
                  <div
                    key={i}
                    className={clsx(
                      "break-words rounded px-2 py-1.5 text-sm",
                      row.differs
                        ? "bg-amber-500/10 text-amber-100 ring-1 ring-amber-500/30"
                        : "text-zinc-300",
                    )}
                  >
                    {value === null ? (
                      <span className="text-zinc-400">{t("notSet")}</span>
                    ) : (
                      <span translate="no">{formatParam(value)}</span>
                    )}
                  </div>
                ))}
              </div>
            ))}
          </div>
        </div>
      )}
    </div>
  );
}

function CompareMedia({
  item,
  videoRef,
}: {
  item: GalleryItemDetail;
  videoRef: (el: HTMLVideoElement | null) => void;
}) {
  const t = useTranslations("compare");
  const sayFailure = useFailureMessage();
  const media = item.media.find((m) => m.role === "result" && m.status === "stored");
  const video = media && (media.contentType?.startsWith("video/") ?? item.kind === "video");
  return (
    <div className="flex aspect-video items-center justify-center overflow-hidden rounded-lg bg-black">
      {!media ? (
        <span className="p-3 text-center text-sm text-zinc-400">
          {item.status === "failed" ? t("failed", { error: sayFailure(answerFailure(item)) }) : t("noStored")}
        </span>
      ) : video ? (
        <video
          ref={videoRef}
          src={media.url}
          muted
          playsInline
          preload="auto"
          className="max-h-full max-w-full"
          data-testid="compare-video"
        />
      ) : (
        // eslint-disable-next-line @next/next/no-img-element -- the stored original
        <img src={media.url} alt={item.prompt} className="max-h-full max-w-full object-contain" />
      )}
    </div>
  );
}
