"use client";

import clsx from "clsx";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Badge, statusTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useErrorMessage } from "@/components/i18n/use-error-message";
import { useFormat } from "@/components/i18n/use-format";
import { useStatusLabel } from "@/components/i18n/use-status-label";
import { promptOf, submittedAt, taskMedia } from "./task-format";
import type { PresentedTaskSummary } from "./task-types";
import { useRecentTasks } from "./use-recent-tasks";

/** Re-read every 30 s so "2 min ago" stays honest. */
function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** Every task the studio knows, newest first: closing the tab loses nothing. */
export function RecentTasks({
  selectedId,
  onOpen,
}: {
  selectedId: string | null;
  onOpen: (id: string) => void;
}) {
  const query = useRecentTasks();
  const now = useMinuteClock();
  const t = useTranslations("recent");
  const errorMessage = useErrorMessage();
  const tasks = query.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <section
      aria-labelledby="recent-tasks-heading"
      data-testid="recent-tasks"
      className="rounded-2xl border border-zinc-800 bg-zinc-900/40 p-5"
    >
      <div className="flex items-center justify-between">
        <h2 id="recent-tasks-heading" className="text-sm font-semibold text-zinc-200">
          {t("heading")}
        </h2>
        {query.isFetching && <Spinner label={t("refreshing")} />}
      </div>
      {query.isError && (
        <Alert tone="danger" className="mt-3" title={t("loadFailed")}>
          {errorMessage(query.error)}
        </Alert>
      )}
      {query.isSuccess && tasks.length === 0 && <p className="mt-3 text-sm text-zinc-400">{t("empty")}</p>}
      <ul className="mt-3 space-y-1">
        {tasks.map((task) => (
          <li key={task.id}>
            <RecentTaskItem task={task} now={now} selected={task.id === selectedId} onOpen={onOpen} />
          </li>
        ))}
      </ul>
      {query.hasNextPage && (
        <Button
          size="sm"
          variant="ghost"
          className="mt-2 w-full"
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {query.isFetchingNextPage ? t("loading") : t("older")}
        </Button>
      )}
    </section>
  );
}

function RecentTaskItem({
  task,
  now,
  selected,
  onOpen,
}: {
  task: PresentedTaskSummary;
  now: number;
  selected: boolean;
  onOpen: (id: string) => void;
}) {
  const at = submittedAt(task);
  const t = useTranslations("recent");
  const format = useFormat();
  const statusLabel = useStatusLabel();
  const thumbnail = taskMedia(task).results.find((media) => media.thumbnailUrl)?.thumbnailUrl;
  return (
    <button
      type="button"
      aria-current={selected ? "true" : undefined}
      data-testid="recent-task"
      data-task-id={task.id}
      onClick={() => onOpen(task.id)}
      className={clsx(
        "flex w-full items-center gap-3 rounded-lg border px-2.5 py-2 text-left transition-colors",
        selected
          ? "border-sky-500/60 bg-sky-500/10"
          : "border-transparent hover:border-zinc-700 hover:bg-zinc-800/60",
      )}
    >
      <span className="flex size-11 shrink-0 items-center justify-center overflow-hidden rounded-md border border-zinc-800 bg-zinc-950 text-[10px] uppercase text-zinc-400">
        {thumbnail ? (
          // eslint-disable-next-line @next/next/no-img-element -- a stored thumbnail served by the studio
          <img src={thumbnail} alt="" loading="lazy" className="size-full object-cover" />
        ) : (
          statusLabel(task.object)
        )}
      </span>
      <span className="min-w-0 flex-1">
        <span className="flex items-center gap-2">
          <span className="min-w-0 flex-1 truncate font-mono text-xs text-zinc-300">{task.model}</span>
          <Badge tone={statusTone(task.status)}>{statusLabel(task.status)}</Badge>
        </span>
        <span className="mt-1 flex items-baseline gap-2">
          <span className="min-w-0 flex-1 truncate text-sm text-zinc-100" data-user-text>
            {promptOf(task) || <span className="text-zinc-400">{t("noPrompt")}</span>}
          </span>
          {at !== undefined && (
            <time dateTime={new Date(at).toISOString()} className="shrink-0 text-xs text-zinc-400">
              {format.relative(at, now)}
            </time>
          )}
        </span>
      </span>
    </button>
  );
}
