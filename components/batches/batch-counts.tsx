import { useTranslations } from "next-intl";
import { useStatusLabel } from "@/components/i18n/use-status-label";
import { Badge, statusTone } from "@/components/ui/badge";
import type { BatchSummary } from "@/lib/batches/types";
import { TASK_STATUSES } from "@/lib/tasks/status";

/** The item states counted before a task exists, with their messages (batches.counts.*). */
const ITEM_STATES = ["planned", "sending", "rejected", "outcome_unknown", "held_budget"] as const;

/** "6 tasks · 2 waiting · 3 processing · 1 completed · 1 stored", as badges; nothing that is zero. */
export function BatchCounts({ batch }: { batch: BatchSummary }) {
  const { counts } = batch;
  const t = useTranslations("batches.counts");
  const statusLabel = useStatusLabel();
  return (
    <div data-testid="batch-counts" className="flex flex-wrap items-center gap-1.5 text-xs">
      <Badge>{t("tasks", { count: counts.total })}</Badge>
      {ITEM_STATES.map((state) =>
        counts.items[state] ? (
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
            {t(state, { count: counts.items[state] })}
          </Badge>
        ) : null,
      )}
      {TASK_STATUSES.map((status) =>
        counts.tasks[status] ? (
          <Badge key={status} tone={statusTone(status)}>
            {t("status", { count: counts.tasks[status], status: statusLabel(status) })}
          </Badge>
        ) : null,
      )}
      {counts.stored > 0 && (
        <Badge tone="success">
          {t.rich("stored", {
            count: counts.stored,
            n: (chunks) => <span data-testid="batch-stored-count">{chunks}</span>,
          })}
        </Badge>
      )}
    </div>
  );
}
