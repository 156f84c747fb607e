"use client";

import { useTranslations } from "next-intl";
import type { BatchDetail } from "@/lib/batches/types";
import { useErrorMessage } from "@/components/i18n/use-error-message";
import { useFailureMessage } from "@/components/i18n/use-failure-message";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { itemFailure } from "./item-status";
import { useResumeBatch } from "./use-batch-queries";

/**
 * Items the runner held at the owner's budget: why (the first held item's reason, with the
 * numbers) and a Resume button. Nothing held is sent until it is pressed; the server refuses (402,
 * shown here) while the next item still does not fit.
 */
export function HeldByBudget({ batch }: { batch: BatchDetail }) {
  const resume = useResumeBatch(batch.id);
  const t = useTranslations("batches");
  const errorMessage = useErrorMessage();
  const failureMessage = useFailureMessage();
  const held = batch.items.filter((item) => item.state === "held_budget");
  if (!held.length) return null;
  return (
    <Alert tone="warning" title={t("heldTitle", { count: held.length })} testId="batch-held">
      <p>{failureMessage(itemFailure(held[0])) || t("heldReason")}</p>
      <p className="mt-1">{t("heldText")}</p>
      <div className="mt-2 flex items-center gap-3">
        <Button onClick={() => resume.mutate()} disabled={resume.isPending} data-testid="batch-resume">
          {t("resume")}
        </Button>
        {resume.error && (
          <span role="alert" className="text-sm text-red-300" data-testid="batch-resume-error">
            {errorMessage(resume.error)}
          </span>
        )}
      </div>
    </Alert>
  );
}
