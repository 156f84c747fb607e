import clsx from "clsx";
import { useTranslations } from "next-intl";
import { useStatusLabel } from "@/components/i18n/use-status-label";
import { Badge, statusTone } from "@/components/ui/badge";
import type { GalleryItem } from "@/lib/gallery/types";

/** What a tile must say before anything else: not finished, failed, expired, not fully stored. */
export function ItemBadges({
  item,
  className,
  showCompleted = false,
}: {
  item: Pick<GalleryItem, "status" | "mediaState" | "expired" | "kind" | "media" | "v1Family">;
  className?: string;
  showCompleted?: boolean;
}) {
  const t = useTranslations("gallery");
  const statusLabel = useStatusLabel();
  const badges: { key: string; tone: Parameters<typeof Badge>[0]["tone"]; label: string }[] = [];
  if (item.status !== "completed" || showCompleted) {
    badges.push({ key: "status", tone: statusTone(item.status), label: statusLabel(item.status) });
  }
  // The main result stored but a last frame or extra expired is not the same as a lost result.
  const resultStored = item.media.some((m) => m.role === "result" && m.status === "stored");
  if (item.expired)
    badges.push({
      key: "expired",
      tone: "warning",
      label: resultStored ? t("badgePartlyExpired") : t("badgeExpired"),
    });
  else if (item.status === "completed" && item.mediaState === "pending")
    badges.push({ key: "media", tone: "info", label: t("badgeDownloading") });
  else if (item.status === "completed" && (item.mediaState === "partial" || item.mediaState === "failed"))
    badges.push({
      key: "media",
      tone: "warning",
      label: item.mediaState === "partial" ? t("badgePartlyStored") : t("badgeNotStored"),
    });
  // Made through an older per-family endpoint: same gallery, but the user should know where it came from.
  if (item.v1Family)
    badges.push({ key: "v1", tone: "neutral", label: t("badgeV1", { family: item.v1Family }) });
  if (badges.length === 0) return null;
  return (
    <span className={clsx("flex flex-wrap gap-1", className)} data-testid="item-badges">
      {badges.map((b) => (
        <Badge key={b.key} tone={b.tone} className="bg-zinc-950/80 backdrop-blur">
          {b.label}
        </Badge>
      ))}
    </span>
  );
}
