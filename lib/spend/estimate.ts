import "server-only";
import { getModel, type ModelDef } from "../catalog";
import { env } from "../env";
import type { Prisma } from "../generated/prisma/client";
import { DEFAULT_ESTIMATES, scaleFactor, SIZE_PARAM, sizeParams, type EstimateDefaults } from "./price-model";

/**
 * A task's cost before it is sent, never unknown and never 0 for lack of history: from what
 * completed tasks of the same model cost (their `amount`, every user's: the price is the upstream's),
 * most specific first —
 * 1. `same_parameters`: the median of the last SAMPLES with every cost parameter equal;
 * 2. `same_size`: … with the size parameters (duration, resolution, n …) equal;
 * 3. `scaled`: the nearest known size of the model, scaled by the price model (price-model.ts);
 * 4. `same_model`: the most any recent task of the model cost (sizes that cannot be scaled: a
 *    median of small tasks must not price a big one);
 * 5. `default`: no history: the conservative default of the model's kind (ESTIMATE_DEFAULT_*).
 * Only the first is certain: the others carry `uncertain`, which the budget check and the form use.
 */
export type Estimate = {
  /** Credits, rounded to 2 decimals. */
  credits: number;
  /** Which history it came from. */
  basis: "same_parameters" | "same_size" | "scaled" | "same_model" | "default";
  /** How many completed tasks it is drawn from (0 for the default). */
  samples: number;
  /** The basis is not tasks with the same parameters: the real price may differ. */
  uncertain: boolean;
};

const SAMPLES = 20;
/** How far back one estimate looks (newest first) for matching tasks of the model. */
const SCAN = 500;

type Body = Record<string, unknown>;
type Key = { all: string; size: string; values: Body };

/**
 * The values that may change the price: every enum, integer and boolean parameter except the seed
 * (catalog defaults filled in, so "left out" and "the default" match). Prompts and media do not count.
 */
function costParams(model: ModelDef | undefined, body: Body): Key {
  const all: [string, unknown][] = [];
  const size: [string, unknown][] = [];
  const values: Body = {};
  for (const param of model?.params ?? []) {
    if (param.name === "seed") continue;
    if (param.type !== "enum" && param.type !== "integer" && param.type !== "boolean") continue;
    // A blank field (the form's "" while not chosen) is a field left out: the default.
    const given = body[param.name] === "" ? undefined : body[param.name];
    const raw = given ?? param.default ?? null;
    const value = typeof raw === "number" || typeof raw === "boolean" ? String(raw) : raw;
    all.push([param.name, value]);
    values[param.name] = value;
    if (SIZE_PARAM.test(param.name)) size.push([param.name, value]);
  }
  return { all: JSON.stringify(all), size: JSON.stringify(size), values };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

type History = { amount: number; key: Key }[];

/** For many estimates at once (a budget check over running tasks and batch items): one read per model. */
export class EstimateCache {
  readonly estimates = new Map<string, Promise<Estimate>>();
  readonly histories = new Map<string, Promise<History>>();
  constructor(readonly defaults: EstimateDefaults = estimateDefaults()) {}
}

/** The configured defaults (ESTIMATE_DEFAULT_VIDEO_CREDITS, ESTIMATE_DEFAULT_IMAGE_CREDITS). */
export function estimateDefaults(): EstimateDefaults {
  try {
    return env().estimateDefaults;
  } catch {
    // A tool without a full environment (a test's child process) still gets the documented defaults.
    return DEFAULT_ESTIMATES;
  }
}

export async function estimateTask(
  db: Prisma.TransactionClient,
  modelId: string,
  body: Body,
  cache = new EstimateCache(),
): Promise<Estimate> {
  const model = getModel(modelId);
  const key = costParams(model, body);
  const cacheKey = `${modelId}\u0000${key.all}`;
  let estimate = cache.estimates.get(cacheKey);
  if (!estimate) {
    estimate = compute(db, modelId, model, key, cache);
    cache.estimates.set(cacheKey, estimate);
  }
  return estimate;
}

function historyOf(
  db: Prisma.TransactionClient,
  modelId: string,
  model: ModelDef | undefined,
  cache: EstimateCache,
) {
  let history = cache.histories.get(modelId);
  if (!history) {
    history = db.task
      .findMany({
        where: { model: modelId, status: "completed", amount: { not: null } },
        orderBy: [{ submittedAt: "desc" }, { id: "desc" }],
        take: SCAN,
        select: { amount: true, request: true },
      })
      .then((rows) =>
        rows.map((row) => ({ amount: row.amount!, key: costParams(model, parseBody(row.request)) })),
      );
    cache.histories.set(modelId, history);
  }
  return history;
}

async function compute(
  db: Prisma.TransactionClient,
  modelId: string,
  model: ModelDef | undefined,
  key: Key,
  cache: EstimateCache,
): Promise<Estimate> {
  const rows = await historyOf(db, modelId, model, cache);
  const pick = (basis: Estimate["basis"], credits: number, samples: number): Estimate => ({
    credits: round2(credits),
    basis,
    samples,
    uncertain: basis !== "same_parameters",
  });
  const same = rows.filter((row) => row.key.all === key.all).slice(0, SAMPLES);
  if (same.length) return pick("same_parameters", median(same.map((r) => r.amount)), same.length);
  const sameSize = rows.filter((row) => row.key.size === key.size).slice(0, SAMPLES);
  if (sameSize.length) return pick("same_size", median(sameSize.map((r) => r.amount)), sameSize.length);
  const scaled = model ? scaleFromNearest(model, key, rows) : null;
  if (scaled) return pick("scaled", scaled.credits, scaled.samples);
  const recent = rows.slice(0, SAMPLES).map((row) => row.amount);
  if (recent.length) return pick("same_model", Math.max(...recent), recent.length);
  return pick("default", model ? cache.defaults[model.kind] : Math.max(...Object.values(cache.defaults)), 0);
}

/**
 * The nearest known size (the smallest scale, up or down) of the model: its median scaled by the
 * price model. Sizes equally near are all scaled and the dearest wins.
 */
function scaleFromNearest(
  model: ModelDef,
  key: Key,
  rows: History,
): { credits: number; samples: number } | null {
  const params = sizeParams(model);
  const groups = new Map<string, { factor: number; amounts: number[] }>();
  for (const row of rows) {
    const group = groups.get(row.key.size);
    if (group) {
      if (group.amounts.length < SAMPLES) group.amounts.push(row.amount);
      continue;
    }
    const factor = scaleFactor(params, key.values, row.key.values);
    if (factor !== null && factor > 0) groups.set(row.key.size, { factor, amounts: [row.amount] });
  }
  let best: { distance: number; credits: number; samples: number } | null = null;
  for (const { factor, amounts } of groups.values()) {
    const distance = Math.round(Math.abs(Math.log(factor)) * 1e6);
    const credits = median(amounts) * factor;
    if (!best || distance < best.distance || (distance === best.distance && credits > best.credits))
      best = { distance, credits, samples: amounts.length };
  }
  return best && { credits: best.credits, samples: best.samples };
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
