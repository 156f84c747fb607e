"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { fetchJson, jsonInit } from "@/components/api-client";
import { useFailureMessage } from "@/components/i18n/use-failure-message";
import { answerFailure } from "@/lib/failure-fields";
import type { Shot } from "./use-sequence";

type Take = Shot["takeList"][number];

/**
 * "Score takes against the prompt" for one shot (issue 25 part 4; PUT /api/vision/score): on, the
 * vision model rates each stored take 0–5 with a one-line reason, charged to the owner's budget.
 */
export function ShotScoring({ shot, index }: { shot: Shot; index: number }) {
  const t = useTranslations("sequenceScores");
  const client = useQueryClient();
  const toggle = useMutation({
    mutationFn: (on: boolean) =>
      fetchJson<{ on: boolean }>("/api/vision/score", jsonInit("PUT", { shotId: shot.id, on })),
    // The sequence's answer carries the switch and the takes queued for scoring.
    onSettled: () => client.invalidateQueries({ queryKey: ["sequence"] }),
  });
  return (
    <div className="space-y-1">
      <label className="flex items-center gap-2 text-xs text-zinc-300" title={t("toggleHint")}>
        <input
          type="checkbox"
          className="size-4 accent-amber-400"
          data-testid="shot-scoring"
          aria-describedby={`shot-scoring-hint-${index}`}
          checked={toggle.isPending ? toggle.variables : shot.scoring}
          disabled={toggle.isPending}
          onChange={(e) => toggle.mutate(e.target.checked)}
        />
        {t("toggle")}
      </label>
      <p id={`shot-scoring-hint-${index}`} className="sr-only">
        {t("toggleHint")}
      </p>
      {toggle.error && (
        <p role="alert" className="text-xs text-red-300">
          {t("failed", { on: String(toggle.variables), message: toggle.error.message })}
        </p>
      )}
    </div>
  );
}

/** The take with the highest score (the first of equals), if any take is scored. */
export function bestTakeId(takes: Take[]): string | null {
  let best: Take | null = null;
  for (const take of takes) if (take.score !== null && take.score > (best?.score ?? -1)) best = take;
  return best?.id ?? null;
}

/** A take's score and reason, "Scoring…" while the vision model works, or why it has none. */
export function TakeScore({ take, best, scoring }: { take: Take; best: boolean; scoring: boolean }) {
  const t = useTranslations("sequenceScores");
  const failureMessage = useFailureMessage();
  if (take.score !== null)
    return (
      <p className="text-xs text-zinc-300" data-testid="take-score" title={take.scoreReason ?? undefined}>
        <span className="font-semibold text-amber-300">{t("score", { score: take.score })}</span>
        {best && (
          <span className="ml-1 text-amber-200" data-testid="best-take">
            {t("best")}
          </span>
        )}{" "}
        · {take.scoreReason}
      </p>
    );
  if (!scoring || !take.describe) return null;
  if (take.describe.status === "pending")
    return (
      <p className="text-xs text-zinc-400" data-testid="take-score">
        {t("scoring")}
      </p>
    );
  if (take.describe.reason)
    return (
      <p className="text-xs text-amber-300" data-testid="take-score">
        {t("notScored", {
          reason: failureMessage(answerFailure(take.describe, "reason")),
        })}
      </p>
    );
  return null;
}
