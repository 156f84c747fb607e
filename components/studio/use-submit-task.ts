"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { fetchJson } from "@/components/api-client";
import { getModel } from "@/lib/catalog";
import { MEDIA_CHECK_HEADER, SKIP_UNREACHABLE } from "@/lib/media-inspection/override";
import type { FormValues } from "./form-values";
import type { PresentedTask } from "./task-types";
import { taskQueryKey } from "./use-task-query";
import { recentTasksKey } from "./use-recent-tasks";

/** The studio's mirror of the endpoint the model belongs to: the task API or its v1 family's. */
function submitPath(modelId: string): string {
  const v1 = getModel(modelId)?.v1;
  return v1 ? `/api/v1/${encodeURIComponent(v1.path)}/videos` : "/api/v2/model-center/tasks";
}

/**
 * POST `{ model, ...params }` to the model's endpoint; the answer is the stored task.
 * `sendAnyway`: the user saw the files the studio could not check and sends regardless (a header,
 * since the body goes to the upstream as it is).
 */
export function useSubmitTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ model, body, sendAnyway }: { model: string; body: FormValues; sendAnyway?: boolean }) =>
      fetchJson<PresentedTask>(submitPath(model), {
        method: "POST",
        headers: sendAnyway ? { [MEDIA_CHECK_HEADER]: SKIP_UNREACHABLE } : undefined,
        body: JSON.stringify({ model, ...body }),
      }),
    onSuccess: (task) => {
      queryClient.setQueryData(taskQueryKey(task.id), task);
      void queryClient.invalidateQueries({ queryKey: recentTasksKey });
      // What is left of the budget changed (components/studio/cost-estimate.tsx).
      void queryClient.invalidateQueries({ queryKey: ["task-estimate"] });
    },
  });
}
