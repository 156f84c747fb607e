import type { UsageMetadata } from "../upstream/native-schema";

/**
 * Finds the latest `usageMetadata` object in a generateContent stream while the bytes pass by, in
 * any framing (SSE or a JSON array), without holding the stream: only an unfinished usage object
 * (a few hundred bytes) or the last few characters are kept between chunks. The key cannot be
 * forged by the model's text: inside a JSON string its quotes are escaped.
 */
const KEY = '"usageMetadata"';
/** An unfinished usage object larger than this is not one: dropped rather than kept growing. */
const MAX_PENDING = 64 * 1024;

export class UsageScanner {
  private readonly decoder = new TextDecoder();
  private pending = "";
  usage: UsageMetadata | null = null;

  push(bytes: Uint8Array): void {
    this.scan(this.pending + this.decoder.decode(bytes, { stream: true }));
  }

  private scan(text: string): void {
    let from = 0;
    for (;;) {
      const at = text.indexOf(KEY, from);
      if (at < 0) break;
      const after = at + KEY.length;
      const gap = /^\s*:?\s*/.exec(text.slice(after, after + 64))![0];
      const open = after + gap.length;
      if (open >= text.length) {
        this.keep(text.slice(at));
        return;
      }
      if (!gap.includes(":") || text[open] !== "{") {
        from = after;
        continue;
      }
      const end = closingBrace(text, open);
      if (end < 0) {
        this.keep(text.slice(at));
        return;
      }
      try {
        this.usage = JSON.parse(text.slice(open, end + 1)) as UsageMetadata;
      } catch {
        // not an object after all: keep the last good one
      }
      from = end + 1;
    }
    this.keep(text.slice(Math.max(from, text.length - KEY.length)));
  }

  private keep(text: string) {
    this.pending = text.length > MAX_PENDING ? "" : text;
  }
}

/** Index of the brace closing the object opened at `open`, or -1 when the text ends first. */
function closingBrace(text: string, open: number): number {
  let depth = 0;
  let inString = false;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === "{") depth++;
    else if (c === "}" && --depth === 0) return i;
  }
  return -1;
}
