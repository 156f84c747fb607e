"use client";

import Link from "next/link";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ProgressBar } from "@/components/ui/progress-bar";
import type { Sequence } from "./use-sequence";

type Act = (path: string, method: string, body?: unknown) => void;

/** Crossfade and Assemble; the latest assembly's progress with Cancel, and its film once made. */
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
  const latest = sequence.assemblies[0];
  const active = latest && (latest.state === "queued" || latest.state === "running");
  return (
    <section className="space-y-3 rounded-xl border border-zinc-800 p-4" aria-label="Assemble">
      <div className="flex flex-wrap items-center gap-3 text-sm">
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
        <Button
          variant="primary"
          disabled={pending || Boolean(active)}
          onClick={() => act("/assemblies", "POST", { crossfadeSeconds: Number(crossfade) || 0 })}
        >
          Assemble
        </Button>
      </div>
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
