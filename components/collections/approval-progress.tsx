import clsx from "clsx";
import type { ApprovalProgress as Progress } from "@/lib/collections";
import type { ApprovalStatus } from "@/lib/approvals/schema";
import { APPROVAL_LABELS } from "@/lib/collections/labels";

const tones: Record<ApprovalStatus, string> = {
  approved: "bg-emerald-400",
  changes_requested: "bg-amber-400",
  rejected: "bg-red-400",
  pending: "bg-zinc-600",
};

/** "12 of 30 approved", with a bar split by status. */
export function ApprovalProgress({ progress, className }: { progress: Progress; className?: string }) {
  const order: ApprovalStatus[] = ["approved", "changes_requested", "rejected", "pending"];
  return (
    <div className={clsx("space-y-1", className)} data-testid="approval-progress">
      <p className="text-xs text-zinc-400">
        <span className="font-medium text-zinc-200">
          {progress.approved} of {progress.total} approved
        </span>
        {progress.changes_requested ? ` · ${progress.changes_requested} changes requested` : ""}
        {progress.rejected ? ` · ${progress.rejected} rejected` : ""}
      </p>
      <div className="flex h-1.5 w-full overflow-hidden rounded-full bg-zinc-800" aria-hidden>
        {progress.total > 0 &&
          order.map((status) =>
            progress[status] ? (
              <span
                key={status}
                className={tones[status]}
                style={{ width: `${(progress[status] / progress.total) * 100}%` }}
                title={`${APPROVAL_LABELS[status]}: ${progress[status]}`}
              />
            ) : null,
          )}
      </div>
    </div>
  );
}

/** An item's approval on its tile. */
export function ApprovalMark({ status }: { status: ApprovalStatus }) {
  const text: Record<ApprovalStatus, string> = {
    pending: "text-zinc-400",
    approved: "text-emerald-300",
    changes_requested: "text-amber-300",
    rejected: "text-red-300",
  };
  return (
    <span
      className={clsx("shrink-0 font-medium", text[status])}
      data-testid="approval-mark"
      data-approval={status}
    >
      {APPROVAL_LABELS[status]}
    </span>
  );
}
