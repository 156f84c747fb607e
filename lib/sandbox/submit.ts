import { findModelByName, validateTaskRequest, type ModelDef } from "@/lib/catalog";
import { isStudioError, StudioError } from "@/lib/errors";
import { apiError } from "./api-error";
import { newNonce, type TaskSeed } from "./task-codec";
import { parseTriggers } from "./triggers";

/**
 * Submit: the sandbox rejects exactly what the spec rejects, using the same catalog rules the
 * studio validates with, but answers in its own upstream-style shape (see api-error.ts).
 */
export function seedFromSubmit(
  body: Record<string, unknown>,
  options: { nowMs: number; defaultTtlSeconds: number; v1Family?: string; timeScale?: number },
): { seed: TaskSeed } | { rejection: Response } {
  let validated: { model: ModelDef; body: Record<string, unknown> };
  try {
    validated = validateTaskRequest(body);
  } catch (error) {
    if (isStudioError(error)) return { rejection: rejectionOf(error, body.model) };
    throw error;
  }
  const { model, body: params } = validated;
  // A model lives at one endpoint: the task API does not know v1 family ids, nor a family another's.
  if ((model.v1?.path ?? undefined) !== options.v1Family)
    return { rejection: rejectionOf(new StudioError("unknown_model", model.id), body.model) };
  const value = (name: string): unknown => params[name] ?? defaultOf(model, name);
  const triggers = parseTriggers(params.prompt);
  const resolution = value("resolution");
  const duration = Number(value(model.v1 ? "seconds" : "duration"));
  return {
    seed: {
      model: model.id,
      kind: model.kind,
      createdMs: options.nowMs,
      aspectRatio: aspectRatioOf(value("aspect_ratio"), model.kind),
      ...(typeof resolution === "string" ? { resolution } : {}),
      ...(Number.isInteger(duration) && duration > 0 ? { duration } : {}),
      lastFrame:
        model.params.some((p) => p.name === "return_last_frame") && value("return_last_frame") === true,
      fail: triggers.fail,
      fast: triggers.fast,
      slow: triggers.slow && !triggers.fast,
      ttlSeconds: triggers.ttlSeconds ?? options.defaultTtlSeconds,
      nonce: newNonce(),
      ...(options.v1Family !== undefined ? { v1Family: options.v1Family } : {}),
      ...(options.timeScale !== undefined && options.timeScale !== 1 ? { timeScale: options.timeScale } : {}),
    },
  };
}

/** The body keeps out defaults the user left out (catalog contract); the sandbox applies them. */
function defaultOf(model: ModelDef, name: string): unknown {
  const param = model.params.find((p) => p.name === name);
  return param && "default" in param ? param.default : undefined;
}

/** "adaptive" (follow the input image) and absent ratios fall back to the family's usual frame. */
function aspectRatioOf(value: unknown, kind: ModelDef["kind"]): string {
  if (typeof value === "string") {
    const match = /^(\d{1,2}):(\d{1,2})$/.exec(value.trim());
    if (match && Number(match[1]) > 0 && Number(match[2]) > 0) return `${match[1]}:${match[2]}`;
  }
  return kind === "image" ? "1:1" : "16:9";
}

function rejectionOf(error: StudioError, model: unknown): Response {
  const shown = typeof model === "string" ? model : JSON.stringify(model ?? null);
  switch (error.code) {
    case "unknown_model": {
      const isName = typeof model === "string" && findModelByName(model) !== undefined;
      const hint = isName ? ` "${shown}" is a model name; the model field takes the Model ID.` : "";
      return apiError(
        400,
        "invalid_request_error",
        "model_not_found",
        `Model "${shown}" could not be resolved.${hint}`,
        "model",
      );
    }
    case "model_unavailable": {
      const reason = String(error.details.reason ?? "brand_model_disabled");
      const response = apiError(
        403,
        "permission_error",
        reason,
        `Model "${shown}" is not available for invocation by this account (${reason}).`,
        "model",
      );
      return response;
    }
    default: {
      const issues = error.issues.length ? error.issues : [{ path: "", message: error.message }];
      const message = issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join("; ");
      return apiError(
        400,
        "invalid_request_error",
        "invalid_parameter",
        message,
        issues[0]?.path || undefined,
      );
    }
  }
}
