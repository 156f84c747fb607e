"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useErrorMessage } from "@/components/i18n/use-error-message";
import { useFormat } from "@/components/i18n/use-format";
import { Alert } from "@/components/ui/alert";
import { ProgressBar } from "@/components/ui/progress-bar";
import { Spinner } from "@/components/ui/spinner";
import { BatchCounts } from "./batch-counts";
import { useBatchesQuery } from "./use-batch-queries";

/** Every batch, newest first, with where its items stand. */
export function BatchList() {
  const query = useBatchesQuery();
  const t = useTranslations("batches");
  const format = useFormat();
  const errorMessage = useErrorMessage();
  return (
    <div className="mx-auto max-w-5xl space-y-5 px-4 py-6">
      <div className="flex items-baseline justify-between gap-4">
        <h1 className="text-xl font-semibold tracking-tight">{t("heading")}</h1>
        <p className="text-sm text-zinc-400">
          {t.rich("intro", { code: (chunks) => <code translate="no">{chunks}</code> })}
        </p>
      </div>
      {query.isPending ? (
        <div className="flex h-40 items-center justify-center">
          <Spinner label={t("loadingList")} />
        </div>
      ) : query.isError ? (
        <Alert tone="danger" live title={t("listFailed")}>
          {errorMessage(query.error)}
        </Alert>
      ) : query.data.items.length === 0 ? (
        <p className="rounded-xl border border-zinc-800 p-6 text-sm text-zinc-400">{t("empty")}</p>
      ) : (
        <ul className="space-y-3">
          {query.data.items.map((batch) => (
            <li key={batch.id} data-testid="batch-row" data-batch-id={batch.id}>
              <Link
                href={`/batches/${encodeURIComponent(batch.id)}`}
                className="block space-y-2 rounded-xl border border-zinc-800 bg-zinc-900/40 p-4 transition-colors hover:border-zinc-600"
              >
                <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                  <span className="font-medium text-zinc-100" data-user-text>
                    {batch.title}
                  </span>
                  <span className="text-xs text-zinc-400">{format.dateTime(batch.createdAt)}</span>
                  <span className="ml-auto text-xs text-zinc-400">
                    {batch.done ? t("done") : t("running")}
                  </span>
                </div>
                <p className="truncate font-mono text-xs text-zinc-400" translate="no">
                  {batch.models.join(" · ")} × {batch.variations}
                </p>
                <BatchCounts batch={batch} />
                <ProgressBar
                  value={(batch.counts.settled / Math.max(1, batch.counts.total)) * 100}
                  label={t("progressOf", { name: batch.title })}
                />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
