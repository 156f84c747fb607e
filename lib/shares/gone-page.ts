import "server-only";
import type { Db } from "../db";
import { isStudioError, type StudioError } from "../errors";
import { findShareLink } from "./resolve";

/**
 * The share page's answer when its link cannot be opened, decided in proxy.ts before any page
 * renders, so the status is right (404 revoked or unknown, 410 expired, 429 too many guesses) —
 * a Next.js page can only say 404. A plain page, no script, no studio navigation.
 */
export async function shareGonePage(db: Db, token: string, headers: Headers): Promise<Response | null> {
  try {
    await findShareLink(db, token, headers);
    return null;
  } catch (error) {
    if (!isStudioError(error)) throw error;
    return shareGoneResponse(error);
  }
}

/** The plain page of a link that cannot be opened, with the error's status. */
export function shareGoneResponse(error: StudioError): Response {
  const title =
    error.code === "link_expired"
      ? "This link has expired"
      : error.code === "rate_limited"
        ? "Too many attempts"
        : error.message.replace(/\.$/, "");
  const detail =
    error.code === "link_expired"
      ? "Ask the person who shared it for a new link."
      : error.code === "rate_limited"
        ? error.message
        : "Ask the person who shared it for a new link.";
  const headersOut: Record<string, string> = {
    "Content-Type": "text/html; charset=utf-8",
    "Cache-Control": "no-store",
    "X-Robots-Tag": "noindex, nofollow",
  };
  const retry = error.details.retryAfterSeconds;
  if (typeof retry === "number") headersOut["Retry-After"] = String(retry);
  return new Response(html(title, detail), { status: error.status, headers: headersOut });
}

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function html(title: string, detail: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex, nofollow"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)}</title><style>body{margin:0;min-height:100vh;display:grid;place-items:center;background:#09090b;color:#e4e4e7;font-family:system-ui,sans-serif}main{max-width:28rem;padding:2rem;text-align:center}h1{font-size:1.25rem;margin:0 0 .5rem}p{color:#a1a1aa;margin:0}</style></head><body><main><h1 data-testid="share-gone">${escape(title)}</h1><p>${escape(detail)}</p></main></body></html>`;
}
