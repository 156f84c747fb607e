"use client";

import clsx from "clsx";
import { useTranslations } from "next-intl";
import { useFormatBytes } from "./use-format-bytes";

/** An image or video as the thread and the composer show it: a real preview, its name and size. */
export function MediaPreview({
  kind,
  url,
  name,
  size,
  note,
  compact = false,
}: {
  kind: "image" | "video";
  url: string;
  name: string;
  size?: number | null;
  note?: string;
  compact?: boolean;
}) {
  const t = useTranslations("chat.message");
  const bytes = useFormatBytes();
  const box = compact ? "h-16 w-16" : "max-h-60 max-w-full";
  return (
    <figure
      className={clsx(
        "overflow-hidden rounded-lg border border-zinc-700 bg-zinc-900",
        compact ? "shrink-0" : "inline-block",
      )}
    >
      {kind === "video" ? (
        <video
          src={url}
          controls={!compact}
          muted={compact}
          preload="metadata"
          className={clsx(box, "bg-black object-contain")}
        />
      ) : (
        <a href={url} target="_blank" rel="noopener noreferrer" title={t("open", { name })}>
          {/* eslint-disable-next-line @next/next/no-img-element -- stored files, any size; no optimizer */}
          <img src={url} alt={name} className={clsx(box, "object-cover")} data-testid="attachment-image" />
        </a>
      )}
      {!compact && (
        <figcaption className="flex gap-2 px-2.5 py-1.5 text-xs text-zinc-400">
          <span className="truncate" translate="no">
            {name}
          </span>
          {size ? <span className="shrink-0">{bytes(size)}</span> : null}
          {note && <span className="shrink-0 text-zinc-400">{note}</span>}
        </figcaption>
      )}
    </figure>
  );
}
