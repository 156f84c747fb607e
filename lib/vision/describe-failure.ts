import { failureOf, isStudioError, type Failure } from "../errors";

/**
 * Why an item has no description (TaskDescription.reason): the English sentence the answers have
 * always carried, with a code and params so the detail view words it in its own language (messages
 * `failures.describe_*`). A thrown error's own code and details travel as `cause` (a budget's
 * numbers, the upstream's status and words).
 */
export const describeFailure = {
  noMedia: (): Failure => ({
    code: "describe_no_media",
    message: "The item has no stored image or video to describe.",
  }),
  /** `problem` is the schema's rule the answer broke (lib/vision/description-schema.ts), as written. */
  invalidAnswer: (problem: string): Failure => ({
    code: "describe_invalid_answer",
    message: `The vision model's answer did not fit the description schema twice: ${problem}.`,
    params: { problem },
  }),
  /**
   * Refused before asking the model (over budget): the backfill queues it again later. A text
   * budget's refusal (lib/spend/text-admission.ts) is worded from its numbers; any other keeps
   * its own code as `cause`.
   */
  refused: (error: unknown): Failure => {
    const budget = textBudget(error);
    return budget
      ? {
          code: "describe_over_budget",
          message: `Not described: ${(error as Error).message}`,
          params: budget,
        }
      : notDescribed("describe_refused", error);
  },
  /** Given up after the upstream failed on every attempt. */
  failed: (error: unknown): Failure => notDescribed("describe_failed", error),
};

function notDescribed(code: string, error: unknown): Failure {
  const cause = failureOf(error);
  return { code, message: `Not described: ${cause.message}`, params: { cause } };
}

function textBudget(error: unknown): { period: string; unit: string; spent: number; limit: number } | null {
  if (!isStudioError(error) || error.code !== "budget_exceeded") return null;
  const { period, unit, spent, limit } = error.details;
  if (period !== "day" && period !== "month") return null;
  if (unit !== "tokens" && unit !== "credits") return null;
  if (typeof spent !== "number" || typeof limit !== "number") return null;
  return { period, unit, spent, limit };
}
