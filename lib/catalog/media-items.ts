import { shortValue } from "./describe-value";

/** The spec's asset-library models: the only ones whose media items may be assetId:// references. */
const ASSET_LIBRARY_MODEL_IDS = ["sd2_disc_nvid", "sd_2.0_mini_discount"] as const;

const ASSET_PREFIX = "assetId://";
/** Long runs of base64 alphabet with no scheme: someone pasted file bytes instead of a URL. */
const BARE_BASE64 = /^[A-Za-z0-9+/_-]{64,}={0,2}$/;

export type MediaItemResult = { ok: true; value: string } | { ok: false; message: string };

function alternatives(assetLibrary: boolean): string {
  return assetLibrary ? "a public http(s) URL or an assetId:// reference" : "a public http(s) URL";
}

/**
 * One item of image[] / video[] / audio[]: a publicly accessible http(s) URL, or assetId://{id} on
 * asset-library models. Base64 is not supported by the upstream (spec: Errors), so it is rejected
 * here with the alternative, instead of failing as a task later.
 */
export function checkMediaItem(value: unknown, opts: { assetLibrary: boolean }): MediaItemResult {
  if (typeof value !== "string")
    return { ok: false, message: `must be a URL string (got ${shortValue(value)})` };
  const text = value.trim();
  if (!text) return { ok: false, message: `is empty; give ${alternatives(opts.assetLibrary)}` };
  if (/^data:/i.test(text) || BARE_BASE64.test(text.replace(/\s+/g, "")))
    return {
      ok: false,
      message: `base64/data URLs are not supported; use ${alternatives(opts.assetLibrary)}`,
    };
  if (text.toLowerCase().startsWith(ASSET_PREFIX.toLowerCase())) {
    if (!opts.assetLibrary)
      return {
        ok: false,
        message:
          `assetId:// references are accepted only by the asset-library models ` +
          `${ASSET_LIBRARY_MODEL_IDS.join(" and ")}; use a public http(s) URL`,
      };
    const id = text.slice(ASSET_PREFIX.length);
    if (!id || /[\s/]/.test(id))
      return { ok: false, message: `must be assetId://{assetId} with a non-empty asset id (got "${text}")` };
    return { ok: true, value: ASSET_PREFIX + id };
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, message: `must be ${alternatives(opts.assetLibrary)} (got ${shortValue(text)})` };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    return {
      ok: false,
      message: `${url.protocol} URLs are not supported; use ${alternatives(opts.assetLibrary)}`,
    };
  if (!url.hostname) return { ok: false, message: `must name a host (got ${shortValue(text)})` };
  return { ok: true, value: text };
}

/**
 * True for URLs the upstream cannot fetch (loopback, private ranges, .local). Not an error: the
 * studio's own media links are such URLs when it runs locally against the sandbox.
 */
export function isLocalAddress(value: string): boolean {
  let host: string;
  try {
    host = new URL(value).hostname.toLowerCase().replace(/^\[|\]$/g, "");
  } catch {
    return false;
  }
  if (host === "localhost" || host.endsWith(".localhost") || host.endsWith(".local")) return true;
  if (host === "::1" || host.startsWith("fc") || host.startsWith("fd") || host.startsWith("fe80:"))
    return host.includes(":");
  const parts = host.split(".").map(Number);
  if (parts.length !== 4 || parts.some((p) => !Number.isInteger(p))) return false;
  const [a, b] = parts;
  return (
    a === 127 ||
    a === 10 ||
    a === 0 ||
    (a === 192 && b === 168) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 169 && b === 254)
  );
}
