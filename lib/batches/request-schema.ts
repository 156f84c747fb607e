import { z } from "zod";
import type { IssueParams } from "../catalog/issues";

/**
 * The body of `POST /api/batches` (and what the studio form sends): either one shared body run on
 * several models (`models` + `body` + per-model `overrides`), or explicit task bodies (`items`);
 * each is run `variations` times. Browser-safe: the form plans and validates with it too. The
 * batch's own rules carry `batch_…` issue codes (lib/http/zod-issue.ts reads them) that the form
 * words in the page's language (messages batchPlanIssues.*).
 */
export const MAX_VARIATIONS = 50;
export const MAX_BATCH_MODELS = 20;
/** However it is spelled, one batch never plans more tasks than this (a typo must not bill 1,000 runs). */
const MAX_BATCH_ITEMS = 200;
const MAX_BATCH_INTERVAL_MS = 600_000;

const object = (what: string) =>
  z.record(z.string(), z.unknown(), { error: `must be a JSON object of ${what}` });

export const batchRequestSchema = z
  .strictObject({
    title: z
      .string({ error: "must be text" })
      .trim()
      .max(200, { error: "must be at most 200 characters" })
      .optional(),
    models: z
      .array(z.string({ error: "must be a Model ID" }).trim().min(1, { error: "must be a Model ID" }), {
        error: "must be an array of Model IDs",
      })
      .min(1, { error: "must name at least one model" })
      .max(MAX_BATCH_MODELS, { error: `must name at most ${MAX_BATCH_MODELS} models` })
      .optional(),
    body: object("the parameters every model shares (prompt, …)").optional(),
    overrides: z
      .record(z.string(), object("that model's parameters"), {
        error: "must map Model IDs to parameter objects",
      })
      .optional(),
    items: z
      .array(object("a task body ({ model, prompt, … })"), { error: "must be an array of task bodies" })
      .min(1, { error: "must hold at least one task body" })
      .max(MAX_BATCH_ITEMS, { error: `must hold at most ${MAX_BATCH_ITEMS} task bodies` })
      .optional(),
    variations: z
      .number({ error: `must be a whole number from 1 to ${MAX_VARIATIONS}` })
      .int({ error: `must be a whole number from 1 to ${MAX_VARIATIONS}` })
      .min(1, { error: `must be a whole number from 1 to ${MAX_VARIATIONS}` })
      .max(MAX_VARIATIONS, { error: `must be a whole number from 1 to ${MAX_VARIATIONS}` })
      .default(1),
    intervalMs: z
      .number({ error: `must be a whole number of milliseconds from 0 to ${MAX_BATCH_INTERVAL_MS}` })
      .int({ error: `must be a whole number of milliseconds from 0 to ${MAX_BATCH_INTERVAL_MS}` })
      .min(0, { error: `must be a whole number of milliseconds from 0 to ${MAX_BATCH_INTERVAL_MS}` })
      .max(MAX_BATCH_INTERVAL_MS, {
        error: `must be a whole number of milliseconds from 0 to ${MAX_BATCH_INTERVAL_MS}`,
      })
      .optional(),
  })
  .superRefine((request, ctx) => {
    const issue = (path: (string | number)[], message: string, code: string, params: IssueParams = {}) =>
      ctx.addIssue({ code: "custom", path, message, params: { code, params } });
    if (!request.models && !request.items)
      issue([], "give models (with a shared body) or items (task bodies)", "batch_models_or_items");
    if (request.models && request.items)
      issue(["items"], "give models or items, not both", "batch_models_and_items");
    if (!request.models) {
      if (request.body) issue(["body"], "is only used with models", "batch_only_with_models");
      if (request.overrides) issue(["overrides"], "is only used with models", "batch_only_with_models");
      return;
    }
    const seen = new Set<string>();
    request.models.forEach((model, i) => {
      if (seen.has(model)) {
        const message = `lists ${model} twice; use variations to run it more than once`;
        issue(["models", i], message, "batch_model_twice", { model });
      }
      seen.add(model);
    });
    if (request.body && "model" in request.body)
      issue(["body", "model"], "is set by models; remove it", "batch_model_set_by_models");
    for (const [model, fields] of Object.entries(request.overrides ?? {})) {
      if (!seen.has(model))
        issue(["overrides", model], "is not one of models", "batch_override_not_in_models", { model });
      if ("model" in fields)
        issue(["overrides", model, "model"], "cannot change the model", "batch_override_changes_model");
    }
    tooManyTasks(request.models.length, request.variations, issue);
  })
  .superRefine((request, ctx) => {
    if (request.items)
      tooManyTasks(request.items.length, request.variations, (path, message, code, params) =>
        ctx.addIssue({ code: "custom", path, message, params: { code, params } }),
      );
  });

/** A batch of `sources` models or items × `variations` plans at most MAX_BATCH_ITEMS tasks. */
function tooManyTasks(
  sources: number,
  variations: number,
  issue: (path: string[], message: string, code: string, params: IssueParams) => void,
) {
  const count = sources * variations;
  if (count > MAX_BATCH_ITEMS)
    issue(
      ["variations"],
      `${sources} × ${variations} = ${count} tasks; a batch holds at most ${MAX_BATCH_ITEMS}`,
      "batch_too_many_tasks",
      { sources, variations, count, max: MAX_BATCH_ITEMS },
    );
}

export type BatchRequest = z.infer<typeof batchRequestSchema>;
/** What callers write: `variations` may be left out. */
export type BatchRequestInput = z.input<typeof batchRequestSchema>;
