/** The studio's error body: `{ error: { code, message, issues, ...details } }` (lib/errors.ts). */
export type ApiIssue = { path: string; message: string };

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

/** fetch + JSON with the studio's error shape turned into an ApiError. */
export async function fetchJson<T>(url: string, init?: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      ...init,
      headers: { Accept: "application/json", ...(init?.body ? { "Content-Type": "application/json" } : {}) },
    });
  } catch (cause) {
    throw new ApiError(
      NETWORK_ERROR_STATUS,
      "network",
      `The studio server could not be reached (${(cause as Error).message}). Check that it is running, then try again.`,
    );
  }
  if (!response.ok) throw await toApiError(response);
  return (await response.json()) as T;
}
