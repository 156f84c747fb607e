import { planBatch, type PlanResult } from "@/lib/batches/plan";
import { batchRequestSchema, type BatchRequestInput } from "@/lib/batches/request-schema";
import { zodIssueCode } from "@/lib/http/zod-issue";

/**
 * The same plan the server makes, in the browser: every item's issues before anything is sent.
 * Apart from batch-settings.ts so the batch schema (zod) loads with the batch section, after the page.
 * A request the schema refuses gets the codes the server would answer (lib/http/zod-issue.ts).
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
        ...zodIssueCode(i),
        source: -1,
        model: "",
        field: "",
        variations: [],
        variationTag: "",
      })),
    };
  return planBatch(parsed.data);
}
