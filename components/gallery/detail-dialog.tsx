"use client";

import { ChevronLeft, ChevronRight, X } from "lucide-react";
import { useTranslations } from "next-intl";
import { useRef } from "react";
import { useErrorMessage } from "@/components/i18n/use-error-message";
import { ApprovalControl, CommentPanel, studioReviewApi, useReviewSession } from "@/components/review";
import { StudioReviewWords } from "@/components/review/studio-review-words";
import { Alert } from "@/components/ui/alert";
import { ShareLinksButton } from "@/components/shares/share-links-button";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import type { GalleryFilters } from "@/lib/gallery/filters";
import type { GalleryItemDetail } from "@/lib/gallery/types";
import { DetailInfo } from "./detail-info";
import { ItemBadges } from "./item-badges";
import { useItemSource } from "./item-source";
import { MediaViewer } from "./media-viewer";
import { ReuseActions } from "./reuse-actions";
import { ReviewPanel } from "./review-panel";
import { ShownPanel } from "./shown-panel";
import { useGalleryItemQuery } from "./use-gallery-queries";
import { useModal } from "./use-modal";
import { useSwipe } from "./use-swipe";

/**
 * The detail view of one item, over the grid (its id is in the URL: `?item=`). Its keys (← → to the
 * previous/next item under the current filters, Esc closes, rating…) are the gallery's culling keys
 * (`use-culling.ts`); `announcement` is what they last did, for screen readers.
 */
export function DetailDialog({
  id,
  commentId = null,
  collectionId = null,
  filters,
  announcement,
  onNavigate,
  onClose,
  onDelete,
  onCollect,
}: {
  id: string;
  /** A comment to open on (`?comment=`): the video seeks to its moment and shows its shape. */
  commentId?: string | null;
  /** Opened inside a collection: its approval control, and new threads are written in it. */
  collectionId?: string | null;
  filters: GalleryFilters;
  announcement: string;
  onNavigate: (id: string) => void;
  onClose: () => void;
  onDelete: (item: GalleryItemDetail) => void;
  /** "Add to collection" for this item (also the A key). */
  onCollect?: (id: string) => void;
}) {
  const t = useTranslations("galleryDetail");
  const errorMessage = useErrorMessage();
  const container = useRef<HTMLDivElement>(null);
  useModal(container, { restoreFocus: false });
  const query = useGalleryItemQuery(id, filters);
  const item = query.data?.id === id ? query.data : undefined;
  const prevId = item?.prevId ?? null;
  const nextId = item?.nextId ?? null;
  const source = useItemSource();
  // On a touch screen: swipe the media left for the next item, right for the previous one.
  const swipe = useSwipe({
    onLeft: () => nextId && onNavigate(nextId),
    onRight: () => prevId && onNavigate(prevId),
  });
  // Opened inside a collection (its page's item source, or the prop): new threads are written there.
  const reviewCollectionId = collectionId ?? source.collectionId ?? null;
  const review = useReviewSession({
    api: studioReviewApi,
    taskId: id,
    collectionId: reviewCollectionId,
    focusCommentId: commentId,
  });

  return (
    <StudioReviewWords>
      <div
        ref={container}
        role="dialog"
        aria-modal="true"
        aria-label={t("label")}
        tabIndex={-1}
        data-testid="detail-dialog"
        className="fixed inset-0 z-40 flex flex-col bg-zinc-950/95 outline-none backdrop-blur-sm"
      >
        <header className="flex min-h-14 shrink-0 flex-wrap items-center gap-x-3 gap-y-1 border-b border-zinc-800 px-2 py-1 sm:px-4">
          <Button
            variant="ghost"
            size="sm"
            onClick={onClose}
            aria-label={t("closeLabel")}
            data-testid="detail-close"
          >
            <X aria-hidden className="size-4" />
            <span className="hidden sm:inline">{t("close")}</span>
          </Button>
          <div className="flex items-center gap-1">
            <Button
              size="sm"
              variant="ghost"
              disabled={!prevId}
              onClick={() => prevId && onNavigate(prevId)}
              aria-label={t("prevLabel")}
              data-testid="detail-prev"
            >
              <ChevronLeft aria-hidden className="size-4" />
              <span className="hidden sm:inline">{t("prev")}</span>
            </Button>
            <Button
              size="sm"
              variant="ghost"
              disabled={!nextId}
              onClick={() => nextId && onNavigate(nextId)}
              aria-label={t("nextLabel")}
              data-testid="detail-next"
            >
              <span className="hidden sm:inline">{t("next")}</span>
              <ChevronRight aria-hidden className="size-4" />
            </Button>
          </div>
          {item && (
            <div className="flex min-w-0 items-center gap-2">
              <span
                className="truncate font-mono text-sm text-zinc-300"
                data-testid="detail-model"
                translate="no"
              >
                {item.model}
              </span>
              <ItemBadges item={item} showCompleted />
            </div>
          )}
          {onCollect && (
            <Button size="sm" variant="ghost" onClick={() => onCollect(id)} data-testid="detail-collect">
              {t("collect")}
            </Button>
          )}
          {item && !source.foreign && <ShareLinksButton taskId={item.id} />}
          <span className="ml-auto hidden text-xs text-zinc-400 md:block">{t("hint")}</span>
          <p className="sr-only" aria-live="polite" data-testid="keys-status">
            {announcement}
          </p>
        </header>
        {query.isError ? (
          <div className="p-6">
            <Alert tone="danger" title={t("loadFailed")} live>
              {errorMessage(query.error)}
            </Alert>
          </div>
        ) : !item ? (
          <div className="flex flex-1 items-center justify-center">
            <Spinner label={t("loading")} />
          </div>
        ) : (
          <div className="flex min-h-0 flex-1 flex-col overflow-y-auto lg:flex-row lg:overflow-hidden">
            <div
              className="flex h-[55dvh] shrink-0 flex-col bg-black lg:h-auto lg:min-h-0 lg:flex-1 lg:shrink"
              data-testid="detail-media"
              {...swipe}
            >
              <MediaViewer item={item} review={review} />
            </div>
            <aside className="w-full shrink-0 space-y-6 overflow-y-auto border-zinc-800 p-5 lg:w-[28rem] lg:border-l">
              {source.extra?.(item)}
              {!source.foreign && <ReuseActions item={item} onDelete={() => onDelete(item)} />}
              {!source.foreign && <ReviewPanel key={item.id} item={item} />}
              {!source.foreign && (
                <ShownPanel key={`shown-${item.id}`} itemId={item.id} onOpen={onNavigate} />
              )}
              {/* The collection page's item source brings its own approval control (source.extra). */}
              {collectionId && !source.extra && (
                <ApprovalControl api={studioReviewApi} collectionId={collectionId} taskId={item.id} />
              )}
              <CommentPanel key={`comments-${item.id}`} session={review} />
              <DetailInfo item={item} />
            </aside>
          </div>
        )}
      </div>
    </StudioReviewWords>
  );
}
