import type { ModelDef, ModelKind } from "../catalog";

/**
 * The price model used when no completed task had this task's size: credits scale with the
 * duration (seconds), the picture's pixels (resolution) and the count of outputs (`n`), from the
 * nearest known settings of the same model. A 10 s 720p task that cost 2 prices a 30 s 1080p task
 * at 2 × (30 / 10) × (1920·1080 / 1280·720) = 13.5. Other size parameters (quality, fps, a named
 * size) have no known ratio: history that differs in one of them is not scaled.
 */
export type SizeParam = { name: string; scale: "duration" | "pixels" | "count" | "other" };

const DURATION = /duration|seconds|length/i;
const PIXELS = /resolution|^size$/i;
const COUNT = /^n$|count|num/i;
export const SIZE_PARAM = /duration|resolution|size|quality|seconds|length|fps|^n$|count|num/i;

export function sizeParams(model: ModelDef): SizeParam[] {
  return model.params
    .filter((p) => p.name !== "seed" && SIZE_PARAM.test(p.name))
    .filter((p) => p.type === "enum" || p.type === "integer" || p.type === "boolean")
    .map((p) => ({
      name: p.name,
      scale: DURATION.test(p.name)
        ? "duration"
        : PIXELS.test(p.name)
          ? "pixels"
          : COUNT.test(p.name)
            ? "count"
            : "other",
    }));
}

/** Named heights of the catalog's resolutions; "720p" style is read as a 16:9 picture of that height. */
const K_HEIGHT: Record<string, number> = { "1k": 1080, "2k": 1440, "3k": 1728, "4k": 2160 };

/** Pixels of a resolution value ("720p", "2K", "1280x720", "1024*1024"); null when unreadable. */
export function pixelsOf(value: unknown): number | null {
  if (typeof value !== "string") return null;
  const text = value.trim().toLowerCase();
  const wxh = /^(\d+)\s*[x*×:]\s*(\d+)$/.exec(text);
  if (wxh) return Number(wxh[1]) * Number(wxh[2]);
  const p = /^(\d+)p$/.exec(text);
  const height = p ? Number(p[1]) : K_HEIGHT[text];
  return height ? Math.round((height * 16) / 9) * height : null;
}

function amountOf(scale: SizeParam["scale"], value: unknown): number | null {
  if (scale === "pixels") return pixelsOf(value);
  const n = typeof value === "number" ? value : typeof value === "string" ? Number(value) : NaN;
  return Number.isFinite(n) && n > 0 ? n : null;
}

/**
 * How much bigger the target is than a history row: the product of the ratios of its duration,
 * pixels and count; null when another size parameter differs or a value cannot be read.
 */
export function scaleFactor(
  params: readonly SizeParam[],
  target: Record<string, unknown>,
  row: Record<string, unknown>,
): number | null {
  let factor = 1;
  for (const param of params) {
    const a = target[param.name];
    const b = row[param.name];
    if (a === b) continue;
    if (param.scale === "other") return null;
    const x = amountOf(param.scale, a);
    const y = amountOf(param.scale, b);
    if (x === null || y === null) return null;
    factor *= x / y;
  }
  return factor;
}

/** Conservative credits a task of a model nobody has completed yet is counted at (ESTIMATE_DEFAULT_*). */
export type EstimateDefaults = Record<ModelKind, number>;

export const DEFAULT_ESTIMATES: EstimateDefaults = { video: 10, image: 2 };
