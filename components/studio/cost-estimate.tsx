"use client";

import { useQuery } from "@tanstack/react-query";
import { useWatch } from "react-hook-form";
import { useDebounced } from "@/components/ui/use-debounced";
import type { ModelDef } from "@/lib/catalog";
import { fetchJson } from "@/components/api-client";
import type { FormValues } from "./form-values";

/** POST /api/tasks/estimate's answer (lib/spend/estimate-request.ts). */
type EstimateAnswer = {
  estimate: { credits: number | null; basis: string; samples: number };
  budget: { period: "day" | "month"; limit: number; spent: number; running: number }[];
};

const DEBOUNCE_MS = 400;

const BASIS: Record<string, string> = {
  same_parameters: "tasks with the same settings",
  same_size: "tasks of the same length and resolution",
  same_model: "tasks of this model",
};

/**
 * "≈ N credits" (or "unknown") for the form's current values, and what is left of the budget. In
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
      {estimate.credits === null ? (
        <span title="No completed task of this model to go by yet">Cost: unknown</span>
      ) : (
        <span title={`Median of the last ${estimate.samples} ${BASIS[estimate.basis] ?? "tasks"}`}>
          ≈ {estimate.credits} credits{each ? ` a ${model.id} task` : ""}
        </span>
      )}
      {left.length > 0 && <span className="text-zinc-500"> · {left.join(" · ")}</span>}
    </p>
  );
}
