"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import type { ModelDef } from "@/lib/catalog";
import { useCreateBatch } from "@/components/batches/use-batch-queries";
import { ApiError } from "@/components/api-client";
import type { BatchIssue } from "./batch-issue-message";
import { batchRequest, type BatchSettings } from "./batch-settings";
import { useBatchIssueWording } from "./use-batch-issue-wording";

/**
 * Submits the form as a batch: planned and checked in the browser first (the server's own plan and
 * messages), so a batch with one bad item is refused whole before any request; then stored by the
 * server, and the batch page opens. `issues` are the batch's problems in the page's language.
 */
export function useBatchSubmit(model: ModelDef) {
  const router = useRouter();
  const create = useCreateBatch();
  const wording = useBatchIssueWording();
  const [issues, setIssues] = useState<BatchIssue[]>([]);

  const submit = async (body: Record<string, unknown>, settings: BatchSettings, sendAnyway = false) => {
    setIssues([]);
    create.reset();
    const request = batchRequest(model, body, settings);
    // Loaded with the batch section already; imported here so the page's first load stays without it.
    const { planInBrowser } = await import("./batch-plan");
    const plan = planInBrowser(request);
    if (!plan.ok) return setIssues(plan.issues);
    try {
      const batch = await create.mutateAsync({ request, sendAnyway });
      router.push(`/batches/${encodeURIComponent(batch.id)}`);
    } catch (error) {
      // The server's issues name a path, not a model and variations: worded as the batch's own.
      if (error instanceof ApiError && error.issues.length) setIssues(error.issues);
    }
  };

  return {
    submit,
    issues: issues.map(wording.line),
    error: issues.length ? null : create.error,
    pending: create.isPending || create.isSuccess,
    reset: () => {
      setIssues([]);
      create.reset();
    },
  };
}
