/**
 * The sandbox's native text API: POST {llm_base_url}/v1/models/{model}:generateContent and
 * :streamGenerateContent (JSON array by default, SSE with ?alt=sse). The sandbox router has
 * already checked the Authorization header. Rejections use the native API's usual error shape,
 * `{ "error": { "code", "message", "status" } }`.
 */
import { TEXT_MODELS, isTextModel } from "@/lib/catalog";
import { formatPath } from "@/lib/errors";
import { generateContentRequestSchema } from "@/lib/upstream/native-schema";
import { composeReply, lastUserText, parseTextTriggers } from "./text/reply";
import { completeResponse, streamResponse } from "./text/respond";
import { composeVisionReply, visionJob } from "./text/vision-reply";

const statusNames: Record<number, string> = {
  400: "INVALID_ARGUMENT",
  401: "UNAUTHENTICATED",
  403: "PERMISSION_DENIED",
  404: "NOT_FOUND",
  429: "RESOURCE_EXHAUSTED",
  500: "INTERNAL",
  503: "UNAVAILABLE",
  504: "DEADLINE_EXCEEDED",
};

const triggerMessages: Record<number, string> = {
  400: "Request contains an invalid argument.",
  429: "Resource has been exhausted (e.g. check quota).",
  500: "An internal error has occurred. Please retry or report in https://example.invalid/support.",
  503: "The model is overloaded. Please try again later.",
};

function textApiError(status: number, message: string, details?: unknown[]): Response {
  const body = {
    error: {
      code: status,
      message,
      status: statusNames[status] ?? "UNKNOWN",
      ...(details ? { details } : {}),
    },
  };
  return Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
}

export async function handleTextApi(
  request: Request,
  model: string,
  method: "generateContent" | "streamGenerateContent",
): Promise<Response> {
  if (!isTextModel(model)) {
    return textApiError(
      404,
      `models/${model} is not found or is not a text model. Text models: ${TEXT_MODELS.map((m) => m.id).join(", ")}.`,
    );
  }
  let json: unknown;
  try {
    json = await request.json();
  } catch {
    return textApiError(400, "Invalid JSON payload received: the body is not JSON.");
  }
  const parsed = generateContentRequestSchema.safeParse(json);
  if (!parsed.success) {
    const violations = parsed.error.issues.map((i) => ({
      field: formatPath(i.path),
      description: i.message,
    }));
    const first = violations[0];
    return textApiError(400, `Invalid value at '${first.field || "body"}': ${first.description}`, [
      { "@type": "type.googleapis.com/google.rpc.BadRequest", fieldViolations: violations },
    ]);
  }
  const body = parsed.data;
  const triggers = parseTextTriggers(lastUserText(body));
  if (triggers.errorStatus) {
    const status = triggers.errorStatus;
    return textApiError(
      status,
      `${triggerMessages[status] ?? `Sandbox error ${status}.`} (sandbox trigger [error:${status}])`,
    );
  }
  const job = visionJob(body);
  const reply = job ? await composeVisionReply(job, body) : await composeReply(model, body);
  if (method === "generateContent") return completeResponse(model, reply);
  const framing = new URL(request.url).searchParams.get("alt") === "sse" ? "sse" : "json";
  return streamResponse(model, reply, framing, request.signal);
}
