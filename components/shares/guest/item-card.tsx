import type { SharedItem } from "@/lib/shares/page-data";
import { t } from "./messages";

const APPROVALS = ["pending", "approved", "changes_requested", "rejected"] as const;
type Approval = (typeof APPROVALS)[number];

/** An approval state in the page's language (an unknown one as sent). */
export function approvalText(state: string): string {
  return (APPROVALS as readonly string[]).includes(state) ? t(`approval.${state as Approval}`) : state;
}

/** An item's kind (image, video) in the page's language. */
export function kindText(kind: string): string {
  return kind === "image" || kind === "video" ? t(`kind.${kind}`) : kind;
}

/** One tile of the grid: the poster or thumbnail, the kind, the approval. */
export function ItemCard({ item, onOpen }: { item: SharedItem; onOpen: () => void }) {
  const media = item.media[0];
  return (
    <button
      type="button"
      onClick={onOpen}
      data-testid="share-item"
      data-item-id={item.id}
      className="group block w-full overflow-hidden rounded-lg border border-zinc-800 bg-zinc-900 text-left hover:border-sky-500 focus:outline-none focus-visible:ring-2 focus-visible:ring-sky-500"
    >
      <div className="aspect-video bg-zinc-950">
        {media?.thumbnailUrl ? (
          // eslint-disable-next-line @next/next/no-img-element -- a guest file URL, not an optimisable asset
          <img src={media.thumbnailUrl} alt="" loading="lazy" className="size-full object-contain" />
        ) : media && item.kind === "image" ? (
          // eslint-disable-next-line @next/next/no-img-element -- as above
          <img src={media.url} alt="" loading="lazy" className="size-full object-contain" />
        ) : (
          <div className="grid size-full place-items-center text-xs text-zinc-400">{kindText(item.kind)}</div>
        )}
      </div>
      <div className="flex items-center justify-between px-2 py-1.5 text-xs text-zinc-400">
        <span>{kindText(item.kind)}</span>
        {item.approval && <span data-testid="share-item-approval">{approvalText(item.approval)}</span>}
      </div>
    </button>
  );
}
