"use client";

import Link from "next/link";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ProgressBar } from "@/components/ui/progress-bar";
import { useSequenceAction, type Sequence } from "./use-sequence";

type Act = (path: string, method: string, body?: unknown) => void;

const OUTPUT_FIELDS = [
  { key: "width", label: "Width (px)", step: "2" },
  { key: "height", label: "Height (px)", step: "2" },
  { key: "fps", label: "Frame rate (fps)", step: "any" },
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
    <section className="space-y-3 rounded-xl border border-zinc-800 p-4" aria-label="Assemble">
      <div className="flex flex-wrap items-center gap-3 text-sm">
        {OUTPUT_FIELDS.map((field) => (
          <label key={field.key} className="flex items-center gap-2">
            {field.label}
            <input
              type="number"
              min={1}
              step={field.step}
              placeholder="from the takes"
              value={output[field.key]}
              onChange={(e) => setOutput((o) => ({ ...o, [field.key]: e.target.value }))}
              className="w-28 rounded border border-zinc-700 bg-zinc-950 px-2 py-1"
            />
          </label>
        ))}
        <label className="flex items-center gap-2">
          Crossfade (s)
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
          Assemble
        </Button>
      </div>
      {assembling.isError && (
        <Alert tone="danger" live title="The film cannot be made like this">
          <span data-testid="output-error">{assembling.error.message}</span>
        </Alert>
      )}
      {latest && (
        <div className="space-y-2 text-sm" data-testid="assembly" data-state={latest.state}>
          <p>
            Film: <span data-testid="assembly-state">{latest.state}</span>
            {latest.error ? ` — ${latest.error}` : ""}
          </p>
          {active && (
            <div className="flex items-center gap-3">
              <ProgressBar value={latest.progress * 100} label="Assembly progress" />
              <Button size="sm" onClick={() => act(`/assemblies/${encodeURIComponent(latest.id)}`, "DELETE")}>
                Cancel
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
                Open in the gallery
              </Link>
            </div>
          )}
        </div>
      )}
    </section>
  );
}
