"use client";

import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { fetchJson, jsonInit } from "@/components/api-client";
import { useErrorMessage } from "@/components/i18n/use-error-message";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import type { ImprovedPrompt } from "@/lib/vision/improve-schema";
import { wordDiff } from "@/lib/vision/word-diff";

/**
 * "Improve prompt" (issue 25), loaded only when opened: the text model proposes a prompt within
 * the model's limits; the proposal is shown as a diff to accept, edit or discard, with what it cost.
 * Accepting only changes the form's prompt: nothing is submitted until the user submits.
 */
export default function ImprovePromptPanel({
  model,
  prompt,
  onAccept,
  onClose,
}: {
  model: string;
  prompt: string;
  onAccept: (text: string) => void;
  onClose: () => void;
}) {
  const t = useTranslations("improvePrompt");
  const errorMessage = useErrorMessage();
  const [guidance, setGuidance] = useState("");
  const [editing, setEditing] = useState<string | null>(null);
  const improve = useMutation({
    mutationFn: () =>
      fetchJson<ImprovedPrompt>(
        "/api/vision/improve-prompt",
        jsonInit("POST", { model, prompt, ...(guidance.trim() ? { guidance } : {}) }),
      ),
    onSuccess: () => setEditing(null),
  });
  const result = improve.data;

  return (
    <section
      aria-label={t("label")}
      className="space-y-3 rounded-lg border border-sky-500/30 bg-sky-500/5 p-3"
      data-testid="improve-prompt-panel"
    >
      <div className="flex gap-2">
        <input
          className={inputClass}
          placeholder={t("guidancePlaceholder")}
          aria-label={t("guidanceLabel")}
          value={guidance}
          maxLength={500}
          onChange={(e) => setGuidance(e.target.value)}
        />
        <Button
          variant="primary"
          onClick={() => improve.mutate()}
          disabled={improve.isPending || !prompt.trim()}
        >
          {improve.isPending ? t("improving") : result ? t("tryAgain") : t("improve")}
        </Button>
      </div>
      {!prompt.trim() && <p className="text-xs text-zinc-400">{t("writeFirst")}</p>}
      {improve.error && (
        <Alert tone="danger" live>
          {errorMessage(improve.error)}
        </Alert>
      )}
      {result && (
        <div className="space-y-2">
          {editing === null ? (
            <p
              className="whitespace-pre-wrap rounded bg-zinc-950/60 p-2 text-sm leading-relaxed"
              data-testid="prompt-diff"
            >
              {wordDiff(result.original, result.proposal).map((part, i) =>
                part.kind === "same" ? (
                  <span key={i}>{part.text}</span>
                ) : part.kind === "added" ? (
                  <ins key={i} className="bg-emerald-500/20 text-emerald-100 no-underline">
                    {part.text}
                  </ins>
                ) : (
                  <del key={i} className="bg-red-500/20 text-red-200">
                    {part.text}
                  </del>
                ),
              )}
            </p>
          ) : (
            <textarea
              className={`${inputClass} min-h-24`}
              aria-label={t("editLabel")}
              value={editing}
              onChange={(e) => setEditing(e.target.value)}
            />
          )}
          {result.notes && <p className="text-xs text-zinc-400">{result.notes}</p>}
          {!result.valid && result.rule && (
            <Alert tone="warning" testId="improve-rule">
              {t("breaksRule", { model, rule: result.rule })}
            </Alert>
          )}
          {result.notices.map((notice) => (
            <p key={notice} className="text-xs text-amber-200">
              {notice}
            </p>
          ))}
          <p className="text-[11px] text-zinc-400" data-testid="improve-cost">
            {t("cost", { tokens: result.tokens, credits: result.credits, visionModel: result.visionModel })}
          </p>
          <div className="flex gap-2">
            <Button variant="primary" size="sm" onClick={() => onAccept(editing ?? result.proposal)}>
              {t("accept")}
            </Button>
            {editing === null && (
              <Button size="sm" onClick={() => setEditing(result.proposal)}>
                {t("edit")}
              </Button>
            )}
            <Button size="sm" variant="ghost" onClick={onClose}>
              {t("discard")}
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}
