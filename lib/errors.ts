/**
 * One error type for the whole studio. Route handlers map it (and zod errors) to the JSON body
 * `{ "error": { "code", "message", "issues": [{ "path", "message" }] } }` in one place.
 */
export type ErrorCode =
  | "invalid_request" // 400: the body breaks a rule; `issues` names each field
  | "unknown_model" // 400: not a model id of the catalog
  | "model_unavailable" // 403: visible but not invocable; `reason` says why
  | "cross_origin" // 403: a state-changing request from another site's page
  | "host_not_allowed" // 421: addressed to a host the studio does not answer to (DNS rebinding)
  | "unauthorized" // 401: no valid session or API token (accounts are on)
  | "password_required" // 401: a share link with a password that this browser has not unlocked yet
  | "forbidden" // 403: signed in, but the role does not allow this
  | "account_disabled" // 403: the account was disabled by an admin
  | "rate_limited" // 429: too many attempts; `retryAfterSeconds` says when to try again
  | "budget_exceeded" // 402: the user's spend budget would be exceeded; spent, limit, estimate, period
  | "setup_required" // 503: accounts are on and no user exists yet: the first admin must be set up
  | "dependency_unavailable" // 503: the database or media store is down; `dependency`, `retryAfterSeconds`
  | "not_found" // 404
  | "conflict" // 409
  | "link_expired" // 410: a share link past its expiry
  | "payload_too_large" // 413
  | "unsupported_media_type" // 415: a JSON route got a body that is not application/json
  | "media_unverified" // 422: referenced files could not be checked; `unverified` lists them (override: a header)
  | "upstream_rejected" // upstream answered 4xx/5xx: its status and message are passed back
  | "upstream_unreachable" // 502: network error or timeout talking to the upstream
  | "upstream_bad_response" // 502: the upstream answered something that is not a task / not JSON
  | "internal"; // 500

/**
 * One field that breaks a rule: `message` in English for API clients; `code` (lib/catalog/issues.ts)
 * and `params` let the browser word it in the page's language. An issue made without a code is
 * answered with "invalid" (the browser then shows `message`).
 */
export type Issue = { path: string; message: string; code?: string; params?: Record<string, unknown> };

const defaultStatus: Record<ErrorCode, number> = {
  invalid_request: 400,
  unknown_model: 400,
  model_unavailable: 403,
  cross_origin: 403,
  host_not_allowed: 421,
  unauthorized: 401,
  password_required: 401,
  forbidden: 403,
  account_disabled: 403,
  rate_limited: 429,
  budget_exceeded: 402,
  setup_required: 503,
  dependency_unavailable: 503,
  not_found: 404,
  conflict: 409,
  link_expired: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  media_unverified: 422,
  upstream_rejected: 502,
  upstream_unreachable: 502,
  upstream_bad_response: 502,
  internal: 500,
};

export class StudioError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly issues: Issue[];
  /** Extra top-level fields of the error body, e.g. `reason` for an unavailable model. */
  readonly details: Record<string, unknown>;

  constructor(
    code: ErrorCode,
    message: string,
    options: { status?: number; issues?: Issue[]; details?: Record<string, unknown>; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = "StudioError";
    this.code = code;
    this.status = options.status ?? defaultStatus[code];
    this.issues = options.issues ?? [];
    this.details = options.details ?? {};
  }

  toJSON() {
    const issues = this.issues.map(({ path, message, code, params }) => ({
      path,
      message,
      code: code ?? "invalid",
      params: params ?? {},
    }));
    return { error: { code: this.code, message: this.message, issues, ...this.details } };
  }
}

export function isStudioError(error: unknown): error is StudioError {
  return error instanceof StudioError;
}

/** Joins a zod-style path into "reference_images[2]" / "generationConfig.topP". */
export function formatPath(path: ReadonlyArray<PropertyKey>): string {
  return path.reduce<string>((out, key) => {
    if (typeof key === "number") return `${out}[${key}]`;
    return out ? `${out}.${String(key)}` : String(key);
  }, "");
}

/** A param of a Failure: a value, or another failure worded inside it (a send error's cause). */
export type FailureParam = string | number | Failure;

/**
 * A sentence the studio keeps on a row and shows later (a batch item's send error, a shot's or a
 * film's error, a webhook's disabled reason, why an item has no description): `message` in English
 * for API clients and logs, `code` and `params` so the browser words it in the page's language
 * (messages `failures.<code>`, else `errors.<code>` for a StudioError's code:
 * components/i18n/failure-message.ts). A row keeps it in three columns: `<column>` (the English),
 * `<column>Code` and `<column>Params` (JSON).
 */
export type Failure = { code: string; message: string; params?: Record<string, FailureParam> };

/** A thrown error as a Failure: a StudioError keeps its code and its details as params. */
export function failureOf(error: unknown): Failure {
  if (isStudioError(error)) {
    const params: Record<string, FailureParam> = {};
    for (const [name, value] of Object.entries(error.details))
      if (typeof value === "string" || typeof value === "number") params[name] = value;
    return { code: error.code, message: error.message, params };
  }
  return { code: "internal", message: error instanceof Error ? error.message : String(error) };
}

type FailureColumns<C extends string> = Record<C | `${C}Code` | `${C}Params`, string | null>;

/** The three columns that keep a failure (all null for none), for a Prisma `data` object. */
export function failureColumns<C extends string = "error">(
  failure: Failure | null,
  column: C = "error" as C,
): FailureColumns<C> {
  return {
    [column]: failure?.message ?? null,
    [`${column}Code`]: failure?.code ?? null,
    [`${column}Params`]:
      failure?.params && Object.keys(failure.params).length ? JSON.stringify(failure.params) : null,
  } as FailureColumns<C>;
}

/**
 * The failure a row keeps, or null. A row written before codes were kept has only the English
 * sentence: it is answered with code "text", which the browser shows as it is.
 */
export function readFailure<C extends string = "error">(
  row: Partial<Record<C | `${C}Code` | `${C}Params`, string | null>>,
  column: C = "error" as C,
): Failure | null {
  const message = row[column];
  if (message == null) return null;
  const code = row[`${column}Code`] ?? "text";
  const params = parseParams(row[`${column}Params`] ?? null);
  return params ? { code, message, params } : { code, message };
}

function parseParams(text: string | null): Record<string, FailureParam> | undefined {
  if (!text) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value)
      ? (value as Record<string, FailureParam>)
      : undefined;
  } catch {
    return undefined;
  }
}
