"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useMemo, useState, type ReactElement } from "react";
import {
  ApprovalControl,
  CommentPanel,
  restReviewApi,
  ReviewFrame,
  useReviewSession,
  type ReviewApi,
} from "@/components/review";
import type { SharePage, SharedItem } from "@/lib/shares/page-data";
import { guestUrls } from "./guest-api";
import { t } from "./messages";
import { ViewerNav } from "./viewer-nav";

type Props = {
  token: string;
  page: SharePage;
  item: SharedItem;
  onClose: () => void;
  onPrev: (() => void) | null;
  onNext: (() => void) | null;
  /** After an approval: the page's progress is read again. */
  onChanged: () => void;
};

/** The review components (comments, annotator, approval) over the guest routes of this link only. */
function guestReviewApi(token: string): ReviewApi {
  const urls = guestUrls(token);
  return restReviewApi(`guest:${token}`, {
    comments: urls.comments,
    comment: urls.comment,
    approval: (_collectionId, taskId) => urls.approval(taskId),
  });
}

/**
 * One shared item full size: the video with native controls (the file route answers ranges, so it
 * seeks) or the image at its size, with the annotator over it; comments and the approval when the
 * link allows comments; downloads only when allowed; the recipe only when the link shows prompts.
 * Loaded lazily by the share page, so the grid's first load carries none of this.
 */
export function ItemViewer(props: Props) {
  const [client] = useState(
    () => new QueryClient({ defaultOptions: { queries: { staleTime: 5_000, refetchOnWindowFocus: false } } }),
  );
  return (
    <QueryClientProvider client={client}>
      <Viewer {...props} />
    </QueryClientProvider>
  );
}

function Viewer({ token, page, item, onClose, onPrev, onNext, onChanged }: Props) {
  const api = useMemo(() => guestReviewApi(token), [token]);
  const collectionId = page.kind === "collection" ? "link" : null;
  const review = useReviewSession({ api, taskId: item.id, collectionId });
  const [guestName, setGuestName] = useState(page.guest.name ?? "");
  const media = item.media[0];
  const kind = item.kind === "video" ? "video" : "image";
  const framed = (element: ReactElement) =>
    media ? (
      <ReviewFrame key={media.id} session={review} kind={kind}>
        {element}
      </ReviewFrame>
    ) : (
      element
    );

  return (
    <section className="space-y-3" data-testid="share-viewer">
      <ViewerNav item={item} onClose={onClose} onPrev={onPrev} onNext={onNext} />
      <div className="flex flex-col gap-4 lg:flex-row">
        <div className="min-w-0 flex-1">
          {/* The annotator lies over the frame inside a positioned box of a fixed height. */}
          <div className="relative h-[65vh] min-h-64 w-full rounded-lg bg-black">
            {!media ? (
              <p className="p-4 text-sm text-zinc-400">{t("noFile")}</p>
            ) : kind === "video" ? (
              framed(
                <video
                  src={media.url}
                  poster={media.thumbnailUrl ?? undefined}
                  controls
                  playsInline
                  preload="metadata"
                  data-testid="share-video"
                  className="max-h-full max-w-full object-contain"
                />,
              )
            ) : (
              framed(
                // eslint-disable-next-line @next/next/no-img-element -- the full-size file, as shared
                <img
                  src={media.url}
                  alt=""
                  data-testid="share-image"
                  className="max-h-full max-w-full object-contain"
                />,
              )
            )}
          </div>
          {item.recipe && (
            <details
              className="mt-3 rounded-lg border border-zinc-800 bg-zinc-900 p-3 text-sm"
              data-testid="share-recipe"
            >
              <summary className="cursor-pointer text-zinc-300">
                {t("recipe", { model: item.recipe.model })}
              </summary>
              <p className="mt-2 whitespace-pre-wrap text-zinc-200" data-user-text>
                {item.recipe.prompt}
              </p>
              {item.recipe.params && (
                <pre className="mt-2 overflow-x-auto text-xs text-zinc-400">
                  {JSON.stringify(item.recipe.params, null, 2)}
                </pre>
              )}
            </details>
          )}
        </div>
        {(page.allowComments || collectionId) && (
          <aside className="w-full shrink-0 space-y-4 lg:w-[26rem]">
            {collectionId && (
              <ApprovalControl api={api} collectionId={collectionId} taskId={item.id} onChange={onChanged} />
            )}
            {page.allowComments && (
              <CommentPanel
                key={item.id}
                session={review}
                guest={{ name: guestName, setName: setGuestName }}
              />
            )}
          </aside>
        )}
      </div>
    </section>
  );
}
