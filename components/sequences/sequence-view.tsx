"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useErrorMessage } from "@/components/i18n/use-error-message";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { fetchJson, jsonInit } from "@/components/api-client";
import { AssemblyPanel } from "./assembly-panel";
import { SequenceName } from "./sequence-name";
import { ShotCard } from "./shot-card";
import { shotModels } from "./shot-form";
import { Timeline } from "./timeline";
import { useActionError } from "./use-action-error";
import { useStateLabel } from "./use-state-label";
import { useSequence, useSequenceAction, type Sequence } from "./use-sequence";

/** A sequence: its shots as cards, Run / Cancel, the timeline of picked takes, and Assemble. */
export function SequenceView({ id }: { id: string }) {
  const query = useSequence(id);
  const action = useSequenceAction(id);
  const router = useRouter();
  const t = useTranslations("sequences");
  const errorMessage = useErrorMessage();
  const actionError = useActionError();
  const stateLabel = useStateLabel("sequence");
  const act = (path: string, method: string, body?: unknown) => action.mutate({ path, method, body });

  if (query.isPending)
    return (
      <div className="flex h-40 items-center justify-center">
        <Spinner label={t("loading")} />
      </div>
    );
  if (query.isError)
    return (
      <Alert tone="danger" live title={t("loadFailed")}>
        {errorMessage(query.error)}
      </Alert>
    );
  const sequence = query.data;
  const running = sequence.state === "running";
  const firstModel = shotModels(false)[0]?.id ?? "";

  const duplicate = async () => {
    const copy = await fetchJson<Sequence>(
      `/api/sequences/${encodeURIComponent(id)}/duplicate`,
      jsonInit("POST"),
    );
    router.push(`/sequences/${encodeURIComponent(copy.id)}`);
  };

  return (
    <div className="mx-auto max-w-5xl space-y-5 px-4 py-6">
      <div className="flex flex-wrap items-center gap-3">
        <SequenceName name={sequence.name} onRename={(name) => act("", "PATCH", { name })} />
        <span className="text-sm text-zinc-400" data-testid="sequence-state">
          {stateLabel(sequence.state)}
        </span>
        <span className="text-sm text-zinc-400">
          {t("estimate", { credits: sequence.estimate.credits, takes: sequence.estimate.takes })}
        </span>
        <span className="ml-auto flex items-center gap-2 text-sm">
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              checked={sequence.autoPick}
              disabled={running}
              onChange={(e) => act("", "PATCH", { autoPick: e.target.checked })}
            />
            {t("autoPick")}
          </label>
          {running ? (
            <Button onClick={() => act("/run", "DELETE")}>{t("cancelRun")}</Button>
          ) : (
            <Button variant="primary" disabled={action.isPending} onClick={() => act("/run", "POST")}>
              {t("run")}
            </Button>
          )}
          <Button onClick={() => void duplicate()}>{t("duplicate")}</Button>
        </span>
      </div>
      {action.isError && (
        <Alert tone="danger" live title={t("actionFailed")}>
          {actionError(action.error)}
        </Alert>
      )}
      <ol className="space-y-4">
        {sequence.shots.map((shot, i) => (
          <ShotCard
            key={shot.id}
            shot={shot}
            index={i}
            count={sequence.shots.length}
            running={running}
            pending={action.isPending}
            act={act}
          />
        ))}
      </ol>
      <Button
        disabled={running || !firstModel}
        onClick={() => act("/shots", "POST", { model: firstModel, body: { prompt: "" }, takes: 1 })}
      >
        {t("addShot")}
      </Button>
      <Timeline shots={sequence.shots} act={act} disabled={running} />
      <AssemblyPanel sequence={sequence} act={act} pending={action.isPending} />
    </div>
  );
}
