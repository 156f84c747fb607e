import { apiError } from "./api-error";

/**
 * Spec, Authentication 1: every API request carries `Authorization: Bearer <API_KEY>`. The sandbox
 * accepts any non-empty key (it has no accounts) but never records or echoes it.
 */
export function hasBearerToken(request: Request): boolean {
  const header = request.headers.get("authorization");
  return header !== null && /^Bearer\s+\S+/i.test(header.trim());
}

export function unauthorizedMessage(request: Request): string {
  return request.headers.has("authorization")
    ? "The Authorization header is malformed; expected `Bearer <API_KEY>`."
    : "Missing Authorization header; send `Authorization: Bearer <API_KEY>`.";
}

export function unauthorized(request: Request): Response {
  const response = apiError(401, "authentication_error", "unauthorized", unauthorizedMessage(request));
  response.headers.set("WWW-Authenticate", 'Bearer realm="model-task-service"');
  return response;
}
