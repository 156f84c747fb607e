/**
 * The one browser client of the studio's API: every component's request goes through `apiFetch` or
 * `fetchJson`, and every failure is an ApiError keeping the server's `code`, `issues` and details
 * (lib/errors.ts: `{ error: { code, message, issues, ...details } }`).
 */
/** `code` + `params` word the issue in the page's language (components/i18n/issue-message.ts). */
export type ApiIssue = { path: string; message: string; code?: string; params?: Record<string, unknown> };

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly issues: ApiIssue[];
  readonly details: Record<string, unknown>;

  constructor(
    status: number,
    code: string,
    message: string,
    issues: ApiIssue[] = [],
    details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.issues = issues;
    this.details = details;
  }
}

/** Status 0: the request never got an HTTP answer (server down, network gone). */
export const NETWORK_ERROR_STATUS = 0;

async function toApiError(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => "");
  try {
    const body = JSON.parse(text) as { error?: unknown };
    const error = body.error;
    if (error && typeof error === "object") {
      const { code, message, issues, ...details } = error as Record<string, unknown>;
      return new ApiError(
        response.status,
        typeof code === "string" ? code : "error",
        typeof message === "string" ? message : `HTTP ${response.status}`,
        Array.isArray(issues) ? (issues as ApiIssue[]) : [],
        details,
      );
    }
    if (typeof error === "string") return new ApiError(response.status, "error", error);
  } catch {
    // Not JSON: fall through and show the start of what the server said.
  }
  const excerpt = text.trim().slice(0, 200);
  return new ApiError(
    response.status,
    "error",
    `HTTP ${response.status}${excerpt ? `: ${excerpt}` : ` ${response.statusText}`}`,
  );
}

/**
 * fetch that turns "no answer" (status 0) and non-2xx answers into an ApiError; an abort is rethrown
 * as it is (the caller stopped it).
 */
export async function apiFetch(url: string, init: RequestInit = {}): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (cause) {
    if ((cause as Error).name === "AbortError") throw cause;
    throw new ApiError(
      NETWORK_ERROR_STATUS,
      "network",
      `The studio server could not be reached (${(cause as Error).message}). Check that it is running, then try again.`,
    );
  }
  if (!response.ok) throw await toApiError(response);
  return response;
}

/** A JSON request's init: the method and the body, with the headers that say it is JSON. */
export const jsonInit = (method: string, body?: unknown): RequestInit => ({
  method,
  headers: { "Content-Type": "application/json", Accept: "application/json" },
  body: body === undefined ? undefined : JSON.stringify(body),
});

/** apiFetch + JSON: a string body is sent as JSON; an empty answer (204) resolves to null. */
export async function fetchJson<T>(url: string, init: RequestInit = {}): Promise<T> {
  const headers = new Headers(init.headers);
  headers.set("Accept", "application/json");
  if (typeof init.body === "string" && !headers.has("Content-Type")) {
    headers.set("Content-Type", "application/json");
  }
  const response = await apiFetch(url, { ...init, headers });
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}
