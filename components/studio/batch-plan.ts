import { planBatch, type PlanResult } from "@/lib/batches/plan";
import { batchRequestSchema, type BatchRequestInput } from "@/lib/batches/request-schema";

/**
 * The same plan the server makes, in the browser: every item's issues before anything is sent.
 * Apart from batch-settings.ts so the batch schema (zod) loads with the batch section, after the page.
 */
export function planInBrowser(request: BatchRequestInput): PlanResult {
  const parsed = batchRequestSchema.safeParse(request);
  if (!parsed.success)
    return {
      ok: false,
      issues: parsed.error.issues.map((i) => ({
        path: i.path.join("."),
        message: `${i.path.join(".") || "batch"}: ${i.message}`,
        rule: i.message,
        source: -1,
        model: "",
        field: "",
        variations: [],
      })),
    };
  return planBatch(parsed.data);
}
