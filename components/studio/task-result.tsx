/* eslint-disable @next/next/no-img-element -- stored media are served by our own Range-capable route */
"use client";

import { useTranslations } from "next-intl";
import { useFailureMessage } from "@/components/i18n/use-failure-message";
import { Alert } from "@/components/ui/alert";
import { Spinner } from "@/components/ui/spinner";
import { answerFailure } from "@/lib/failure-fields";
import { RetryDownloadButton } from "./retry-download-button";
import { mediaKind, taskMedia } from "./task-format";
import type { PresentedMedia, PresentedTask } from "./task-types";

/** The stored result of a completed task: player / image, last frame, or why there is none. */
export function TaskResult({ task }: { task: PresentedTask }) {
  const { results, lastFrame } = taskMedia(task);
  const mediaState = task.studio?.mediaState;
  const t = useTranslations("result");
  const sayFailure = useFailureMessage();

  if (results.length === 0) {
    if (mediaState === "expired") {
      return (
        <Alert tone="warning" title={t("expired")} testId="media-expired">
          {lastFrame?.error && (
            <span data-testid="media-expired-reason">{sayFailure(answerFailure(lastFrame))}</span>
          )}
        </Alert>
      );
    }
    if (mediaState === "none" && !task.studio.awaitingResultUrls) {
      return (
        <Alert tone="warning" title={t("missingTitle")} testId="media-missing">
          {t("missingText")}
        </Alert>
      );
    }
    return (
      <div className="flex items-center gap-2 rounded-lg border border-zinc-800 px-3 py-4 text-sm text-zinc-400">
        {mediaState === "none" ? (
          <>
            <Spinner label={t("waitingLabel")} /> {t("waiting")}
          </>
        ) : (
          <>
            <Spinner label={t("storingLabel")} /> {t("storing")}
          </>
        )}
      </div>
    );
  }

  return (
    <div className="space-y-3" data-testid="task-result">
      {results.map((media, index) => (
        <ResultMedia key={media.id ?? index} media={media} kind={mediaKind(media, task)} taskId={task.id} />
      ))}
      {lastFrame?.status === "stored" && lastFrame.url && (
        <figure className="space-y-1">
          <img
            src={lastFrame.url}
            alt={t("lastFrameAlt")}
            data-testid="task-last-frame"
            className="max-h-40 rounded-lg border border-zinc-800"
          />
          <figcaption className="text-xs text-zinc-400">{t("lastFrame")}</figcaption>
        </figure>
      )}
    </div>
  );
}

function ResultMedia({
  media,
  kind,
  taskId,
}: {
  media: PresentedMedia;
  kind: "video" | "image";
  taskId: string;
}) {
  const t = useTranslations("result");
  const sayFailure = useFailureMessage();
  const retry = media.retryable && <RetryDownloadButton taskId={taskId} mediaId={media.id} />;
  if (media.status === "expired") {
    // The specific reason (when the URL expired, which HTTP answer) helps tell a short URL lifetime
    // from a slow or broken download.
    return (
      <Alert tone="warning" title={t("expired")} testId="media-expired">
        {media.error && <span data-testid="media-expired-reason">{sayFailure(answerFailure(media))}</span>}
        {retry && <div className="mt-2">{retry}</div>}
      </Alert>
    );
  }
  if (media.status === "failed") {
    return (
      <Alert tone="danger" title={t("failedTitle")} testId="media-failed">
        <span className="whitespace-pre-line">{sayFailure(answerFailure(media)) || t("downloadFailed")}</span>
        {retry && <div className="mt-2">{retry}</div>}
      </Alert>
    );
  }
  if (media.status !== "stored" || !media.url) {
    return (
      <div
        data-testid="media-pending"
        className="flex aspect-video items-center justify-center gap-2 rounded-lg border border-zinc-800 bg-zinc-950 text-sm text-zinc-400"
      >
        <Spinner label={t("storingLabel")} /> {t("storing")}
      </div>
    );
  }
  return kind === "video" ? (
    <video
      src={media.url}
      controls
      playsInline
      preload="metadata"
      data-testid="task-video"
      className="max-h-[60vh] w-full rounded-lg border border-zinc-800 bg-black"
    />
  ) : (
    <a href={media.url} target="_blank" rel="noreferrer" className="block">
      <img
        src={media.url}
        alt={t("imageAlt")}
        data-testid="task-image"
        className="max-h-[60vh] w-full rounded-lg border border-zinc-800 bg-black object-contain"
      />
    </a>
  );
}
