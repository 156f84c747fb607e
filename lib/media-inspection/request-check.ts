import "server-only";
import type { Viewer } from "../auth/scope";
import { db } from "../db";
import { env } from "../env";
import type { MediaCheck } from "./inspect-request";
import { MEDIA_CHECK_HEADER, SKIP_UNREACHABLE } from "./override";
import { studioOpener } from "./open-media";

/**
 * The media check of one API request: the studio's own files read from disk (addressed at this
 * request's origin or PUBLIC_BASE_URL), others through the SSRF-safe fetch; files that could not be
 * checked pass only with `X-Studio-Media-Check: skip-unreachable`. A header, not a body field,
 * because the body is forwarded to the upstream.
 */
export function mediaCheckOf(request: Request, viewer: Viewer): MediaCheck {
  const url = new URL(request.url);
  const host = request.headers.get("host");
  // A gallery pick is addressed at the page's origin (the Host the browser used), an upload at the
  // request URL's; Next.js may spell the same listener differently (localhost vs 127.0.0.1).
  const origins = [url.origin, ...(host ? [`${url.protocol}//${host}`] : [])];
  const addresses = { origins, publicBaseUrl: env().publicBaseUrl };
  const header = request.headers.get(MEDIA_CHECK_HEADER)?.trim().toLowerCase();
  return { open: studioOpener(db(), viewer, addresses), skipUnreachable: header === SKIP_UNREACHABLE };
}
