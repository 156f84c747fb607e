"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import clsx from "clsx";
import { APPROVAL_STATUSES, type ApprovalStatus } from "@/lib/approvals/schema";
import type { ReviewApi } from "./api";
import { ErrorLine } from "./error-line";
import { useReviewWords, type ReviewKey } from "./review-words";
import { reviewKeys } from "./use-review-session";

const tone: Record<ApprovalStatus, string> = {
  pending: "border-zinc-500 bg-zinc-700/40 text-zinc-100",
  approved: "border-emerald-400 bg-emerald-500/20 text-emerald-100",
  changes_requested: "border-amber-400 bg-amber-500/20 text-amber-100",
  rejected: "border-red-400 bg-red-500/20 text-red-100",
};

const labelKey: Record<ApprovalStatus, ReviewKey> = {
  pending: "approvalPending",
  approved: "approvalApproved",
  changes_requested: "approvalChangesRequested",
  rejected: "approvalRejected",
};

/** An item's approval in a collection: the four statuses, who set the current one and when. */
export function ApprovalControl({
  api,
  collectionId,
  taskId,
  onChange,
}: {
  api: ReviewApi;
  collectionId: string;
  taskId: string;
  /** After a status is set (e.g. to refresh the collection's progress). */
  onChange?: (status: ApprovalStatus) => void;
}) {
  const { t, locale } = useReviewWords();
  const client = useQueryClient();
  const key = reviewKeys.approval(api, collectionId, taskId);
  const query = useQuery({ queryKey: key, queryFn: () => api.getApproval(collectionId, taskId) });
  const set = useMutation({
    mutationFn: (status: ApprovalStatus) => api.setApproval(collectionId, taskId, status),
    onSuccess: (view) => {
      void client.invalidateQueries({ queryKey: key });
      onChange?.(view.status);
    },
  });
  const current = query.data;

  return (
    <section
      aria-label={t("approval")}
      className="space-y-2 rounded-lg border border-zinc-800 bg-zinc-900/60 p-4"
      data-testid="approval-control"
    >
      <h2 className="text-xs font-semibold uppercase tracking-wide text-zinc-400">{t("approval")}</h2>
      <div role="radiogroup" aria-label={t("approvalStatus")} className="flex flex-wrap gap-1.5">
        {APPROVAL_STATUSES.map((status) => (
          <button
            key={status}
            type="button"
            role="radio"
            aria-checked={current?.status === status}
            disabled={!current?.canApprove || set.isPending}
            data-testid={`approval-${status}`}
            onClick={() => set.mutate(status)}
            className={clsx(
              "rounded-md border px-2.5 py-1 text-xs font-medium transition-colors disabled:cursor-not-allowed",
              current?.status === status
                ? tone[status]
                : "border-zinc-700 text-zinc-300 enabled:hover:bg-zinc-800",
            )}
          >
            {t(labelKey[status])}
          </button>
        ))}
      </div>
      <p className="text-xs text-zinc-400" data-testid="approval-by">
        {current?.at
          ? t("approvalBy", {
              status: t(labelKey[current.status]),
              name: current.by ?? t("someone"),
              date: new Date(current.at).toLocaleString(locale),
            })
          : current
            ? t("noStatus")
            : ""}
      </p>
      <ErrorLine error={query.error ?? set.error} />
    </section>
  );
}
