/**
 * Turns a streamGenerateContent byte stream into response chunks. The spec does not show the
 * chunk format, so both plausible framings are read: server-sent events (`data: {...}\n\n`, what
 * `?alt=sse` asks for) and a streamed JSON array (`[{...},\n{...}]`, also a bare object or
 * concatenated objects). Bytes may be split anywhere, including inside a UTF-8 character.
 */
import { createParser } from "eventsource-parser";
import type { GenerateContentResponse } from "../upstream/native-schema";

export type StreamFraming = "sse" | "json";

/** The stream ended (or broke) in the middle of a chunk; everything before it was yielded. */
export class IncompleteStreamError extends Error {
  constructor(
    message: string,
    /** Complete chunks yielded before the break. */
    readonly receivedChunks: number,
    /** The text of the unfinished chunk, as received. */
    readonly partial: string,
  ) {
    super(message);
    this.name = "IncompleteStreamError";
  }
}

/** A chunk that is not a JSON object, or bytes that fit neither framing. */
export class StreamFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "StreamFormatError";
  }
}

type Splitter = {
  /** Feeds decoded text; returns the chunks it completes. */
  push(text: string): unknown[];
  /** End of input: returns a last chunk if the framing allows, throws if one was cut. */
  end(received: number): unknown[];
};

/** The framing a Content-Type announces, if it announces one. */
export function framingOf(contentType: string | null | undefined): StreamFraming | undefined {
  if (!contentType) return undefined;
  if (contentType.includes("text/event-stream")) return "sse";
  if (contentType.includes("json")) return "json";
  return undefined;
}

/**
 * Yields each chunk as soon as its last byte arrives. `framing` comes from the Content-Type when
 * known; otherwise the first non-blank character decides (`[` or `{` is JSON, anything else SSE).
 */
export async function* parseGenerateContentStream(
  source: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>,
  options: { framing?: StreamFraming } = {},
): AsyncGenerator<GenerateContentResponse> {
  const decoder = new TextDecoder("utf-8");
  let splitter: Splitter | undefined = options.framing ? makeSplitter(options.framing) : undefined;
  let pending = "";
  let received = 0;

  const feed = function* (text: string): Generator<GenerateContentResponse> {
    if (!splitter) {
      pending += text;
      const start = pending.replace(/^\uFEFF/, "").trimStart();
      if (!start) return;
      splitter = makeSplitter(start[0] === "[" || start[0] === "{" ? "json" : "sse");
      text = pending;
      pending = "";
    }
    for (const value of splitter.push(text)) {
      received++;
      yield asChunk(value);
    }
  };

  for await (const bytes of iterate(source)) {
    yield* feed(decoder.decode(bytes, { stream: true }));
  }
  yield* feed(decoder.decode());
  if (!splitter) return; // an empty body: no chunks at all
  for (const value of (splitter as Splitter).end(received)) {
    received++;
    yield asChunk(value);
  }
}

function asChunk(value: unknown): GenerateContentResponse {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new StreamFormatError(`A stream chunk is not a JSON object: ${JSON.stringify(value).slice(0, 80)}`);
  }
  return value as GenerateContentResponse;
}

async function* iterate(source: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>) {
  if (!(source instanceof ReadableStream)) {
    yield* source;
    return;
  }
  const reader = source.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    // Stopping early (consumer broke out, or an error) cancels the body: the upstream hears it.
    reader.cancel().catch(() => {});
    reader.releaseLock();
  }
}

function makeSplitter(framing: StreamFraming): Splitter {
  return framing === "sse" ? sseSplitter() : jsonSplitter();
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new StreamFormatError(
      `A stream chunk is not valid JSON (${(error as Error).message}): ${excerpt(text)}`,
    );
  }
}

function excerpt(text: string): string {
  return text.length > 120 ? `${text.slice(0, 120)}…` : text;
}

function sseSplitter(): Splitter {
  let out: unknown[] = [];
  // Text after the last blank line: an event still being received.
  let unfinished = "";
  const parser = createParser({
    onEvent(event) {
      // OpenAI-style end marker; carries no chunk.
      if (event.data === "[DONE]" || event.data.trim() === "") return;
      out.push(parseJson(event.data));
    },
  });
  const take = () => {
    const chunks = out;
    out = [];
    return chunks;
  };
  return {
    push(text) {
      unfinished = afterLastBlankLine(unfinished + text);
      parser.feed(text);
      return take();
    },
    end(received) {
      // Nothing but blank lines, comments or an end marker after the last event: a clean end. Any
      // other text (a field whose blank line never came, an HTML page) means the stream was cut.
      const leftover = unfinished
        .split(/\r\n|\r|\n/)
        .filter((line) => line.trim() && !line.startsWith(":") && !/^data:\s*\[DONE\]\s*$/.test(line));
      if (leftover.length === 0) return [];
      // A final event whose blank line never came: accept it when its data is whole JSON.
      try {
        parser.feed("\n\n");
        const chunks = take();
        if (chunks.length) return chunks;
      } catch {
        // fall through: the data was cut mid-JSON
      }
      throw new IncompleteStreamError(
        `The stream ended in the middle of an event after ${received} complete chunk(s).`,
        received,
        unfinished,
      );
    },
  };
}

function afterLastBlankLine(text: string): string {
  const end = Math.max(
    endOf(text, "\n\n"),
    endOf(text, "\r\n\r\n"),
    endOf(text, "\r\r"),
    endOf(text, "\r\n\n"),
    endOf(text, "\n\r\n"),
  );
  return end > 0 ? text.slice(end) : text;
}

function endOf(text: string, boundary: string): number {
  const at = text.lastIndexOf(boundary);
  return at < 0 ? -1 : at + boundary.length;
}

/** Bracket-aware splitter for `[{...},{...}]`, `{...}` or `{...}{...}`: strings and escapes respected. */
function jsonSplitter(): Splitter {
  let depth = 0;
  let inString = false;
  let escaped = false;
  let element = "";
  let arrayOpen = false;
  let arrayClosed = false;

  return {
    push(text) {
      const chunks: unknown[] = [];
      let start = depth > 0 ? 0 : -1;
      for (let i = 0; i < text.length; i++) {
        const c = text[i];
        if (depth === 0) {
          if (c === "{") {
            depth = 1;
            start = i;
          } else if (c === "[" && !arrayOpen && !arrayClosed) arrayOpen = true;
          else if (c === "]" && arrayOpen) arrayClosed = true;
          else if (c === "," && arrayOpen && !arrayClosed) continue;
          else if (!/\s/.test(c) && c !== "\uFEFF") {
            throw new StreamFormatError(
              `Unexpected "${c}" between chunks of a JSON stream: ${excerpt(text.slice(i))}`,
            );
          }
          continue;
        }
        if (inString) {
          if (escaped) escaped = false;
          else if (c === "\\") escaped = true;
          else if (c === '"') inString = false;
          continue;
        }
        if (c === '"') inString = true;
        else if (c === "{" || c === "[") depth++;
        else if (c === "}" || c === "]") {
          depth--;
          if (depth === 0) {
            chunks.push(parseJson(element + text.slice(start, i + 1)));
            element = "";
            start = -1;
          }
        }
      }
      if (depth > 0) element += text.slice(start);
      return chunks;
    },
    end(received) {
      if (depth > 0) {
        throw new IncompleteStreamError(
          `The stream ended in the middle of a chunk after ${received} complete chunk(s).`,
          received,
          element,
        );
      }
      if (arrayOpen && !arrayClosed) {
        throw new IncompleteStreamError(
          `The stream ended before the closing "]" after ${received} complete chunk(s).`,
          received,
          "",
        );
      }
      return [];
    },
  };
}
