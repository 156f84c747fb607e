import type { SharedItem } from "@/lib/shares/page-data";
import { t } from "./messages";

const navButton = "rounded-md px-2 py-1 text-zinc-300 hover:bg-zinc-800 disabled:text-zinc-600";

/** Back to the grid, previous/next, and the item's downloads when the link allows them. */
export function ViewerNav({
  item,
  onClose,
  onPrev,
  onNext,
}: {
  item: SharedItem;
  onClose: () => void;
  onPrev: (() => void) | null;
  onNext: (() => void) | null;
}) {
  return (
    <nav className="flex items-center gap-2 text-sm">
      <button type="button" onClick={onClose} className={navButton} data-testid="share-back">
        {t("allItems")}
      </button>
      <button type="button" onClick={onPrev ?? undefined} disabled={!onPrev} className={navButton}>
        {t("previous")}
      </button>
      <button type="button" onClick={onNext ?? undefined} disabled={!onNext} className={navButton}>
        {t("next")}
      </button>
      <span className="ml-auto flex gap-3">
        {item.kind === "image" && item.media[0] && (
          <a
            href={item.media[0].url}
            target="_blank"
            rel="noreferrer"
            className="text-sky-400 hover:underline"
          >
            {t("fullSize")}
          </a>
        )}
        {item.media.map((m) =>
          m.downloadUrl ? (
            <a
              key={m.id}
              href={m.downloadUrl}
              className="text-sky-400 hover:underline"
              data-testid="share-download"
            >
              {m.role === "result" ? t("download") : t("downloadRole", { role: m.role.replace(/_/g, " ") })}
            </a>
          ) : null,
        )}
      </span>
    </nav>
  );
}
