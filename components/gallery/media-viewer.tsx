"use client";

import clsx from "clsx";
import { useTranslations } from "next-intl";
import { useCallback, useState, type ReactElement } from "react";
import { useFailureMessage } from "@/components/i18n/use-failure-message";
import { useStatusLabel } from "@/components/i18n/use-status-label";
import { ReviewFrame, type ReviewSession } from "@/components/review";
import { useReducedMotion } from "@/components/ui/use-reduced-motion";
import type { GalleryItemDetail, GalleryMediaDetail } from "@/lib/gallery/types";
import { answerFailure } from "@/lib/failure-fields";

const isVideo = (m: GalleryMediaDetail, kind: string) =>
  m.contentType ? m.contentType.startsWith("video/") : kind === "video";

/** A stored file's role (result, last frame, extra) in the page's language. */
export function useRoleLabel() {
  const t = useTranslations("galleryDetail");
  return useCallback(
    (role: string) =>
      role === "last_frame" ? t("roleLastFrame") : role === "result" ? t("roleResult") : t("roleExtra"),
    [t],
  );
}

/**
 * The large player/viewer, with a strip to switch between the result, the last frame and extras.
 * `review`: the comments' annotator lies over the frame (components/review).
 */
export function MediaViewer({ item, review }: { item: GalleryItemDetail; review?: ReviewSession }) {
  const t = useTranslations("galleryDetail");
  const roleLabel = useRoleLabel();
  const sayFailure = useFailureMessage();
  const [chosenId, setChosenId] = useState<string | null>(null);
  const reducedMotion = useReducedMotion();
  const chosen = item.media.find((m) => m.id === chosenId) ?? item.media[0];
  const framed = (kind: "video" | "image", media: ReactElement) =>
    review && chosen ? (
      <ReviewFrame key={chosen.id} session={review} kind={kind}>
        {media}
      </ReviewFrame>
    ) : (
      media
    );

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="relative flex min-h-0 flex-1 items-center justify-center p-4">
        {!chosen ? (
          <Empty item={item} />
        ) : chosen.status !== "stored" ? (
          <div className="max-w-md text-center text-sm text-zinc-400" data-testid="media-unavailable">
            <p className="text-base font-medium text-zinc-200">
              {chosen.status === "expired" ? t("mediaExpired") : t("fileStatus", { status: chosen.status })}
            </p>
            {chosen.error && <p className="mt-2">{sayFailure(answerFailure(chosen))}</p>}
          </div>
        ) : isVideo(chosen, item.kind) ? (
          framed(
            "video",
            <video
              key={chosen.id}
              data-testid="detail-video"
              src={chosen.url}
              poster={chosen.thumbnailUrl ?? undefined}
              controls
              autoPlay={!reducedMotion}
              muted
              loop
              playsInline
              className="max-h-full max-w-full rounded"
            />,
          )
        ) : (
          framed(
            "image",
            // eslint-disable-next-line @next/next/no-img-element -- the stored original, full size
            <img
              key={chosen.id}
              data-testid="detail-image"
              src={chosen.url}
              alt={item.prompt}
              className="max-h-full max-w-full rounded object-contain"
            />,
          )
        )}
      </div>
      {item.media.length > 1 && (
        <div
          className="flex shrink-0 gap-2 overflow-x-auto border-t border-zinc-800 bg-zinc-950 p-2"
          role="tablist"
          aria-label={t("files")}
        >
          {item.media.map((m) => (
            <button
              key={m.id}
              type="button"
              role="tab"
              aria-selected={m.id === chosen?.id}
              onClick={() => setChosenId(m.id)}
              className={clsx(
                "relative h-16 w-24 shrink-0 overflow-hidden rounded border bg-zinc-900 text-[11px] text-zinc-300",
                m.id === chosen?.id ? "border-sky-400" : "border-zinc-700 hover:border-zinc-500",
              )}
            >
              {m.thumbnailUrl ? (
                // eslint-disable-next-line @next/next/no-img-element -- small stored thumbnail
                <img src={m.thumbnailUrl} alt="" className="size-full object-cover" />
              ) : null}
              <span className="absolute inset-x-0 bottom-0 bg-black/70 px-1 py-0.5">{roleLabel(m.role)}</span>
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

function Empty({ item }: { item: GalleryItemDetail }) {
  const t = useTranslations("galleryDetail");
  const statusLabel = useStatusLabel();
  const sayFailure = useFailureMessage();
  if (item.status === "failed") {
    return (
      <div
        className="max-w-lg rounded-lg border border-red-500/40 bg-red-500/10 p-5 text-sm text-red-100"
        data-testid="detail-failed"
      >
        <p className="font-medium">{t("failed")}</p>
        <p className="mt-2 whitespace-pre-wrap">{sayFailure(answerFailure(item)) || t("noReason")}</p>
      </div>
    );
  }
  const running = item.status === "queued" || item.status === "processing";
  return (
    <p className="text-sm text-zinc-400">
      {running
        ? item.progress !== null
          ? t("runningProgress", { status: statusLabel(item.status), progress: Math.round(item.progress) })
          : t("running", { status: statusLabel(item.status) })
        : t("noFiles")}
    </p>
  );
}
