import { Badge, statusTone } from "@/components/ui/badge";
import type { BatchSummary } from "@/lib/batches/types";
import { TASK_STATUSES } from "@/lib/tasks/status";

const ITEM_LABELS = {
  planned: "waiting",
  sending: "sending",
  rejected: "rejected",
  outcome_unknown: "outcome unknown",
  held_budget: "held: budget",
} as const;

/** "6 tasks · 2 waiting · 3 processing · 1 completed · 1 stored", as badges; nothing that is zero. */
export function BatchCounts({ batch }: { batch: BatchSummary }) {
  const { counts } = batch;
  return (
    <div data-testid="batch-counts" className="flex flex-wrap items-center gap-1.5 text-xs">
      <Badge>
        {counts.total} task{counts.total === 1 ? "" : "s"}
      </Badge>
      {Object.entries(ITEM_LABELS).map(([state, label]) =>
        counts.items[state as keyof typeof ITEM_LABELS] ? (
          <Badge
            key={state}
            tone={
              state === "rejected"
                ? "danger"
                : state === "outcome_unknown" || state === "held_budget"
                  ? "warning"
                  : "neutral"
            }
          >
            {counts.items[state as keyof typeof ITEM_LABELS]} {label}
          </Badge>
        ) : null,
      )}
      {TASK_STATUSES.map((status) =>
        counts.tasks[status] ? (
          <Badge key={status} tone={statusTone(status)}>
            {counts.tasks[status]} {status}
          </Badge>
        ) : null,
      )}
      {counts.stored > 0 && (
        <Badge tone="success">
          <span data-testid="batch-stored-count">{counts.stored}</span>&nbsp;stored
        </Badge>
      )}
    </div>
  );
}
