/**
 * The `{model}:{method}` path segment of the native text API, checked against the spec's text
 * models and the two methods.
 */
import { TEXT_MODELS, isTextModel } from "../catalog";
import { StudioError } from "../errors";
import { percentDecode } from "../http/percent-decode";
import { TEXT_METHODS, type TextMethod } from "../upstream/native-schema";

export function parseTextTarget(segment: string): { model: string; method: TextMethod } {
  const target = decodeSegment(segment);
  const colon = target.lastIndexOf(":");
  if (colon <= 0) {
    throw new StudioError(
      "invalid_request",
      `The path must end in /v1/models/{model}:${TEXT_METHODS.join(" or :")}, got "${target}".`,
    );
  }
  const model = target.slice(0, colon);
  const method = target.slice(colon + 1);
  if (!(TEXT_METHODS as readonly string[]).includes(method)) {
    throw new StudioError(
      "invalid_request",
      `Unknown method "${method}"; the text API offers ${TEXT_METHODS.join(" and ")}.`,
      { issues: [{ path: "method", message: `must be ${TEXT_METHODS.join(" or ")}` }] },
    );
  }
  if (!isTextModel(model)) {
    const ids = TEXT_MODELS.map((m) => m.id).join(", ");
    throw new StudioError("unknown_model", `"${model}" is not a text model. Valid ids: ${ids}.`, {
      issues: [{ path: "model", message: `must be one of ${ids}` }],
    });
  }
  return { model, method: method as TextMethod };
}

function decodeSegment(segment: string): string {
  return percentDecode(
    segment,
    "model",
    `The path segment "${segment}" is not valid percent-encoding: a "%" must be followed by two hex digits.`,
  );
}
