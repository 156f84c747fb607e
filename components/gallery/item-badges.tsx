import clsx from "clsx";
import { Badge, statusTone } from "@/components/ui/badge";
import type { GalleryItem } from "@/lib/gallery/types";

/** What a tile must say before anything else: not finished, failed, expired, not fully stored. */
export function ItemBadges({
  item,
  className,
  showCompleted = false,
}: {
  item: Pick<GalleryItem, "status" | "mediaState" | "expired" | "kind">;
  className?: string;
  showCompleted?: boolean;
}) {
  const badges: { key: string; tone: Parameters<typeof Badge>[0]["tone"]; label: string }[] = [];
  if (item.status !== "completed" || showCompleted) {
    badges.push({ key: "status", tone: statusTone(item.status), label: item.status });
  }
  if (item.expired) badges.push({ key: "expired", tone: "warning", label: "expired" });
  else if (item.status === "completed" && item.mediaState === "pending")
    badges.push({ key: "media", tone: "info", label: "downloading" });
  else if (item.status === "completed" && (item.mediaState === "partial" || item.mediaState === "failed"))
    badges.push({
      key: "media",
      tone: "warning",
      label: item.mediaState === "partial" ? "partly stored" : "not stored",
    });
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
