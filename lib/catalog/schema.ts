import { z } from "zod";
import { checkFormValues } from "./form";
import { normalizeRequest } from "./normalize";
import type { CatalogIssue, ModelDef } from "./types";

type BodySchema = z.ZodType<Record<string, unknown>, unknown>;

function report(ctx: z.RefinementCtx, issues: CatalogIssue[]) {
  for (const { path, message, code, params } of issues)
    ctx.addIssue({ code: "custom", path, message, params: { code, params: params ?? {} } });
}

const requestSchemas = new Map<string, BodySchema>();
const formSchemas = new Map<string, BodySchema>();

/**
 * zod schema of a model's request body without `model`. Its output is the normalized body sent
 * upstream. The checks themselves are plain functions (normalize.ts) so every message is ours.
 */
export function requestSchema(model: ModelDef): BodySchema {
  let schema = requestSchemas.get(model.id);
  if (!schema) {
    schema = z.unknown().transform((input, ctx) => {
      const result = normalizeRequest(model, input);
      if (result.ok) return result.value;
      report(ctx, result.issues);
      return z.NEVER;
    });
    requestSchemas.set(model.id, schema);
  }
  return schema;
}

/** The same checks on the form's values (checkFormValues) as a zod schema. */
export function formSchema(model: ModelDef): z.ZodType<Record<string, unknown>, Record<string, unknown>> {
  let schema = formSchemas.get(model.id);
  if (!schema) {
    schema = z.unknown().transform((input, ctx) => {
      const result = checkFormValues(model, input);
      if (result.ok) return result.value;
      report(ctx, result.issues);
      return z.NEVER;
    });
    formSchemas.set(model.id, schema);
  }
  return schema as z.ZodType<Record<string, unknown>, Record<string, unknown>>;
}
