/**
 * The share page's requests, all under /api/s/<token>: it never calls another studio route.
 * Kept free of the studio's client libraries so the page's first load stays small.
 */
export type GuestError = { status: number; code: string; message: string };

export async function guestFetch<T>(url: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(url, {
    ...init,
    cache: "no-store",
    headers: { Accept: "application/json", ...(init.body ? { "Content-Type": "application/json" } : {}) },
  });
  const text = await response.text();
  if (!response.ok) {
    let error: GuestError = { status: response.status, code: "error", message: `HTTP ${response.status}` };
    try {
      const body = JSON.parse(text) as { error?: { code?: string; message?: string } };
      error = { ...error, code: body.error?.code ?? "error", message: body.error?.message ?? error.message };
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
