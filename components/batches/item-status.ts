import { statusTone, type BadgeTone } from "@/components/ui/badge";
import type { BatchItemView } from "@/lib/batches/types";

/** One word or two for where an item is: its send state until sent, then its task's status. */
export function itemStatus(item: BatchItemView): { label: string; tone: BadgeTone } {
  switch (item.state) {
    case "planned":
      return { label: item.error ? "waiting to retry" : "waiting", tone: item.error ? "warning" : "neutral" };
    case "sending":
      return { label: "sending", tone: "info" };
    case "rejected":
      return { label: "rejected", tone: "danger" };
    case "outcome_unknown":
      return { label: "outcome unknown", tone: "warning" };
    case "held_budget":
      return { label: "held: budget", tone: "warning" };
    case "sent":
      if (!item.task) return { label: "deleted", tone: "neutral" };
      if (item.task.status === "completed" && item.task.mediaState === "pending")
        return { label: "storing", tone: "info" };
      return { label: item.task.status, tone: statusTone(item.task.status) };
  }
}

/** The result file a tile shows (stored), if any. */
export function storedResult(item: BatchItemView) {
  return item.task?.media.find((m) => m.role === "result" && m.status === "stored") ?? null;
}
