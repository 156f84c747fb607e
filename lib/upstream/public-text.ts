/**
 * What of an upstream's text a browser may see — the one place that decides it. Every response
 * boundary (task objects, the gallery, chat messages, error responses) passes upstream-originated
 * text through here; the database and the server log keep the full text.
 *
 * - The configured base URLs are masked in every form: with or without scheme, any case, with or
 *   without a trailing slash, percent-encoded (once or twice) or JSON-escaped, inside longer URLs.
 *   A URL under a base keeps its path and query behind the spec's own placeholder
 *   ("{base_url}/files/t1/video.mp4?…", so its expiry stays readable); the host (with its port,
 *   when one is configured) is masked wherever else it appears ("{upstream host}").
 * - The built-in sandbox lives on the studio's own origin, which the browser already uses: only
 *   its full base is masked, so the studio's own URLs (/api/media/…) in a request stay usable.
 * - The API key never appears: whole, as any 8-character piece of it (the token around the piece
 *   is masked), or as a Bearer token of any value.
 * - Messages are capped at PUBLIC_TEXT_MAX_CHARS, said with "…(truncated)".
 */
import { SANDBOX_API_KEY, env, type Env } from "../env";
import type { StudioError } from "../errors";

export type UpstreamSecrets = {
  /** The spec's {base_url} and {llm_base_url}, as configured. */
  baseUrl: string;
  llmBaseUrl: string;
  apiKey: string;
  /** Which of the two is the built-in sandbox (the studio's own origin). */
  sandbox?: { tasks: boolean; llm: boolean };
};

export const PUBLIC_TEXT_MAX_CHARS = 2_000;
/** Longer texts are masked on this much of their start only: the rest is cut anyway. */
const SCAN_LIMIT = 64 * 1024;
const TRUNCATED = "…(truncated)";
const REDACTED = "[redacted]";
/** Shortest piece of the key that counts as showing it. */
const KEY_PIECE = 8;

// One object per configuration (env() is parsed once), so its compiled rules are found by identity.
const secretsOf = new WeakMap<Env, UpstreamSecrets>();

export function upstreamSecrets(source: Env = env()): UpstreamSecrets {
  let secrets = secretsOf.get(source);
  if (!secrets) {
    secrets = {
      baseUrl: source.upstreamBaseUrl,
      llmBaseUrl: source.llmBaseUrl,
      apiKey: source.apiKey,
      sandbox: source.usesSandbox,
    };
    secretsOf.set(source, secrets);
  }
  return secrets;
}

/** An upstream message (task error, poll error, media error, chat error): masked and capped. */
export function publicText(text: string, secrets?: UpstreamSecrets): string;
export function publicText(text: string | null, secrets?: UpstreamSecrets): string | null;
export function publicText(text: string | null, secrets: UpstreamSecrets = upstreamSecrets()): string | null {
  if (text === null) return null;
  const masked = maskUpstream(text.length > SCAN_LIMIT ? text.slice(0, SCAN_LIMIT) : text, secrets);
  if (masked.length <= PUBLIC_TEXT_MAX_CHARS && text.length <= SCAN_LIMIT) return masked;
  return `${masked.slice(0, PUBLIC_TEXT_MAX_CHARS)}${TRUNCATED}`;
}

/**
 * Masked but whole: URLs and stored request bodies, which must stay complete to be read or reused.
 * JSON stays valid JSON (nothing inside a string's escapes or quotes is replaced).
 */
export function maskUpstream(text: string, secrets: UpstreamSecrets = upstreamSecrets()): string {
  const rules = compiled(secrets);
  let out = text;
  for (const [pattern, placeholder] of rules.replacements) out = out.replace(pattern, placeholder);
  return rules.keyPieces ? maskKeyTokens(out, rules.keyPieces) : out;
}

/**
 * A StudioError's JSON body as a browser may see it: upstream rejections carry the upstream's own
 * words, so the message and every string detail go through publicText.
 */
export function publicErrorBody(error: StudioError, secrets: UpstreamSecrets = upstreamSecrets()) {
  const { error: body } = error.toJSON();
  const shown = Object.fromEntries(
    Object.entries(body).map(([key, value]) => [
      key,
      typeof value === "string" ? publicText(value, secrets) : value,
    ]),
  );
  return { error: shown as typeof body };
}

/** True when the URL shows masked (under a configured base or on its host): never hand it out. */
export function isUpstreamUrl(url: string, secrets: UpstreamSecrets = upstreamSecrets()): boolean {
  return maskUpstream(url, secrets) !== url;
}

type Rules = { replacements: [RegExp, string][]; keyPieces: RegExp | null };
const cache = new Map<string, Rules>();
const byIdentity = new WeakMap<UpstreamSecrets, Rules>();

function compiled(secrets: UpstreamSecrets): Rules {
  let rules = byIdentity.get(secrets);
  if (rules) return rules;
  const key = JSON.stringify(secrets);
  rules = cache.get(key);
  if (!rules) {
    rules = compile(secrets);
    if (cache.size > 20) cache.clear();
    cache.set(key, rules);
  }
  byIdentity.set(secrets, rules);
  return rules;
}

function compile({ baseUrl, llmBaseUrl, apiKey, sandbox }: UpstreamSecrets): Rules {
  const bases = [
    { url: baseUrl, placeholder: "{base_url}", ownOrigin: sandbox?.tasks ?? false },
    { url: llmBaseUrl, placeholder: "{llm_base_url}", ownOrigin: sandbox?.llm ?? false },
  ].filter((b) => parseUrl(b.url));
  const replacements: [RegExp, string][] = [];
  // Longer base first, so one that extends the other is masked as itself.
  for (const base of [...bases].sort((a, b) => b.url.length - a.url.length)) {
    replacements.push([new RegExp(fullBasePattern(base.url), "gi"), base.placeholder]);
  }
  const hosts = new Set(bases.filter((b) => !b.ownOrigin).map((b) => parseUrl(b.url)!.host));
  for (const host of hosts) replacements.push([new RegExp(hostPattern(host), "gi"), "{upstream host}"]);
  // Bearer tokens, whatever their value: an upstream echoing its Authorization header.
  replacements.push([/\bBearer(\s+|%20|\+)[^\s"'`\\<>,;]+/gi, `Bearer$1${REDACTED}`]);

  let keyPieces: RegExp | null = null;
  // The sandbox's key is public (README); keys this short cannot be told from ordinary words.
  if (apiKey && apiKey !== SANDBOX_API_KEY) {
    if (apiKey.length >= KEY_PIECE) {
      const pieces = new Set<string>();
      for (let i = 0; i + KEY_PIECE <= apiKey.length; i++)
        pieces.add(escapeRegExp(apiKey.slice(i, i + KEY_PIECE)));
      keyPieces = new RegExp([...pieces].join("|"), "gi");
    } else if (apiKey.length >= 4) {
      replacements.push([new RegExp(escapeRegExp(apiKey), "g"), REDACTED]);
    }
  }
  return { replacements, keyPieces };
}

/** Scheme optional ("//" too), then the base itself, ending where its last path segment ends. */
function fullBasePattern(base: string): string {
  const url = parseUrl(base)!;
  const rest = base.slice(base.indexOf("//") + 2);
  const scheme = `(?:${url.protocol.slice(0, -1).replace(/s$/, "")}s?${charPattern(":")})?`;
  return `(?:${scheme}${charPattern("/")}{2})?${literalPattern(rest)}(?![A-Za-z0-9._~-])`;
}

/** host[:port]; digits at either end must not continue (10.0.0.5 is not 110.0.0.55). */
function hostPattern(host: string): string {
  const before = /^\d/.test(host) ? "(?<![0-9])" : "";
  const after = /\d$/.test(host) ? "(?![0-9])" : "";
  return `${before}${literalPattern(host)}${after}`;
}

function literalPattern(text: string): string {
  return [...text].map(charPattern).join("");
}

/** One character as written, percent-encoded (also twice: %25XX) or, for "/", JSON-escaped. */
function charPattern(c: string): string {
  if (/[A-Za-z0-9]/.test(c) || c.charCodeAt(0) > 0x7f) return escapeRegExp(c);
  const encoded = `%(?:25)?${c.charCodeAt(0).toString(16).padStart(2, "0")}`;
  return c === "/" ? `(?:/|\\\\/|${encoded})` : `(?:${escapeRegExp(c)}|${encoded})`;
}

// Characters that end a token around a piece of the key: JSON quotes and escapes, and a query
// string's separators (a key in "?key=…&" takes only its own value with it).
const TOKEN_END = /[\s"'`\\<>,;(){}[\]|?&=]/;

/** Replaces every token that contains a piece of the key. Linear: pieces are found, then widened. */
function maskKeyTokens(text: string, pieces: RegExp): string {
  const spans: [number, number][] = [];
  for (const match of text.matchAll(pieces)) {
    // Inside a token already masked: widening again would make long tokens quadratic.
    if (spans.length && match.index < spans.at(-1)![1]) continue;
    let start = match.index;
    let end = start + match[0].length;
    while (start > 0 && !TOKEN_END.test(text[start - 1])) start--;
    while (end < text.length && !TOKEN_END.test(text[end])) end++;
    const last = spans.at(-1);
    if (last && start <= last[1]) last[1] = end;
    else spans.push([start, end]);
  }
  if (!spans.length) return text;
  let out = "";
  let at = 0;
  for (const [start, end] of spans) {
    out += text.slice(at, start) + REDACTED;
    at = end;
  }
  return out + text.slice(at);
}

function parseUrl(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, "\\$&");
}
