import { getModel, type ModelDef, type ParamDef } from "@/lib/catalog";
import type { PlanIssue } from "@/lib/batches/plan";
import type { BatchRequestInput } from "@/lib/batches/request-schema";

/**
 * The form's batch settings. An override value is what its control holds (text for inputs and
 * JSON, one URL a line for media); `null` means "not sent for this model"; a missing key means
 * "the shared value".
 */
export type BatchSettings = {
  variations: number;
  /** The other models the prompt also runs on (the form's own model is always first). */
  models: string[];
  overrides: Record<string, Record<string, unknown>>;
};

export const NO_BATCH: BatchSettings = { variations: 1, models: [], overrides: {} };

/** Anything but one run of the form's model (an unreadable variations count is a batch to fix, not one task). */
export const isBatch = (settings: BatchSettings) => settings.variations !== 1 || settings.models.length > 0;

export const taskCount = (settings: BatchSettings) => settings.variations * (1 + settings.models.length);

/** An override control's value as the request takes it (the catalog then checks and normalizes it). */
function overrideRequestValue(param: ParamDef | undefined, value: unknown): unknown {
  if (value === null || value === undefined) return value;
  if (typeof value !== "string") return value;
  if (!value.trim()) return undefined;
  switch (param?.type) {
    case "boolean":
      return value === "true";
    case "media":
      return value
        .split("\n")
        .map((line) => line.trim())
        .filter(Boolean);
    case "json":
      try {
        return JSON.parse(value);
      } catch {
        return value; // the catalog says "not valid JSON" and where
      }
    default:
      return value;
  }
}

function requestOverrides(settings: BatchSettings): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {};
  for (const id of settings.models) {
    const model = getModel(id);
    const fields: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(settings.overrides[id] ?? {})) {
      const converted = overrideRequestValue(
        model?.params.find((p) => p.name === name),
        value,
      );
      if (converted !== undefined) fields[name] = converted;
    }
    if (Object.keys(fields).length) out[id] = fields;
  }
  return out;
}

/** The `POST /api/batches` body for the form's model, its (normalized or cleaned) values and the settings. */
export function batchRequest(
  model: ModelDef,
  body: Record<string, unknown>,
  settings: BatchSettings,
  variations = settings.variations,
): BatchRequestInput {
  return {
    models: [model.id, ...settings.models],
    body,
    overrides: requestOverrides(settings),
    variations,
  };
}

/** Issues by model id (the form's own model's issues are already on its fields). */
export function issuesByModel(issues: PlanIssue[]): Map<string, PlanIssue[]> {
  const byModel = new Map<string, PlanIssue[]>();
  for (const issue of issues) byModel.set(issue.model, [...(byModel.get(issue.model) ?? []), issue]);
  return byModel;
}
