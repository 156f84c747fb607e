"use client";

import { useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useEffect, useState, type ReactNode } from "react";
import { Alert } from "@/components/ui/alert";
import { Badge, statusTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ProgressBar } from "@/components/ui/progress-bar";
import { Spinner } from "@/components/ui/spinner";
import { ApiError } from "@/components/api-client";
import { useErrorMessage } from "@/components/i18n/use-error-message";
import { useFailureMessage } from "@/components/i18n/use-failure-message";
import { useFormat } from "@/components/i18n/use-format";
import { useStatusLabel } from "@/components/i18n/use-status-label";
import { elapsedParts, finishedAt, numberOf, progressPercent, submittedAt } from "./task-format";
import { TaskResult } from "./task-result";
import { answerFailure } from "@/lib/failure-fields";
import { isTerminal } from "@/lib/tasks/status";
import type { PresentedTask } from "./task-types";
import { isTaskSettled, useTaskQuery } from "./use-task-query";
import { recentTasksKey } from "./use-recent-tasks";

/** Now, re-read every second while `running`. */
function useNow(running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return now;
}

/** The list shows the same task: refresh it the moment the panel sees the task settle. */
function useRefreshListWhenSettled(task: PresentedTask | undefined) {
  const queryClient = useQueryClient();
  const settled = task ? isTaskSettled(task) : false;
  useEffect(() => {
    if (settled) void queryClient.invalidateQueries({ queryKey: recentTasksKey });
  }, [settled, queryClient]);
}

export function TaskPanel({
  taskId,
  onClose,
  onRemix,
}: {
  taskId: string | null;
  onClose: () => void;
  onRemix: (taskId: string) => void;
}) {
  const query = useTaskQuery(taskId);
  useRefreshListWhenSettled(query.data);
  const t = useTranslations("task");
  const errorMessage = useErrorMessage();

  return (
    <section
      id="task-panel"
      aria-labelledby="task-panel-heading"
      data-testid="task-panel"
      className="rounded-2xl border border-zinc-800 bg-zinc-900/40 p-5"
    >
      <div className="flex items-center justify-between gap-3">
        <h2 id="task-panel-heading" className="text-sm font-semibold text-zinc-200">
          {t("heading")}
        </h2>
        {taskId && (
          <Button size="sm" variant="ghost" onClick={onClose} aria-label={t("closeLabel")}>
            {t("close")}
          </Button>
        )}
      </div>
      {!taskId ? (
        <p className="mt-3 text-sm leading-relaxed text-zinc-400">{t("intro")}</p>
      ) : query.data ? (
        <TaskDetails task={query.data} stale={query.isError} onRemix={onRemix} />
      ) : query.isError ? (
        <Alert
          tone="danger"
          live
          className="mt-3"
          title={t("loadFailed", { id: taskId })}
          testId="task-error"
        >
          {query.error instanceof ApiError && query.error.status === 404
            ? t("noSuchTask")
            : errorMessage(query.error)}
        </Alert>
      ) : (
        <div className="mt-4 flex items-center gap-2 text-sm text-zinc-400">
          <Spinner label={t("loadingLabel")} /> {t("loading")}
        </div>
      )}
    </section>
  );
}

function TaskDetails({
  task,
  stale,
  onRemix,
}: {
  task: PresentedTask;
  stale: boolean;
  onRemix: (taskId: string) => void;
}) {
  const status = task.status ?? "queued";
  const terminal = isTerminal(status);
  const now = useNow(!terminal);
  const started = submittedAt(task);
  const ended = finishedAt(task) ?? (terminal ? undefined : now);
  const progress = progressPercent(task.progress);
  const amount = numberOf(task.amount);
  const actualDuration = numberOf(task.actualDuration);
  const t = useTranslations("task");
  const tElapsed = useTranslations("elapsed");
  const format = useFormat();
  const statusLabel = useStatusLabel();
  const sayFailure = useFailureMessage();
  const elapsed = (ms: number) => {
    const parts = elapsedParts(ms);
    return tElapsed(parts.unit, parts);
  };

  return (
    <div className="mt-3 space-y-4">
      <div className="space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-mono text-sm text-zinc-100">{task.model}</span>
          <span data-testid="task-status" aria-live="polite">
            <Badge tone={statusTone(status)}>{statusLabel(status)}</Badge>
          </span>
        </div>
        <p className="truncate font-mono text-xs text-zinc-400" title={task.id} translate="no">
          <span className="sr-only">{t("idLabel")} </span>
          {task.id}
        </p>
      </div>

      {!terminal && (
        <div className="space-y-1.5">
          <ProgressBar value={status === "queued" ? undefined : progress} label={t("progressLabel")} />
          <p className="text-xs text-zinc-400" data-testid="task-progress">
            {status === "queued"
              ? t("waiting")
              : progress !== undefined
                ? `${Math.round(progress)}%`
                : t("working")}
          </p>
        </div>
      )}

      {!terminal && task.studio.lastPollError && (
        <p className="text-xs text-amber-300" data-testid="task-poll-error">
          {t("pollError", { error: sayFailure(answerFailure(task.studio, "lastPollError")) })}
        </p>
      )}

      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4 lg:grid-cols-2 xl:grid-cols-4">
        <Stat label={t("elapsed")} testId="task-elapsed">
          {started !== undefined && ended !== undefined ? elapsed(ended - started) : "—"}
        </Stat>
        <Stat label={t("cost")} testId="task-amount">
          {amount !== undefined ? t("credits", { amount }) : "—"}
        </Stat>
        <Stat label={t("duration")} testId="task-duration">
          {actualDuration !== undefined ? t("seconds", { value: actualDuration }) : "—"}
        </Stat>
        <Stat label={t("submitted")}>{started !== undefined ? format.time(started) : "—"}</Stat>
      </dl>

      {stale && <p className="text-xs text-amber-300">{t("stale")}</p>}
      {status === "failed" && (
        <Alert tone="danger" title={t("failed")} testId="task-failed">
          {sayFailure(answerFailure(task)) || t("failedNoMessage")}
        </Alert>
      )}
      {status === "completed" && <TaskResult task={task} />}

      <div className="flex flex-wrap gap-2 border-t border-zinc-800 pt-3">
        <Button size="sm" onClick={() => onRemix(task.id)}>
          {t("remix")}
        </Button>
        <Link
          href={`/gallery?item=${encodeURIComponent(task.id)}`}
          className="inline-flex h-8 items-center rounded-md px-2.5 text-xs font-medium text-zinc-300 hover:bg-zinc-800 hover:text-white"
        >
          {t("openInGallery")}
        </Link>
      </div>
    </div>
  );
}

function Stat({ label, testId, children }: { label: string; testId?: string; children: ReactNode }) {
  return (
    <div className="rounded-lg border border-zinc-800 bg-zinc-950/60 px-3 py-2">
      <dt className="text-[11px] uppercase tracking-wider text-zinc-400">{label}</dt>
      <dd data-testid={testId} className="mt-0.5 tabular-nums text-zinc-100">
        {children}
      </dd>
    </div>
  );
}
