"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { fetchJson, jsonInit } from "@/components/api-client";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { lazy, Suspense, useState } from "react";
import type { BatchDetail, BatchItemView } from "@/lib/batches/types";
import { patchReview } from "@/components/gallery/api";
import { CompareView } from "@/components/gallery/compare-view";
import { useErrorMessage } from "@/components/i18n/use-error-message";
import { useFormat } from "@/components/i18n/use-format";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ProgressBar } from "@/components/ui/progress-bar";
import { Spinner } from "@/components/ui/spinner";
import { BatchCounts } from "./batch-counts";
import { BatchItemCard } from "./batch-item-card";
import { HeldByBudget } from "./held-by-budget";
import { batchKey, useBatchQuery, useRetryItem } from "./use-batch-queries";

const MAX_COMPARE = 4;
const AddToCollectionDialog = lazy(() =>
  import("@/components/collections/add-to-collection-dialog").then((module) => ({
    default: module.AddToCollectionDialog,
  })),
);

/**
 * Items grouped by model, in the order the models were given; variations left to right, or the
 * best-scored takes first (issue 25: takes scored against their prompt).
 */
function byModel(items: BatchItemView[], order: "plan" | "score"): [string, BatchItemView[]][] {
  const groups = new Map<string, BatchItemView[]>();
  const score = (item: BatchItemView) => item.task?.take?.score ?? -1;
  for (const item of [...items].sort(
    (a, b) => (order === "score" ? score(b) - score(a) : 0) || a.variation - b.variation || a.index - b.index,
  ))
    groups.set(item.model, [...(groups.get(item.model) ?? []), item]);
  return [...groups.entries()];
}

/** The take with the highest score of a model's items (the first of equals), if any is scored. */
function bestTake(items: BatchItemView[]): string | null {
  let best: BatchItemView | null = null;
  for (const item of items) if ((item.task?.take?.score ?? -1) > (best?.task?.take?.score ?? -1)) best = item;
  return best?.task?.take ? best.id : null;
}

/** The batch page: every item's state and progress, results in a grid, compare, review and retry. */
export function BatchView({ id }: { id: string }) {
  const t = useTranslations("batches");
  const format = useFormat();
  const errorMessage = useErrorMessage();
  const queryClient = useQueryClient();
  const retry = useRetryItem(id);
  const [selected, setSelected] = useState<string[]>([]);
  const [comparing, setComparing] = useState(false);
  // The tasks "add to collection" was asked for (the selection, or every task of the batch).
  const [collecting, setCollecting] = useState<string[] | null>(null);
  const [confirming, setConfirming] = useState<BatchItemView | null>(null);
  const [order, setOrder] = useState<"plan" | "score">("plan");
  const scoring = useQuery({
    queryKey: ["vision", "score", id],
    queryFn: () => fetchJson<{ on: boolean }>(`/api/vision/score?batchId=${encodeURIComponent(id)}`),
  });
  const query = useBatchQuery(id, scoring.data?.on ?? false);
  const setScoring = useMutation({
    mutationFn: (on: boolean) =>
      fetchJson<{ on: boolean }>("/api/vision/score", jsonInit("PUT", { batchId: id, on })),
    onSuccess: (data) => {
      queryClient.setQueryData(["vision", "score", id], { on: data.on });
      void queryClient.invalidateQueries({ queryKey: batchKey(id) });
    },
  });
  const review = useMutation({
    mutationFn: ({
      taskId,
      patch,
    }: {
      taskId: string;
      patch: { favorite?: boolean; rating?: number | null };
    }) => patchReview(taskId, patch),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: batchKey(id) }),
  });

  if (query.isPending)
    return (
      <div className="flex h-64 items-center justify-center">
        <Spinner label={t("loading")} />
      </div>
    );
  if (query.isError)
    return (
      <div className="mx-auto max-w-3xl p-6">
        <Alert tone="danger" title={t("loadFailed")} live>
          {errorMessage(query.error)}
        </Alert>
      </div>
    );

  const batch: BatchDetail = query.data;
  const mutationError = setScoring.error ?? retry.error ?? review.error;
  const resultIds = batch.items.flatMap((item) => (item.task?.status === "completed" ? [item.task.id] : []));

  return (
    <>
      <div className="mx-auto max-w-screen-2xl space-y-6 px-4 py-6" inert={comparing}>
        <header className="space-y-3">
          <p className="text-sm text-zinc-400">
            <Link href="/batches" className="hover:underline">
              {t("heading")}
            </Link>{" "}
            / <span translate="no">{batch.id}</span>
          </p>
          <h1 data-testid="batch-title" className="text-xl font-semibold tracking-tight" data-user-text>
            {batch.title}
          </h1>
          <p className="text-sm text-zinc-400">
            {t("summary", {
              models: batch.models.length,
              variations: batch.variations,
              created: format.dateTime(batch.createdAt),
              seconds: batch.intervalMs / 1000,
            })}
          </p>
          <BatchCounts batch={batch} />
          <ProgressBar
            value={(batch.counts.settled / Math.max(1, batch.counts.total)) * 100}
            label={t("progress")}
          />
          <div className="flex flex-wrap items-center gap-2">
            <Link
              href={`/gallery?batch=${encodeURIComponent(batch.id)}`}
              data-testid="batch-open-gallery"
              className="inline-flex h-9 items-center rounded-md border border-zinc-700 bg-zinc-900 px-3.5 text-sm font-medium hover:bg-zinc-800"
            >
              {t("openInGallery")}
            </Link>
            <Button
              disabled={selected.length < 2}
              onClick={() => setComparing(true)}
              data-testid="batch-compare"
            >
              {selected.length >= 2 ? t("compareSelected", { count: selected.length }) : t("compareHint")}
            </Button>
            <Button
              disabled={resultIds.length === 0}
              onClick={() => setCollecting(selected.length > 0 ? selected : resultIds)}
              data-testid="batch-collect"
            >
              {selected.length > 0 ? t("collectSelected", { count: selected.length }) : t("collectAll")}
            </Button>
            <label className="flex items-center gap-1.5 text-sm text-zinc-300">
              <input
                type="checkbox"
                className="size-4 accent-sky-500"
                checked={scoring.data?.on ?? false}
                disabled={!scoring.data || setScoring.isPending}
                onChange={(e) => setScoring.mutate(e.target.checked)}
              />
              {t("scoreTakes")}
            </label>
            <label className="flex items-center gap-1.5 text-sm text-zinc-300">
              {t("order")}
              <select
                className="h-9 rounded-md border border-zinc-700 bg-zinc-900 px-2 text-sm"
                value={order}
                onChange={(e) => setOrder(e.target.value as "plan" | "score")}
              >
                <option value="plan">{t("orderPlan")}</option>
                <option value="score">{t("orderScore")}</option>
              </select>
            </label>
            {selected.length > 0 && (
              <Button variant="ghost" onClick={() => setSelected([])}>
                {t("clearSelection")}
              </Button>
            )}
          </div>
          <HeldByBudget batch={batch} />
          {mutationError && (
            <Alert tone="danger" live title={t("actionFailed")}>
              {errorMessage(mutationError)}
            </Alert>
          )}
        </header>

        {byModel(batch.items, order).map(([model, items]) => (
          <section key={model} aria-label={model} className="space-y-3">
            <h2 className="font-mono text-sm text-zinc-300">{model}</h2>
            <div
              data-testid="batch-grid"
              className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4"
            >
              {items.map((item) => (
                <BatchItemCard
                  key={item.id}
                  best={item.id === bestTake(items)}
                  batchId={batch.id}
                  item={item}
                  selected={item.task ? selected.includes(item.task.id) : false}
                  onSelect={(on) => {
                    const taskId = item.task!.id;
                    setSelected((ids) =>
                      on
                        ? [...ids.filter((i) => i !== taskId), taskId].slice(-MAX_COMPARE)
                        : ids.filter((i) => i !== taskId),
                    );
                  }}
                  onReview={(patch) => review.mutate({ taskId: item.task!.id, patch })}
                  onRetry={() =>
                    item.retry === "send_again" ? setConfirming(item) : retry.mutate({ itemId: item.id })
                  }
                />
              ))}
            </div>
          </section>
        ))}
      </div>

      {comparing && selected.length >= 2 && (
        <CompareView ids={selected} onClose={() => setComparing(false)} onCollect={setCollecting} />
      )}
      {collecting && (
        <Suspense fallback={null}>
          <AddToCollectionDialog ids={collecting} onClose={() => setCollecting(null)} />
        </Suspense>
      )}
      <ConfirmDialog
        open={confirming !== null}
        title={t("sendAgainTitle")}
        confirmLabel={t("sendAgainConfirm")}
        busy={retry.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          if (confirming)
            retry.mutate(
              { itemId: confirming.id, acknowledgeDuplicate: true },
              { onSettled: () => setConfirming(null) },
            );
        }}
      >
        <p>{t("sendAgainText")}</p>
        <p className="mt-2">{t("sendAgainCheck")}</p>
      </ConfirmDialog>
    </>
  );
}
