"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useCallback, useState } from "react";
import { useFailureMessage } from "@/components/i18n/use-failure-message";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ProgressBar } from "@/components/ui/progress-bar";
import { answerFailure } from "@/lib/failure-fields";
import { useActionError } from "./use-action-error";
import { useSequenceAction, type Sequence } from "./use-sequence";
import { useStateLabel } from "./use-state-label";

type Act = (path: string, method: string, body?: unknown) => void;

/** Labels: sequences.output.<key>. */
const OUTPUT_FIELDS = [
  { key: "width", step: "2" },
  { key: "height", step: "2" },
  { key: "fps", step: "any" },
] as const;
type OutputKey = (typeof OUTPUT_FIELDS)[number]["key"];

const asText = (value: unknown) => (typeof value === "number" ? String(value) : "");

/**
 * The film's output (size and frame rate: empty means chosen from the takes; the sequence keeps
 * what was used), crossfade and Assemble; the latest assembly's progress with Cancel, and its film
 * once made.
 */
export function AssemblyPanel({
  sequence,
  act,
  pending,
}: {
  sequence: Sequence;
  act: Act;
  pending: boolean;
}) {
  const t = useTranslations("sequences");
  const outputLabel = useCallback(
    (path: string) =>
      path === "crossfadeSeconds"
        ? t("crossfade")
        : OUTPUT_FIELDS.some((f) => f.key === path)
          ? t(`output.${path as OutputKey}`)
          : undefined,
    [t],
  );
  const errorMessage = useActionError(outputLabel);
  const failureMessage = useFailureMessage();
  const stateLabel = useStateLabel("film");
  const [crossfade, setCrossfade] = useState(String(sequence.output.crossfadeSeconds ?? 0));
  const [output, setOutput] = useState<Record<OutputKey, string>>({
    width: asText(sequence.output.width),
    height: asText(sequence.output.height),
    fps: asText(sequence.output.fps),
  });
  // Its own call, so the server's answer (the one validator: `width: must be even …`) shows here.
  const assembling = useSequenceAction(sequence.id);
  const latest = sequence.assemblies[0];
  const active = latest && (latest.state === "queued" || latest.state === "running");

  const assemble = () => {
    const number = (text: string) => (text.trim() === "" ? null : Number(text));
    assembling.mutate({
      path: "/assemblies",
      method: "POST",
      body: {
        width: number(output.width),
        height: number(output.height),
        fps: number(output.fps),
        crossfadeSeconds: Number(crossfade) || 0,
      },
    });
  };

  return (
    <section className="space-y-3 rounded-xl border border-zinc-800 p-4" aria-label={t("assemble")}>
      <div className="flex flex-wrap items-center gap-3 text-sm">
        {OUTPUT_FIELDS.map((field) => (
          <label key={field.key} className="flex items-center gap-2">
            {t(`output.${field.key}`)}
            <input
              type="number"
              min={1}
              step={field.step}
              placeholder={t("fromTakes")}
              value={output[field.key]}
              onChange={(e) => setOutput((o) => ({ ...o, [field.key]: e.target.value }))}
              className="w-28 rounded border border-zinc-700 bg-zinc-950 px-2 py-1"
            />
          </label>
        ))}
        <label className="flex items-center gap-2">
          {t("crossfade")}
          <input
            type="number"
            min={0}
            max={2}
            step="0.1"
            value={crossfade}
            onChange={(e) => setCrossfade(e.target.value)}
            className="w-20 rounded border border-zinc-700 bg-zinc-950 px-2 py-1"
          />
        </label>
        <Button variant="primary" disabled={pending || Boolean(active)} onClick={assemble}>
          {t("assemble")}
        </Button>
      </div>
      {assembling.isError && (
        <Alert tone="danger" live title={t("cannotAssemble")}>
          <span data-testid="output-error">{errorMessage(assembling.error)}</span>
        </Alert>
      )}
      {latest && (
        <div className="space-y-2 text-sm" data-testid="assembly" data-state={latest.state}>
          <p>
            {t.rich("film", {
              state: stateLabel(latest.state),
              s: (chunks) => <span data-testid="assembly-state">{chunks}</span>,
            })}
            {latest.error ? ` — ${failureMessage(answerFailure(latest))}` : ""}
          </p>
          {active && (
            <div className="flex items-center gap-3">
              <ProgressBar value={latest.progress * 100} label={t("assemblyProgress")} />
              <Button size="sm" onClick={() => act(`/assemblies/${encodeURIComponent(latest.id)}`, "DELETE")}>
                {t("cancel")}
              </Button>
            </div>
          )}
          {latest.taskId && latest.filmUrl && (
            <div className="space-y-2">
              <video data-testid="film" src={latest.filmUrl} controls className="w-full max-w-xl rounded" />
              <Link
                className="text-sky-300 underline"
                href={`/gallery?item=${encodeURIComponent(latest.taskId)}`}
              >
                {t("openInGallery")}
              </Link>
            </div>
          )}
        </div>
      )}
    </section>
  );
}
