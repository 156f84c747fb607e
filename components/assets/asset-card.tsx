"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { inputClass } from "@/components/ui/field";
import { useIssueMessage } from "@/components/i18n/use-issue-message";
import { REVIEW_STATES, type ReviewState } from "@/lib/assets/kinds";
import type { AssetView } from "@/lib/assets/types";
import { useAssetMutations } from "./api";
import { AssetPreview } from "./asset-preview";
import { ReviewBadge, useReviewLabel } from "./review-badge";

/** One registry entry: preview, label, reference, review state (editable), notes, delete. */
export function AssetCard({ asset }: { asset: AssetView }) {
  const { update, remove } = useAssetMutations();
  const t = useTranslations("assets");
  const reviewLabel = useReviewLabel();
  const errorMessage = useIssueMessage().error;
  const [confirming, setConfirming] = useState(false);
  const [notes, setNotes] = useState(asset.notes);
  const failure = update.error ?? remove.error;

  return (
    <li
      data-testid="asset-card"
      data-asset-id={asset.assetId}
      className="flex flex-col gap-3 rounded-lg border border-zinc-800 bg-zinc-900/60 p-3"
    >
      <AssetPreview asset={asset} className="aspect-video w-full" />
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="truncate text-sm font-semibold text-zinc-100" data-user-text>
            {asset.label}
          </h3>
          <p className="truncate font-mono text-xs text-zinc-400" title={asset.reference}>
            {asset.reference}
          </p>
          <p className="text-xs text-zinc-400">
            {t("kind", { kind: asset.kind })} ·{" "}
            {asset.origin === "uploaded" ? t("originUploaded") : t("originRecorded")}
          </p>
        </div>
        <ReviewBadge state={asset.reviewState} />
      </div>
      <label className="space-y-1 text-xs text-zinc-400">
        <span>{t("reviewState")}</span>
        <select
          aria-label={t("reviewStateOf", { label: asset.label })}
          value={asset.reviewState}
          disabled={update.isPending}
          onChange={(event) =>
            update.mutate({ id: asset.id, patch: { reviewState: event.target.value as ReviewState } })
          }
          className={inputClass}
        >
          {REVIEW_STATES.map((state) => (
            <option key={state} value={state}>
              {reviewLabel(state)}
            </option>
          ))}
        </select>
      </label>
      <label className="space-y-1 text-xs text-zinc-400">
        <span>{t("notes")}</span>
        <textarea
          aria-label={t("notesOf", { label: asset.label })}
          rows={2}
          value={notes}
          onChange={(event) => setNotes(event.target.value)}
          onBlur={() => notes !== asset.notes && update.mutate({ id: asset.id, patch: { notes } })}
          className={inputClass}
        />
      </label>
      <div className="flex justify-end">
        <Button size="sm" variant="ghost" onClick={() => setConfirming(true)}>
          {t("delete")}
        </Button>
      </div>
      {failure && (
        <Alert tone="danger" live>
          {errorMessage(failure)}
        </Alert>
      )}
      {/* Mounted only while asked: a list of cards would otherwise hold one closed dialog each. */}
      {confirming && (
        <ConfirmDialog
          open
          title={t("deleteTitle", { label: asset.label })}
          confirmLabel={t("delete")}
          busy={remove.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={() => remove.mutate(asset.id, { onSettled: () => setConfirming(false) })}
        >
          {t("deleteText", { reference: asset.reference })}
        </ConfirmDialog>
      )}
    </li>
  );
}
