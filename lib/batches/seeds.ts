import type { ModelDef, ParamDef } from "../catalog";

type IntegerParam = Extract<ParamDef, { type: "integer" }>;
const MAX_SEED = 2147483647;

/** The model's `seed` field, when its catalog entry has one. */
export function seedParam(model: ModelDef): IntegerParam | undefined {
  const param = model.params.find((p) => p.name === "seed");
  return param?.type === "integer" ? param : undefined;
}

function asInteger(value: unknown): number | undefined {
  if (typeof value === "number" && Number.isSafeInteger(value)) return value;
  if (typeof value === "string" && /^\s*-?\d+\s*$/.test(value)) return Number(value);
  return undefined;
}

/**
 * Seeds for `count` variations within the field's bounds. A given base seed counts up from itself
 * (base, base+1, …, wrapping inside the bounds) so a batch can be reproduced; no base — or a value
 * below zero, which the asset-library models read as "random" — gives distinct random seeds.
 * A value the field rejects gives null: the body keeps it and the catalog names the problem.
 */
export function variationSeeds(
  param: IntegerParam,
  base: unknown,
  count: number,
  random: () => number = Math.random,
): number[] | null {
  const low = Math.max(param.min ?? 0, 0);
  const high = param.max ?? MAX_SEED;
  const span = high - low + 1;
  if (base !== undefined && base !== null && base !== "") {
    const start = asInteger(base);
    if (start === undefined || (param.min !== undefined && start < param.min) || start > high) return null;
    if (start >= low) return Array.from({ length: count }, (_, i) => low + ((start - low + i) % span));
  }
  const seeds = new Set<number>();
  for (let tries = 0; seeds.size < count && tries < count * 20; tries++)
    seeds.add(low + Math.floor(random() * span));
  // A random source that keeps repeating itself still ends, with distinct seeds.
  for (let next = low; seeds.size < count; next++) seeds.add(next);
  return [...seeds];
}
