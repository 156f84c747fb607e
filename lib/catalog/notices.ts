import { isLocalAddress } from "./media-items";
import { modeNotices } from "./modes";
import { promptNotices } from "./prompt-text";
import type { CatalogNotice, ModelDef } from "./types";

/** What the studio knows about who will fetch media URLs (the server's configuration). */
export type NoticeContext = {
  /** The task upstream is the built-in sandbox, which fetches loopback/LAN addresses itself. */
  localUrlsReachable: boolean;
  /** PUBLIC_BASE_URL: where the upstream can fetch this studio's stored media, or null. */
  publicBaseUrl: string | null;
};

const REAL_UPSTREAM: NoticeContext = { localUrlsReachable: false, publicBaseUrl: null };

/** The studio's own stored-media path, which PUBLIC_BASE_URL serves too. */
const STUDIO_MEDIA_PATH = /^\/api\/media\//;

/**
 * Non-blocking warnings for a request (form values or a normalized body), shown before submit:
 * prompt truncation, a text-only request to a model whose spec also requires images, and — unless the upstream is the built-in sandbox — media URLs on a local
 * address the upstream cannot fetch, with the PUBLIC_BASE_URL equivalent of a studio file when
 * there is one.
 */
export function requestNotices(
  model: ModelDef,
  body: Record<string, unknown>,
  context: NoticeContext = REAL_UPSTREAM,
): CatalogNotice[] {
  const notices: CatalogNotice[] = promptNotices(
    model,
    typeof body.prompt === "string" ? body.prompt : "",
  ).map((message) => ({ path: ["prompt"], message: message.replace(/^prompt: /, "") }));
  notices.push(...modeNotices(model, body));
  if (context.localUrlsReachable) return notices;
  for (const param of model.params) {
    const value = body[param.name];
    if (param.type !== "media" || !Array.isArray(value)) continue;
    value.forEach((item, i) => {
      const url = typeof item === "object" && item !== null && "url" in item ? item.url : item;
      if (typeof url === "string" && isLocalAddress(url.trim()))
        notices.push({ path: [param.name, i], message: localAddressMessage(url.trim(), context) });
    });
  }
  return notices;
}

function localAddressMessage(url: string, context: NoticeContext): string {
  const problem = "points at a local address, which the configured upstream cannot fetch";
  const { pathname, search } = new URL(url);
  if (context.publicBaseUrl && STUDIO_MEDIA_PATH.test(pathname)) {
    return `${problem}: use ${context.publicBaseUrl}${pathname}${search} (this studio at PUBLIC_BASE_URL) instead`;
  }
  if (context.publicBaseUrl) return `${problem}: use a public URL instead`;
  return `${problem}: use a public URL, or set PUBLIC_BASE_URL to an address of this studio the upstream can reach`;
}
