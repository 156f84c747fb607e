import "server-only";
import type { StudioUser } from "../auth/types";
import type { ShareLinkSummary } from "../shares/schema";
import type { AuditInput } from "./record";

/** A share link as an audit target: what it shows (a collection or one item) and its label. */
export function shareTarget(link: Pick<ShareLinkSummary, "id" | "collectionId" | "taskId" | "label">) {
  return {
    type: "share",
    id: link.id,
    label: [link.collectionId ? `collection ${link.collectionId}` : `item ${link.taskId}`, link.label]
      .filter(Boolean)
      .join(": "),
  };
}

/** One entry for a delete of one or several gallery items (a bulk delete is one act). */
export function galleryDeleteEntry(user: StudioUser, headers: Headers, ids: string[]): AuditInput {
  return {
    action: "gallery.delete",
    actor: user,
    headers,
    target: { type: "task", id: ids.length === 1 ? ids[0] : null, label: `${ids.length} item(s)` },
    detail: { ids },
  };
}

/** A webhook endpoint change: the studio's settings that users and admins make. */
export function webhookEntry(
  user: StudioUser,
  headers: Headers,
  change: "create" | "update" | "delete" | "rotate_secret",
  endpoint: { id: string; url?: string | null },
  detail: Record<string, unknown> = {},
): AuditInput {
  return {
    action: "settings.change",
    actor: user,
    headers,
    target: { type: "webhook", id: endpoint.id, label: endpoint.url ?? null },
    detail: { setting: "webhook", change, ...detail },
  };
}
