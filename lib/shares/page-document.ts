import "server-only";
import fs from "node:fs";
import path from "node:path";
import { StudioError } from "../errors";
import type { Locale } from "../i18n/locales";
import { sharePageMessages, sharePageText } from "./page-messages";

/** What scripts/build-share-client.mjs built: the share page's one script and its stylesheet. */
export type ShareClientAssets = { js: string; css: string };

let cached: ShareClientAssets | null = null;

/** Read once per process from <dist>/share-client.json (written after `next build`). */
export function shareClientAssets(): ShareClientAssets {
  if (cached) return cached;
  const file = path.resolve(process.env.NEXT_DIST_DIR || ".next", "share-client.json");
  if (!fs.existsSync(file)) {
    throw new StudioError(
      "internal",
      `The share page's client is not built (${file} is missing): run \`node scripts/build-share-client.mjs\` after \`next build\` (npm run build does both).`,
    );
  }
  cached = JSON.parse(fs.readFileSync(file, "utf8")) as ShareClientAssets;
  return cached;
}

/** The nonce proxy.ts put in the request's Content-Security-Policy, for the page's script tag. */
export function requestNonce(headers: Headers): string {
  return /'nonce-([^']+)'/.exec(headers.get("content-security-policy") ?? "")?.[1] ?? "";
}

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The share page's HTML: no React runtime, no Next.js router — one script (the review UI on
 * preact/compat) that mounts into #share-root and fetches everything else from /api/s/<token>.
 * Its words come compiled in the guest's language on #share-root (data-messages), not in a script.
 */
export function sharePageDocument(input: {
  token: string;
  state: "open" | "locked";
  nonce: string;
  assets: ShareClientAssets;
  locale: Locale;
}): string {
  const { token, state, nonce, assets, locale } = input;
  const messages = escape(JSON.stringify(sharePageMessages(locale)));
  const nonceAttr = nonce ? ` nonce="${escape(nonce)}"` : "";
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow, nocache"><meta name="referrer" content="no-referrer"><title>${escape(sharePageText(locale, "title"))}</title><link rel="stylesheet" href="${escape(assets.css)}"><script defer src="${escape(assets.js)}"${nonceAttr}></script></head><body class="min-h-screen"><div id="share-root" data-token="${escape(token)}" data-state="${state}" data-locale="${locale}" data-messages="${messages}"></div></body></html>`;
}
