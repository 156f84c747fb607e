import "server-only";
import type { Db } from "../db";
import { isStudioError, type StudioError } from "../errors";
import { DEFAULT_LOCALE, type Locale } from "../i18n/locales";
import { requestLocale } from "../i18n/request-locale";
import { sharePageText } from "./page-messages";
import { findShareLink, REVOKED_LINK } from "./resolve";

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
    return shareGoneResponse(error, requestLocale(headers));
  }
}

/** The plain page of a link that cannot be opened, with the error's status, in the guest's language. */
export function shareGoneResponse(error: StudioError, locale: Locale = DEFAULT_LOCALE): Response {
  const retry = error.details.retryAfterSeconds;
  const text = sharePageText.bind(null, locale);
  const title =
    error.code === "link_expired"
      ? text("gone.expired")
      : error.code === "rate_limited"
        ? text("gone.tooMany")
        : locale === DEFAULT_LOCALE
          ? error.message.replace(/\.$/, "") // the server's sentence says which (revoked, unknown)
          : text(error.message === REVOKED_LINK ? "gone.revoked" : "gone.notFound");
  const detail =
    error.code !== "rate_limited"
      ? text("gone.askAgain")
      : locale === DEFAULT_LOCALE || typeof retry !== "number"
        ? error.message
        : text("gone.tryLater", { retryAfterSeconds: retry });
  const headersOut: Record<string, string> = {
    "Content-Type": "text/html; charset=utf-8",
    "Cache-Control": "no-store",
    "X-Robots-Tag": "noindex, nofollow",
  };
  if (typeof retry === "number") headersOut["Retry-After"] = String(retry);
  return new Response(html(locale, title, detail), { status: error.status, headers: headersOut });
}

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function html(locale: Locale, title: string, detail: string): string {
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="robots" content="noindex, nofollow"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)}</title><style>body{margin:0;min-height:100vh;display:grid;place-items:center;background:#09090b;color:#e4e4e7;font-family:system-ui,sans-serif}main{max-width:28rem;padding:2rem;text-align:center}h1{font-size:1.25rem;margin:0 0 .5rem}p{color:#a1a1aa;margin:0}</style></head><body><main><h1 data-testid="share-gone">${escape(title)}</h1><p>${escape(detail)}</p></main></body></html>`;
}
