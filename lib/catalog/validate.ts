import { formatPath, StudioError } from "../errors";
import { gotParam, isPlainObject, shortValue } from "./describe-value";
import type { IssueCode, IssueParams } from "./issues";
import { findModelByName, getModel, suggestModelIds } from "./lookup";
import { normalizeRequest } from "./normalize";
import type { ModelDef } from "./types";

const modelIssue = (message: string, code: IssueCode, params: IssueParams = {}) => [
  { path: "model", message, code, params },
];

/** Resolves `model` to a submittable definition or throws the StudioError the proxy returns. */
export function resolveModel(value: unknown): ModelDef {
  if (value === undefined || value === null || value === "") {
    const message = "is required: the Model ID to run, e.g. sd2_disc_nvid";
    throw new StudioError("invalid_request", `model: ${message}`, {
      issues: modelIssue(message, "model_required"),
    });
  }
  if (typeof value !== "string") {
    const message = `must be a Model ID string (got ${shortValue(value)})`;
    throw new StudioError("invalid_request", `model: ${message}`, {
      issues: modelIssue(message, "model_not_string", { got: gotParam(value) }),
    });
  }
  const model = getModel(value);
  if (!model) {
    const name = findModelByName(value);
    const message = name
      ? `"${name.name}" is a model name, not a Model ID. The upstream fails to resolve model names; ` +
        `send the Model ID in the model field (the spec does not publish the id behind this name).`
      : `Unknown model "${value}": not a Model ID of the catalog.` + suggestionText(suggestModelIds(value));
    const issues = name
      ? modelIssue(message, "model_is_name", { name: name.name })
      : modelIssue(message, "model_unknown", { value, suggestions: suggestModelIds(value) });
    throw new StudioError("unknown_model", message, { issues });
  }
  if (model.unavailableReason) {
    throw new StudioError(
      "model_unavailable",
      `${model.id} is visible but not available for invocation (${model.unavailableReason}): ` +
        `its page is for reference only and grants no invocation access.`,
      { details: { reason: model.unavailableReason } },
    );
  }
  return model;
}

function suggestionText(ids: string[]): string {
  return ids.length ? ` Did you mean ${ids.map((id) => `"${id}"`).join(" or ")}?` : "";
}

/**
 * Validates a full task body ({ model, ...params }) and returns it normalized for the upstream.
 * Throws StudioError: invalid_request (400, issues[]), unknown_model (400), model_unavailable (403).
 */
export function validateTaskRequest(body: unknown): { model: ModelDef; body: Record<string, unknown> } {
  if (!isPlainObject(body)) {
    const message = `must be a JSON object with model and its parameters (got ${shortValue(body)})`;
    throw new StudioError("invalid_request", `body: ${message}`, {
      issues: [{ path: "body", message, code: "body_not_object", params: { got: gotParam(body) } }],
    });
  }
  const model = resolveModel(body.model);
  const result = normalizeRequest(model, body);
  if (!result.ok) {
    const issues = result.issues.map((i) => ({
      path: formatPath(i.path),
      message: i.message,
      code: i.code,
      params: i.params ?? {},
    }));
    const [first] = issues;
    const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : "";
    throw new StudioError("invalid_request", `${first.path || "body"}: ${first.message}${more}`, { issues });
  }
  return { model, body: { model: model.id, ...result.value } };
}
