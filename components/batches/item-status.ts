import { statusTone, type BadgeTone } from "@/components/ui/badge";
import type { BatchItemView } from "@/lib/batches/types";
import type { Failure } from "@/lib/errors";

/** Where an item is, before it has a task status (messages: batches.item.*). */
export type ItemPhase =
  "waitingRetry" | "waiting" | "sending" | "rejected" | "outcomeUnknown" | "held" | "deleted" | "storing";

/**
 * One word or two for where an item is: its send state until sent, then its task's status
 * (`status`, as the spec names it) — the card words it in the page's language.
 */
export function itemStatus(item: BatchItemView): { phase?: ItemPhase; status?: string; tone: BadgeTone } {
  switch (item.state) {
    case "planned":
      return item.error ? { phase: "waitingRetry", tone: "warning" } : { phase: "waiting", tone: "neutral" };
    case "sending":
      return { phase: "sending", tone: "info" };
    case "rejected":
      return { phase: "rejected", tone: "danger" };
    case "outcome_unknown":
      return { phase: "outcomeUnknown", tone: "warning" };
    case "held_budget":
      return { phase: "held", tone: "warning" };
    case "sent":
      if (!item.task) return { phase: "deleted", tone: "neutral" };
      if (item.task.status === "completed" && item.task.mediaState === "pending")
        return { phase: "storing", tone: "info" };
      return { status: item.task.status, tone: statusTone(item.task.status) };
  }
}

/** The result file a tile shows (stored), if any. */
export function storedResult(item: BatchItemView) {
  return item.task?.media.find((m) => m.role === "result" && m.status === "stored") ?? null;
}

/** Why the item was rejected, waits or is held, as a failure the page words (useFailureMessage). */
export function itemFailure(item: BatchItemView): Failure | null {
  if (item.error === null) return null;
  return {
    code: item.errorCode ?? "text",
    message: item.error,
    ...(item.errorParams ? { params: item.errorParams } : {}),
  };
}
