import clsx from "clsx";
import { useTranslations } from "next-intl";
import type { ApprovalProgress as Progress } from "@/lib/collections";
import type { ApprovalStatus } from "@/lib/approvals/schema";

const tones: Record<ApprovalStatus, string> = {
  approved: "bg-emerald-400",
  changes_requested: "bg-amber-400",
  rejected: "bg-red-400",
  pending: "bg-zinc-600",
};

/** "12 of 30 approved", with a bar split by status. */
export function ApprovalProgress({ progress, className }: { progress: Progress; className?: string }) {
  const t = useTranslations("collections");
  const order: ApprovalStatus[] = ["approved", "changes_requested", "rejected", "pending"];
  return (
    <div className={clsx("space-y-1", className)} data-testid="approval-progress">
      <p className="text-xs text-zinc-400">
        <span className="font-medium text-zinc-200">
          {t("approvedOf", { approved: progress.approved, total: progress.total })}
        </span>
        {progress.changes_requested
          ? ` · ${t("changesRequested", { count: progress.changes_requested })}`
          : ""}
        {progress.rejected ? ` · ${t("rejected", { count: progress.rejected })}` : ""}
      </p>
      <div className="flex h-1.5 w-full overflow-hidden rounded-full bg-zinc-800" aria-hidden>
        {progress.total > 0 &&
          order.map((status) =>
            progress[status] ? (
              <span
                key={status}
                className={tones[status]}
                style={{ width: `${(progress[status] / progress.total) * 100}%` }}
                title={t("approvalCount", { status: t(`approval.${status}`), count: progress[status] })}
              />
            ) : null,
          )}
      </div>
    </div>
  );
}

/** An item's approval on its tile. */
export function ApprovalMark({ status }: { status: ApprovalStatus }) {
  const t = useTranslations("collections.approval");
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
      {t(status)}
    </span>
  );
}
