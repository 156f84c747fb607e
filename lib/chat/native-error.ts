import type { StudioError } from "../errors";

/**
 * A studio refusal in the text API's own error shape, `{ error: { code, message, status, details } }`
 * with a numeric HTTP code and a google.rpc status, so that the native clients pointed at the mirror
 * read it as they read the upstream's quota errors. The rule is named twice: the `reason` of an
 * ErrorInfo detail (what SDKs expose) and the studio's own fields beside it.
 */
const RPC_STATUS: Record<number, string> = {
  400: "INVALID_ARGUMENT",
  401: "UNAUTHENTICATED",
  402: "RESOURCE_EXHAUSTED",
  403: "PERMISSION_DENIED",
  404: "NOT_FOUND",
  409: "ABORTED",
  429: "RESOURCE_EXHAUSTED",
};

export function nativeErrorResponse(error: StudioError): Response {
  const metadata = Object.fromEntries(
    Object.entries(error.details).map(([key, value]) => [key, value === null ? "" : String(value)]),
  );
  const body = {
    error: {
      code: error.status,
      message: error.message,
      status: RPC_STATUS[error.status] ?? "UNKNOWN",
      details: [
        {
          "@type": "type.googleapis.com/google.rpc.ErrorInfo",
          reason: error.code.toUpperCase(),
          domain: "model-studio",
          metadata,
        },
      ],
      studio: { code: error.code, ...error.details },
    },
  };
  const retryAfter = error.details.retryAfterSeconds;
  return Response.json(body, {
    status: error.status,
    headers: typeof retryAfter === "number" ? { "Retry-After": String(retryAfter) } : {},
  });
}
