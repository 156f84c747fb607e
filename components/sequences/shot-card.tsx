"use client";

import { ArrowDown, ArrowUp } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import clsx from "clsx";
import { useFailureMessage } from "@/components/i18n/use-failure-message";
import { useStatusLabel } from "@/components/i18n/use-status-label";
import { Button } from "@/components/ui/button";
import { answerFailure } from "@/lib/failure-fields";
import { ShotForm, shotModels } from "./shot-form";
import { bestTakeId, ShotScoring, TakeScore } from "./take-score";
import type { Shot } from "./use-sequence";
import { useStateLabel } from "./use-state-label";

type Act = (path: string, method: string, body?: unknown) => void;

/** One shot: its model and generated form, its takes in a row with Pick, Retry, move and remove. */
export function ShotCard({
  shot,
  index,
  count,
  running,
  pending,
  act,
}: {
  shot: Shot;
  index: number;
  count: number;
  running: boolean;
  pending: boolean;
  act: Act;
}) {
  const [modelId, setModelId] = useState(shot.model);
  const tr = useTranslations("sequences");
  const stateLabel = useStateLabel("shot");
  const statusLabel = useStatusLabel();
  const failureMessage = useFailureMessage();
  const number = index + 1;
  const path = `/shots/${encodeURIComponent(shot.id)}`;
  const best = bestTakeId(shot.takeList);
  return (
    <li
      data-testid="shot-card"
      data-shot-id={shot.id}
      className="space-y-3 rounded-xl border border-zinc-800 bg-zinc-900/40 p-4"
    >
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="font-medium">{tr("shot", { number })}</h2>
        <select
          aria-label={tr("modelOf", { number })}
          value={modelId}
          disabled={running}
          onChange={(e) => setModelId(e.target.value)}
          className="rounded border border-zinc-700 bg-zinc-950 px-2 py-1 text-sm"
        >
          {shotModels(false).map((m) => (
            <option key={m.id} value={m.id}>
              {m.name ?? m.id}
            </option>
          ))}
        </select>
        {shot.chained && (
          <span className="text-xs text-sky-300">{tr("continuesFrom", { number: index })}</span>
        )}
        <span className="text-xs text-zinc-400" data-testid="shot-state">
          {stateLabel(shot.state)}
        </span>
        <span className="ml-auto flex gap-1">
          <Button
            size="sm"
            disabled={running || index === 0}
            onClick={() => act(path, "PATCH", { index: index - 1 })}
            aria-label={tr("moveUp")}
          >
            <ArrowUp aria-hidden className="size-3.5" />
          </Button>
          <Button
            size="sm"
            disabled={running || index === count - 1}
            onClick={() => act(path, "PATCH", { index: index + 1 })}
            aria-label={tr("moveDown")}
          >
            <ArrowDown aria-hidden className="size-3.5" />
          </Button>
          <Button
            size="sm"
            disabled={running || shot.state === "sending"}
            onClick={() => act(`${path}/retry`, "POST")}
          >
            {tr("retryShot")}
          </Button>
          <Button size="sm" variant="danger" disabled={running} onClick={() => act(path, "DELETE")}>
            {tr("removeShot")}
          </Button>
        </span>
      </div>
      {shot.error && (
        <p className="text-sm text-amber-300" data-testid="shot-error">
          {failureMessage(answerFailure(shot))}
        </p>
      )}
      <ShotForm
        key={`${modelId}:${shot.body === undefined ? "" : JSON.stringify(shot.body)}`}
        modelId={modelId}
        body={modelId === shot.model ? shot.body : { prompt: shot.body.prompt }}
        takes={shot.takes}
        chained={shot.chained}
        first={index === 0}
        pending={pending || running}
        onSave={(body) => act(path, "PATCH", body)}
      />
      <ShotScoring shot={shot} index={index} />
      {shot.takeList.length > 0 && (
        <ul className="flex gap-3 overflow-x-auto" aria-label={tr("takesOf", { number })}>
          {shot.takeList.map((take, t) => {
            const picked = shot.pickedTaskId === take.id;
            return (
              <li
                key={take.id}
                data-testid="take"
                data-task-id={take.id}
                className={clsx(
                  "w-48 shrink-0 space-y-1 rounded-lg border p-2",
                  picked ? "border-sky-400" : "border-zinc-800",
                )}
              >
                {take.url ? (
                  <video
                    src={take.url}
                    muted
                    controls
                    preload="metadata"
                    className="aspect-video w-full rounded"
                  />
                ) : (
                  <div className="flex aspect-video items-center justify-center rounded bg-zinc-950 text-xs text-zinc-400">
                    {statusLabel(take.status)}
                    {take.progress != null && take.status === "processing"
                      ? ` ${Math.round(take.progress * 100)}%`
                      : ""}
                  </div>
                )}
                <div className="flex items-center justify-between text-xs">
                  <span>{tr("take", { number: t + 1 })}</span>
                  <Button
                    size="sm"
                    variant={picked ? "primary" : "secondary"}
                    // As the server decides (lib/sequences/shots.ts pickTake): finished and stored; a
                    // stored file can show a moment before its task says so.
                    disabled={
                      !take.url || take.status !== "completed" || take.mediaState !== "stored" || picked
                    }
                    onClick={() => act(`${path}/pick`, "POST", { taskId: take.id })}
                  >
                    {picked ? tr("picked") : tr("pick")}
                  </Button>
                </div>
                <TakeScore take={take} best={take.id === best} scoring={shot.scoring} />
              </li>
            );
          })}
        </ul>
      )}
    </li>
  );
}
