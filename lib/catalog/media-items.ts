import { gotParam, shortValue } from "./describe-value";
import { accepts, type IssueCode, type IssueParams } from "./issues";

/** The spec's asset-library models: the only ones whose media items may be assetId:// references. */
const ASSET_LIBRARY_MODEL_IDS = ["sd2_disc_nvid", "sd_2.0_mini_discount"] as const;

const ASSET_PREFIX = "assetId://";
/** Long runs of base64 alphabet with no scheme: someone pasted file bytes instead of a URL. */
const BARE_BASE64 = /^[A-Za-z0-9+/_-]{64,}={0,2}$/;

/** A refused item: the English message and its code + params (issues.ts). */
export type MediaItemProblem = { message: string; code: IssueCode; params: IssueParams };
export type MediaItemResult = { ok: true; value: string } | ({ ok: false } & MediaItemProblem);

const refuse = (message: string, code: IssueCode, params: IssueParams = {}): MediaItemResult => ({
  ok: false,
  message,
  code,
  params,
});

/** The issue fields of a refused item, for a CatalogIssue at its path. */
export const problemOf = ({ message, code, params }: MediaItemProblem): MediaItemProblem => ({
  message,
  code,
  params,
});

function alternatives(assetLibrary: boolean): string {
  return assetLibrary ? "a public http(s) URL or an assetId:// reference" : "a public http(s) URL";
}

/**
 * One item of image[] / video[] / audio[]: a publicly accessible http(s) URL, or assetId://{id} on
 * asset-library models. Base64 is not supported by the upstream (spec: Errors), so it is rejected
 * here with the alternative, instead of failing as a task later.
 */
export function checkMediaItem(value: unknown, opts: { assetLibrary: boolean }): MediaItemResult {
  const accepted = accepts(opts.assetLibrary);
  if (typeof value !== "string")
    return refuse(`must be a URL string (got ${shortValue(value)})`, "media_not_string", {
      got: gotParam(value),
    });
  const text = value.trim();
  if (!text)
    return refuse(`is empty; give ${alternatives(opts.assetLibrary)}`, "media_empty", { accepts: accepted });
  if (/^data:/i.test(text) || BARE_BASE64.test(text.replace(/\s+/g, "")))
    return refuse(
      `base64/data URLs are not supported; use ${alternatives(opts.assetLibrary)}`,
      "media_base64",
      { accepts: accepted },
    );
  if (text.toLowerCase().startsWith(ASSET_PREFIX.toLowerCase())) {
    if (!opts.assetLibrary)
      return refuse(
        `assetId:// references are accepted only by the asset-library models ` +
          `${ASSET_LIBRARY_MODEL_IDS.join(" and ")}; use a public http(s) URL`,
        "media_asset_not_allowed",
        { models: ASSET_LIBRARY_MODEL_IDS },
      );
    const id = text.slice(ASSET_PREFIX.length);
    if (!id || /[\s/]/.test(id))
      return refuse(
        `must be assetId://{assetId} with a non-empty asset id (got "${text}")`,
        "media_asset_id",
        { got: JSON.stringify(text) },
      );
    return { ok: true, value: ASSET_PREFIX + id };
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return refuse(`must be ${alternatives(opts.assetLibrary)} (got ${shortValue(text)})`, "media_not_url", {
      accepts: accepted,
      got: gotParam(text),
    });
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    return refuse(
      `${url.protocol} URLs are not supported; use ${alternatives(opts.assetLibrary)}`,
      "media_protocol",
      { protocol: url.protocol, accepts: accepted },
    );
  if (!url.hostname)
    return refuse(`must name a host (got ${shortValue(text)})`, "media_no_host", { got: gotParam(text) });
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
