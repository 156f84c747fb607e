"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { fetchJson } from "@/components/api-client";
import { getModel } from "@/lib/catalog";
import type { FormValues } from "./form-values";
import type { PresentedTask } from "./task-types";
import { taskQueryKey } from "./use-task-query";
import { recentTasksKey } from "./use-recent-tasks";

/** The studio's mirror of the endpoint the model belongs to: the task API or its v1 family's. */
function submitPath(modelId: string): string {
  const v1 = getModel(modelId)?.v1;
  return v1 ? `/api/v1/${encodeURIComponent(v1.path)}/videos` : "/api/v2/model-center/tasks";
}

/** POST `{ model, ...params }` to the model's endpoint; the answer is the stored task. */
export function useSubmitTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ model, body }: { model: string; body: FormValues }) =>
      fetchJson<PresentedTask>(submitPath(model), {
        method: "POST",
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
