"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
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

/** Where an estimate can come from (lib/spend/estimate.ts), each with its tooltip message. */
const BASES = ["same_parameters", "same_size", "scaled", "same_model"] as const;
const basisKey = (basis: string) =>
  (BASES as readonly string[]).includes(basis) ? (basis as (typeof BASES)[number]) : "default";

/**
 * "≈ N credits" (marked "estimate uncertain" unless tasks with the same settings priced it) for the form's current values, and what is left of the budget. In
 * batch mode it is per task of this model; the server checks the batch as a whole on submit.
 */
export function CostEstimate({ model, each = false }: { model: ModelDef; each?: boolean }) {
  const values = useWatch<FormValues>();
  const t = useTranslations("estimate");
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
    return t("left", { remaining, limit: b.limit, period: b.period });
  });
  const basis = t(`basis.${basisKey(estimate.basis)}`, { samples: estimate.samples });
  return (
    <p className="text-sm text-zinc-400" data-testid="cost-estimate">
      <span title={basis}>
        {t("credits", { credits: estimate.credits })}
        {each ? ` ${t("each", { model: model.id })}` : ""}
      </span>
      {estimate.uncertain && (
        <span className="text-amber-300" title={basis} data-testid="estimate-uncertain">
          {" "}
          {t("uncertain")}
        </span>
      )}
      {left.length > 0 && <span className="text-zinc-400"> · {left.join(" · ")}</span>}
    </p>
  );
}
