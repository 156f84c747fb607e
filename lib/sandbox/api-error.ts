/**
 * Rejections in one plausible upstream shape. The spec does not show status codes or bodies of
 * rejected requests; the sandbox answers `{ "error": { "message", "type", "code", "param"? } }`
 * (see docs/decisions/sandbox.md) so the studio's client is exercised against a shape that is
 * not its own.
 */
export type ApiErrorType =
  "authentication_error" | "invalid_request_error" | "permission_error" | "not_found_error" | "api_error";

export type ApiErrorBody = {
  error: { message: string; type: ApiErrorType; code: string; param?: string };
};

export function apiError(
  status: number,
  type: ApiErrorType,
  code: string,
  message: string,
  param?: string,
): Response {
  const body: ApiErrorBody = { error: { message, type, code, ...(param ? { param } : {}) } };
  return Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
}

export const notFound = (message: string, code = "not_found") =>
  apiError(404, "not_found_error", code, message);

export const methodNotAllowed = (method: string, allowed: readonly string[]) => {
  const response = apiError(
    405,
    "invalid_request_error",
    "method_not_allowed",
    `${method} is not allowed here; use ${allowed.join(" or ")}.`,
  );
  response.headers.set("Allow", allowed.join(", "));
  return response;
};

const NATIVE_STATUS: Record<number, string> = {
  400: "INVALID_ARGUMENT",
  401: "UNAUTHENTICATED",
  404: "NOT_FOUND",
  405: "INVALID_ARGUMENT",
  413: "INVALID_ARGUMENT",
  415: "INVALID_ARGUMENT",
};

/**
 * Errors on the native text API's paths, in that API's own layout (`{ error: { code, message,
 * status } }`), the layout the text API handler answers with too.
 */
export function nativeApiError(status: number, message: string): Response {
  const body = { error: { code: status, message, status: NATIVE_STATUS[status] ?? "UNKNOWN" } };
  return Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
}
