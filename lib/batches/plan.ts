import { getModel, validateTaskRequest } from "../catalog";
import { isStudioError, StudioError, type Issue } from "../errors";
import { applyOverrides, carryOver, modelFieldNames } from "./carry-over";
import type { BatchRequest } from "./request-schema";
import { seedParam, variationSeeds } from "./seeds";

/** One task of a plan: validated and normalized by the catalog, model included. */
export type PlannedItem = {
  /** Send order: variation 1 of every source, then variation 2, … (one of each model early). */
  index: number;
  /** Which model (models mode) or explicit body (items mode) it comes from, 0-based. */
  source: number;
  model: string;
  /** 1-based. */
  variation: number;
  body: Record<string, unknown>;
};

/**
 * A problem with one source of the batch. `path` points into the batch request
 * (`overrides["sd2_disc_nvid"].duration`, `body.prompt`, `items[2].seed`); `message` names the
 * model, the variations concerned and the field: `sd2_disc_nvid #1–2 · duration: must be …`.
 */
export type PlanIssue = Issue & {
  source: number;
  model: string;
  field: string;
  /** The catalog's own words, without the model and field prefix: "must be 768P (got "1080p")". */
  rule: string;
  variations: number[];
  /** The variations concerned as `message` names them (" #1–2"; "" for a batch of one variation). */
  variationTag: string;
};

export type PlanResult = { ok: true; items: PlannedItem[] } | { ok: false; issues: PlanIssue[] };

type Source = { model: string; body: Record<string, unknown>; pathOf: (field: string) => string };

const head = (field: string) => field.split(/[.[]/)[0];
const suffix = (field: string) => (field.startsWith("[") ? field : `.${field}`);

function sourcesOf(request: BatchRequest): { sources: Source[]; issues: PlanIssue[] } {
  if (request.items) {
    const sources = request.items.map((item, i) => {
      const { model, ...body } = item;
      return {
        model: typeof model === "string" ? model : String(model ?? ""),
        body,
        pathOf: (field: string) => `items[${i}]${suffix(field)}`,
      };
    });
    return { sources, issues: [] };
  }
  const shared = request.body ?? {};
  const models = request.models ?? [];
  const declared = new Set<string>();
  const sources = models.map((model) => {
    const def = getModel(model);
    const overrides = request.overrides?.[model] ?? {};
    if (def) modelFieldNames(def).forEach((name) => declared.add(name));
    const carried = def ? carryOver(def, shared).carried : shared;
    return {
      model,
      body: applyOverrides(carried, overrides),
      pathOf: (field: string) =>
        head(field) in overrides
          ? `overrides[${JSON.stringify(model)}]${suffix(field)}`
          : `body${suffix(field || "model")}`,
    };
  });
  // A shared field that reaches no model is a typo or a field of a model not in the batch.
  const issues = Object.keys(shared)
    .filter((key) => !declared.has(key) && models.every((m) => getModel(m)))
    .map((key) => ({
      path: `body.${key}`,
      message: `body · ${key}: no model of this batch has this field (${models.join(", ")})`,
      rule: `no model of this batch has this field (${models.join(", ")})`,
      code: "batch_field_unused",
      params: { models },
      source: -1,
      model: "",
      field: key,
      variations: [],
      variationTag: "",
    }));
  return { sources, issues };
}

/** The body of one variation: its own seed when the model has one and there are several variations. */
function variationBodies(source: Source, count: number, random: () => number): Record<string, unknown>[] {
  const model = getModel(source.model);
  const param = model && count > 1 ? seedParam(model) : undefined;
  const seeds = param ? variationSeeds(param, source.body.seed, count, random) : null;
  return Array.from({ length: count }, (_, i) => (seeds ? { ...source.body, seed: seeds[i] } : source.body));
}

type CheckedIssue = Pick<Issue, "message" | "code" | "params"> & { field: string };
type Checked = { ok: true; body: Record<string, unknown> } | { ok: false; issues: CheckedIssue[] };

/** The catalog's verdict on one task; the normalized body (canonical names, "5" → 5) is what is sent. */
function check(model: string, body: Record<string, unknown>): Checked {
  try {
    return { ok: true, body: validateTaskRequest({ ...body, model }).body };
  } catch (error) {
    if (!isStudioError(error)) throw error;
    if (error.issues.length)
      return {
        ok: false,
        issues: error.issues.map((i) => ({
          field: i.path,
          message: i.message,
          code: i.code,
          params: i.params,
        })),
      };
    // The catalog's only refusal without field issues: a model visible but not invocable.
    const unavailable = error.code === "model_unavailable" && typeof error.details.reason === "string";
    return {
      ok: false,
      issues: [
        {
          field: "model",
          message: error.message,
          ...(unavailable
            ? { code: "batch_model_unavailable", params: { reason: error.details.reason as string } }
            : {}),
        },
      ],
    };
  }
}

function variationLabel(variations: number[], count: number): string {
  if (count === 1) return "";
  const contiguous = variations.every((v, i) => i === 0 || v === variations[i - 1] + 1);
  if (variations.length > 1 && contiguous) return ` #${variations[0]}–${variations.at(-1)}`;
  return ` #${variations.join(", #")}`;
}

/**
 * Expands a batch request into its tasks and validates every one with the catalog before anything
 * is stored or sent: all or nothing. Issues that every variation shares are reported once.
 */
export function planBatch(request: BatchRequest, random: () => number = Math.random): PlanResult {
  const count = request.variations;
  const { sources, issues } = sourcesOf(request);
  const items: PlannedItem[] = [];
  const grouped = new Map<string, PlanIssue>();

  const bodies = sources.map((source) => variationBodies(source, count, random));
  for (let v = 0; v < count; v++) {
    sources.forEach((source, s) => {
      const checked = check(source.model, bodies[s][v]);
      if (checked.ok) {
        items.push({
          index: items.length,
          source: s,
          model: source.model,
          variation: v + 1,
          body: checked.body,
        });
        return;
      }
      for (const { field, message, code, params } of checked.issues) {
        const key = JSON.stringify([s, field, message]);
        const known = grouped.get(key);
        if (known) known.variations.push(v + 1);
        else
          grouped.set(key, {
            path: source.pathOf(field),
            message,
            rule: message,
            code,
            params,
            source: s,
            model: source.model,
            field,
            variations: [v + 1],
            variationTag: "",
          });
      }
    });
  }

  for (const issue of grouped.values()) {
    const label = request.items ? `item ${issue.source + 1} (${issue.model})` : issue.model;
    issue.variationTag = variationLabel(issue.variations, count);
    issue.message = `${label}${issue.variationTag} · ${issue.field || "body"}: ${issue.message}`;
    issues.push(issue);
  }
  return issues.length ? { ok: false, issues } : { ok: true, items };
}

/** planBatch for the server: the plan, or one 400 that lists every issue. */
export function planOrThrow(request: BatchRequest, random?: () => number): PlannedItem[] {
  const result = planBatch(request, random);
  if (result.ok) return result.items;
  const [first] = result.issues;
  const more = result.issues.length > 1 ? ` (and ${result.issues.length - 1} more)` : "";
  throw new StudioError("invalid_request", `Nothing was sent: ${first.message}${more}`, {
    issues: result.issues.map(({ path, message, code, params }) => ({ path, message, code, params })),
  });
}
