import "server-only";
import { normalizeRequest, resolveModel } from "../catalog";
import { isPlainObject } from "../catalog/describe-value";
import type { Db } from "../db";
import { StudioError } from "../errors";
import { budgetStatus } from "./budget-check";
import type { PeriodSpend } from "./types";
import { estimateTask, type Estimate } from "./estimate";

export type EstimateAnswer = {
  model: string;
  estimate: Estimate;
  /** The user's limited periods and where they stand (none without a budget). */
  budget: PeriodSpend[];
};

/**
 * POST /api/tasks/estimate: the form's "≈ N credits" while the user edits. The body is a task body
 * as for submit; one that does not validate yet (an empty prompt) is estimated from its fields as
 * they are, since only the model and its size parameters matter. An unknown model is a 400.
 */
export async function estimateRequest(db: Db, userId: string, input: unknown): Promise<EstimateAnswer> {
  if (!isPlainObject(input)) {
    const message = "must be a JSON object with model and its parameters";
    throw new StudioError("invalid_request", `body: ${message}`, {
      issues: [{ path: "body", message, code: "body_not_object" }],
    });
  }
  const model = resolveModel(input.model);
  const normalized = normalizeRequest(model, input);
  const body = normalized.ok ? normalized.value : input;
  const [estimate, status] = await Promise.all([
    estimateTask(db, model.id, body),
    budgetStatus(db, userId, new Date()),
  ]);
  return { model: model.id, estimate, budget: status.periods.filter((p) => p.limit !== null) };
}
