"use client";

import { useQuery } from "@tanstack/react-query";
import { useWatch } from "react-hook-form";
import { useDebounced } from "@/components/ui/use-debounced";
import type { ModelDef } from "@/lib/catalog";
import { fetchJson } from "@/components/api-client";
import type { FormValues } from "./form-values";

/** POST /api/tasks/estimate's answer (lib/spend/estimate-request.ts). */
type EstimateAnswer = {
  estimate: { credits: number; basis: string; samples: number; uncertain: boolean };
  budget: { period: "day" | "month"; limit: number; spent: number; running: number }[];
};

const DEBOUNCE_MS = 400;

/** Where the estimate comes from (lib/spend/estimate.ts), for its tooltip. */
function basisText(estimate: EstimateAnswer["estimate"]): string {
  switch (estimate.basis) {
    case "same_parameters":
      return `Median of the last ${estimate.samples} tasks with the same settings`;
    case "same_size":
      return `Median of the last ${estimate.samples} tasks of the same length and resolution; other settings differ`;
    case "scaled":
      return `Scaled by duration and resolution from the nearest settings run (${estimate.samples} tasks)`;
    case "same_model":
      return `The most any of the last ${estimate.samples} tasks of this model cost; none had these settings`;
    default:
      return "No completed task of this model yet: the studio's conservative default for its kind";
  }
}

/**
 * "≈ N credits" (marked "estimate uncertain" unless tasks with the same settings priced it) for the form's current values, and what is left of the budget. In
 * batch mode it is per task of this model; the server checks the batch as a whole on submit.
 */
export function CostEstimate({ model, each = false }: { model: ModelDef; each?: boolean }) {
  const values = useWatch<FormValues>();
  const body = useDebounced(JSON.stringify({ ...values, model: model.id }), DEBOUNCE_MS);
  const query = useQuery({
    queryKey: ["task-estimate", body],
    queryFn: () => fetchJson<EstimateAnswer>("/api/tasks/estimate", { method: "POST", body }),
    staleTime: 30_000,
    placeholderData: (previous) => previous,
    retry: false,
  });
  if (!query.data) return null;
  const { estimate, budget } = query.data;
  const left = budget.map((b) => {
    const remaining = Math.max(0, Math.round((b.limit - b.spent - b.running) * 100) / 100);
    return `${remaining} of ${b.limit} left ${b.period === "day" ? "today" : "this month"}`;
  });
  return (
    <p className="text-sm text-zinc-400" data-testid="cost-estimate">
      <span title={basisText(estimate)}>
        ≈ {estimate.credits} credits{each ? ` a ${model.id} task` : ""}
      </span>
      {estimate.uncertain && (
        <span className="text-amber-300" title={basisText(estimate)} data-testid="estimate-uncertain">
          {" "}
          (estimate uncertain)
        </span>
      )}
      {left.length > 0 && <span className="text-zinc-400"> · {left.join(" · ")}</span>}
    </p>
  );
}
