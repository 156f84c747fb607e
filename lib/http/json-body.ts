import { StudioError } from "../errors";
import { formatBytes } from "../format/bytes";
import { readAtMost } from "./read-at-most";

/** Deeper bodies are refused before parsing: no legitimate request nests this far, and a very deep one
 * would overflow the stack of whatever walks it next (validation, JSON.stringify). */
export const MAX_JSON_DEPTH = 64;

/**
 * Reads a JSON request body and parses it, enforcing what a JSON route promises: the body says it
 * is JSON (a page on another site can only send text/plain or form bodies without a preflight),
 * it is no larger than `maxBytes` — counted while reading, so a huge body is refused after
 * `maxBytes`, not buffered whole — it is UTF-8, and it nests at most MAX_JSON_DEPTH levels.
 */
export async function readJsonBody(request: Request, maxBytes: number): Promise<unknown> {
  const type = request.headers.get("content-type");
  if (!isJsonType(type)) {
    throw new StudioError(
      "unsupported_media_type",
      `Send the body as JSON with "Content-Type: application/json" (got ${type ? `"${type}"` : "no Content-Type"}).`,
      {
        issues: [
          {
            path: "Content-Type",
            message: "must be application/json",
            code: "content_type",
            params: { expected: "application/json" },
          },
        ],
      },
    );
  }
  const declared = Number(request.headers.get("content-length") ?? NaN);
  if (declared > maxBytes) throw tooLarge(maxBytes, declared);
  const text = await readText(request, maxBytes);
  if (!text.trim())
    throw new StudioError("invalid_request", "The request body is empty; send a JSON object.");
  const depth = jsonDepth(text);
  if (depth > MAX_JSON_DEPTH) {
    throw new StudioError(
      "invalid_request",
      `The request body nests more than ${MAX_JSON_DEPTH} levels of arrays and objects; no request needs that.`,
    );
  }
  try {
    return JSON.parse(text);
  } catch (cause) {
    throw new StudioError(
      "invalid_request",
      `The request body is not valid JSON: ${(cause as Error).message}`,
    );
  }
}

function isJsonType(type: string | null): boolean {
  const essence = type?.split(";")[0].trim().toLowerCase() ?? "";
  return essence === "application/json" || /^application\/[\w.+-]+\+json$/.test(essence);
}

async function readText(request: Request, maxBytes: number): Promise<string> {
  const { bytes, complete } = await readAtMost(request.body, maxBytes);
  if (!complete) throw tooLarge(maxBytes);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new StudioError("invalid_request", "The request body is not valid UTF-8 text.");
  }
}

function tooLarge(maxBytes: number, declared?: number): StudioError {
  const size = declared !== undefined ? ` (${formatBytes(declared)})` : "";
  return new StudioError(
    "payload_too_large",
    `The request body${size} is larger than this route accepts: at most ${formatBytes(maxBytes)}.`,
    { details: { limitBytes: maxBytes } },
  );
}

/** Deepest nesting of arrays/objects, ignoring brackets inside strings; stops counting past the cap. */
export function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > deepest && (deepest = depth) > MAX_JSON_DEPTH) return deepest;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return deepest;
}
