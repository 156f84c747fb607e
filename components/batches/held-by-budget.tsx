"use client";

import type { BatchDetail } from "@/lib/batches/types";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useResumeBatch } from "./use-batch-queries";

/**
 * Items the runner held at the owner's budget: why (the first held item's reason, with the
 * numbers) and a Resume button. Nothing held is sent until it is pressed; the server refuses (402,
 * shown here) while the next item still does not fit.
 */
export function HeldByBudget({ batch }: { batch: BatchDetail }) {
  const resume = useResumeBatch(batch.id);
  const held = batch.items.filter((item) => item.state === "held_budget");
  if (!held.length) return null;
  return (
    <Alert
      tone="warning"
      title={`${held.length} item${held.length === 1 ? "" : "s"} held: budget`}
      testId="batch-held"
    >
      <p>{held[0].error ?? "The budget would be passed by sending the next item."}</p>
      <p className="mt-1">
        They are not sent. Once the budget is raised or its period has reset, resume the batch: every item is
        checked against the budget again right before it is sent.
      </p>
      <div className="mt-2 flex items-center gap-3">
        <Button onClick={() => resume.mutate()} disabled={resume.isPending} data-testid="batch-resume">
          Resume
        </Button>
        {resume.error && (
          <span role="alert" className="text-sm text-red-300" data-testid="batch-resume-error">
            {resume.error.message}
          </span>
        )}
      </div>
    </Alert>
  );
}
