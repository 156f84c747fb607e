/**
 * The share page's requests, all under /api/s/<token>: it never calls another studio route.
 * Kept free of the studio's client libraries so the page's first load stays small.
 */
export type GuestError = { status: number; code: string; message: string; retryAfterSeconds?: number };

export async function guestFetch<T>(url: string, init: RequestInit = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      ...init,
      cache: "no-store",
      headers: { Accept: "application/json", ...(init.body ? { "Content-Type": "application/json" } : {}) },
    });
  } catch (cause) {
    throw { status: 0, code: "network", message: (cause as Error).message } satisfies GuestError;
  }
  const text = await response.text();
  if (!response.ok) {
    let error: GuestError = { status: response.status, code: "error", message: `HTTP ${response.status}` };
    try {
      const body = JSON.parse(text) as {
        error?: { code?: string; message?: string; retryAfterSeconds?: number };
      };
      error = {
        ...error,
        code: body.error?.code ?? "error",
        message: body.error?.message ?? error.message,
        retryAfterSeconds: body.error?.retryAfterSeconds,
      };
    } catch {
      // not JSON: keep the status
    }
    throw error;
  }
  return (text ? JSON.parse(text) : null) as T;
}

export const guestUrls = (token: string) => {
  const base = `/api/s/${encodeURIComponent(token)}`;
  return {
    page: base,
    unlock: `${base}/unlock`,
    guest: `${base}/guest`,
    comments: (taskId: string) => `${base}/items/${encodeURIComponent(taskId)}/comments`,
    comment: (commentId: string) => `${base}/comments/${encodeURIComponent(commentId)}`,
    approval: (taskId: string) => `${base}/items/${encodeURIComponent(taskId)}/approval`,
  };
};
