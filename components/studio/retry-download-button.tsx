"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { fetchJson } from "@/components/api-client";
import { useErrorMessage } from "@/components/i18n/use-error-message";
import { Button } from "@/components/ui/button";
import { taskQueryKey } from "./use-task-query";

/**
 * "Retry download" for a result file that was not stored while its URL lives (the server decides:
 * `retryable`). It fetches the stored result URL again — no credits, no new task — and refreshes
 * the task and gallery views, which then poll until the file is stored or fails again.
 */
export function RetryDownloadButton({ taskId, mediaId }: { taskId: string; mediaId: string }) {
  const client = useQueryClient();
  const t = useTranslations("result");
  const errorMessage = useErrorMessage();
  const retry = useMutation({
    mutationFn: () =>
      fetchJson(`/api/tasks/${encodeURIComponent(taskId)}/media/retry`, {
        method: "POST",
        body: JSON.stringify({ mediaId }),
      }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: taskQueryKey(taskId) });
      void client.invalidateQueries({ queryKey: ["gallery"] });
    },
  });
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <Button
        size="sm"
        onClick={() => retry.mutate()}
        disabled={retry.isPending}
        data-testid="retry-download"
        title={t("retryTitle")}
      >
        {retry.isPending ? t("retrying") : t("retry")}
      </Button>
      {retry.error && (
        <span className="text-xs text-red-300" data-testid="retry-download-error">
          {errorMessage(retry.error)}
        </span>
      )}
    </span>
  );
}
