/**
 * The human message inside an upstream error body. The spec does not show the shape of rejected
 * requests, so every common one is read: { error: { message } }, { error: "…" }, { message },
 * { msg }, { detail } (string or FastAPI-style list), { error_message }, { errors: [{ message }] },
 * and the same inside a { data } wrapper.
 */
export function extractErrorMessage(body: unknown, depth = 0): string | undefined {
  if (depth > 3 || body === null || body === undefined) return undefined;
  if (typeof body === "string") return body.trim() || undefined;
  if (Array.isArray(body)) {
    const parts = body.map((item) => extractErrorMessage(item, depth + 1)).filter(Boolean);
    return parts.length ? parts.join("; ") : undefined;
  }
  if (typeof body !== "object") return undefined;
  const record = body as Record<string, unknown>;
  for (const key of [
    "error",
    "message",
    "msg",
    "detail",
    "error_message",
    "errors",
    "error_msg",
    "description",
  ]) {
    const found = extractErrorMessage(record[key], depth + 1);
    if (found) return withLocation(found, record);
  }
  if (record.data && typeof record.data === "object") return extractErrorMessage(record.data, depth + 1);
  return undefined;
}

// FastAPI-style items carry the field in `loc`; the field name is what makes the message useful.
function withLocation(message: string, record: Record<string, unknown>): string {
  const loc = record.loc;
  if (!Array.isArray(loc) || loc.length === 0) return message;
  const field = loc.filter((part) => part !== "body").join(".");
  return field ? `${field}: ${message}` : message;
}

/** An upstream error code such as "invalid_request" when the body carries one. */
export function extractErrorCode(body: unknown): string | undefined {
  if (!body || typeof body !== "object") return undefined;
  const record = body as Record<string, unknown>;
  const nested =
    record.error && typeof record.error === "object" ? (record.error as Record<string, unknown>) : {};
  const code = nested.code ?? nested.type ?? record.code;
  return typeof code === "string" || typeof code === "number" ? String(code) : undefined;
}
