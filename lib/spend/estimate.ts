import "server-only";
import { getModel, type ModelDef } from "../catalog";
import type { Prisma } from "../generated/prisma/client";

/**
 * A task's cost before it is sent, from what completed tasks of the same model cost (their
 * `amount`): the median of the last SAMPLES with the same cost parameters, else with the same
 * size parameters (duration, resolution, size…), else of the model; unknown with no history.
 * Costs are the upstream's, whoever paid them, so every user's history counts.
 */
export type Estimate = {
  /** Credits, rounded to 2 decimals; null when no completed task of the model has an amount. */
  credits: number | null;
  /** Which history it came from. */
  basis: "same_parameters" | "same_size" | "same_model" | "none";
  /** How many completed tasks the median is of. */
  samples: number;
};

const SAMPLES = 20;
/** How far back one estimate looks (newest first) for matching tasks of the model. */
const SCAN = 500;

// Parameters whose names say they scale the work: matched when no task had every parameter equal.
const SIZE_PARAM = /duration|resolution|size|quality|seconds|length|fps|^n$|count|num/i;

type Body = Record<string, unknown>;

/**
 * The values that may change the price: every enum, integer and boolean parameter except the seed
 * (catalog defaults filled in, so "left out" and "the default" match). Prompts and media do not count.
 */
function costParams(model: ModelDef, body: Body): { all: string; size: string } {
  const all: [string, unknown][] = [];
  const size: [string, unknown][] = [];
  for (const param of model.params) {
    if (param.name === "seed") continue;
    if (param.type !== "enum" && param.type !== "integer" && param.type !== "boolean") continue;
    const raw = body[param.name] ?? param.default ?? null;
    const value = typeof raw === "number" || typeof raw === "boolean" ? String(raw) : raw;
    all.push([param.name, value]);
    if (SIZE_PARAM.test(param.name)) size.push([param.name, value]);
  }
  return { all: JSON.stringify(all), size: JSON.stringify(size) };
}

function median(values: readonly number[]): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

type History = { amount: number; request: string }[];

/** For many estimates at once (a budget check over running tasks and batch items): one read per model. */
export class EstimateCache {
  readonly estimates = new Map<string, Promise<Estimate>>();
  readonly histories = new Map<string, Promise<History>>();
}

export async function estimateTask(
  db: Prisma.TransactionClient,
  modelId: string,
  body: Body,
  cache = new EstimateCache(),
): Promise<Estimate> {
  const model = getModel(modelId);
  const key = model ? costParams(model, body) : { all: "[]", size: "[]" };
  const cacheKey = `${modelId}\u0000${key.all}`;
  let estimate = cache.estimates.get(cacheKey);
  if (!estimate) {
    estimate = compute(db, modelId, model, key, cache);
    cache.estimates.set(cacheKey, estimate);
  }
  return estimate;
}

async function compute(
  db: Prisma.TransactionClient,
  modelId: string,
  model: ModelDef | undefined,
  key: { all: string; size: string },
  cache: EstimateCache,
): Promise<Estimate> {
  let history = cache.histories.get(modelId);
  if (!history) {
    history = db.task
      .findMany({
        where: { model: modelId, status: "completed", amount: { not: null } },
        orderBy: [{ submittedAt: "desc" }, { id: "desc" }],
        take: SCAN,
        select: { amount: true, request: true },
      })
      .then((rows) => rows.map((row) => ({ amount: row.amount!, request: row.request })));
    cache.histories.set(modelId, history);
  }
  const rows = await history;
  const same: number[] = [];
  const sameSize: number[] = [];
  for (const row of rows) {
    if (same.length >= SAMPLES) break;
    const params = model ? costParams(model, parseBody(row.request)) : { all: "[]", size: "[]" };
    if (params.all === key.all) same.push(row.amount);
    if (params.size === key.size && sameSize.length < SAMPLES) sameSize.push(row.amount);
  }
  const pick = (basis: Estimate["basis"], values: number[]): Estimate => ({
    credits: round2(median(values)!),
    basis,
    samples: values.length,
  });
  if (same.length) return pick("same_parameters", same);
  if (sameSize.length) return pick("same_size", sameSize);
  const any = rows.slice(0, SAMPLES).map((row) => row.amount);
  if (any.length) return pick("same_model", any);
  return { credits: null, basis: "none", samples: 0 };
}

/** A stored request or batch item body; anything unreadable is an empty body. */
export function parseBody(text: string): Body {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Body) : {};
  } catch {
    return {};
  }
}
