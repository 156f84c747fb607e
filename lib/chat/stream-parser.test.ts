import { describe, expect, it } from "vitest";
import { responseText, type GenerateContentResponse } from "../upstream/native-schema";
import {
  IncompleteStreamError,
  StreamFormatError,
  framingOf,
  parseGenerateContentStream,
  type StreamFraming,
} from "./stream-parser";

const chunk = (text: string, extra: Partial<GenerateContentResponse> = {}): GenerateContentResponse => ({
  candidates: [{ content: { role: "model", parts: [{ text }] }, index: 0 }],
  ...extra,
});

// Emoji (4 bytes), CJK (3 bytes), an escaped quote and a brace inside a string: every trap at once.
const chunks: GenerateContentResponse[] = [
  chunk("Hello 👋 "),
  chunk('世界 {"quoted"} \\ ] ['),
  chunk("done ✅", {
    candidates: [{ content: { role: "model", parts: [{ text: "done ✅" }] }, finishReason: "STOP" }],
    usageMetadata: { promptTokenCount: 3, candidatesTokenCount: 5, totalTokenCount: 8 },
  }),
];

const sse = chunks.map((c) => `data: ${JSON.stringify(c)}\n\n`).join("");
const jsonArray = `[${chunks.map((c) => JSON.stringify(c, null, 1)).join(",\n")}]`;
const bytesOf = (text: string) => new TextEncoder().encode(text);

function streamOf(pieces: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const piece of pieces) controller.enqueue(piece);
      controller.close();
    },
  });
}

function splitAt(bytes: Uint8Array, cuts: number[]): Uint8Array[] {
  const pieces: Uint8Array[] = [];
  let from = 0;
  for (const cut of cuts) {
    pieces.push(bytes.slice(from, cut));
    from = cut;
  }
  pieces.push(bytes.slice(from));
  return pieces;
}

async function collect(pieces: Uint8Array[], framing?: StreamFraming) {
  const out: GenerateContentResponse[] = [];
  for await (const c of parseGenerateContentStream(streamOf(pieces), { framing })) out.push(c);
  return out;
}

describe.each([
  ["sse", sse],
  ["json array", jsonArray],
])("%s framing", (_name, body) => {
  const bytes = bytesOf(body);

  it("parses the whole body in one piece", async () => {
    expect(await collect([bytes])).toEqual(chunks);
  });

  it("parses every split into two pieces, including inside multi-byte characters", async () => {
    for (let cut = 0; cut <= bytes.length; cut++) {
      expect(await collect(splitAt(bytes, [cut])), `cut at byte ${cut}`).toEqual(chunks);
    }
  });

  it("parses every split into three pieces", async () => {
    // Every pair of cut points over a window that spans the emoji and CJK characters.
    const window = Math.min(bytes.length, 160);
    for (let a = 0; a <= window; a++) {
      for (let b = a; b <= window; b += 3) {
        const got = await collect(splitAt(bytes, [a, b]));
        expect(got.map(responseText), `cuts at ${a}, ${b}`).toEqual(chunks.map(responseText));
      }
    }
  });

  it("parses the body fed one byte at a time", async () => {
    const pieces = Array.from(bytes, (b) => Uint8Array.of(b));
    const got = await collect(pieces);
    expect(got).toEqual(chunks);
    expect(got.map(responseText).join("")).toBe('Hello 👋 世界 {"quoted"} \\ ] [done ✅');
  });
});

describe("framing detection and variants", () => {
  it("reads the framing from the content type", () => {
    expect(framingOf("text/event-stream; charset=utf-8")).toBe("sse");
    expect(framingOf("application/json")).toBe("json");
    expect(framingOf("text/plain")).toBeUndefined();
  });

  it("yields each chunk before the stream ends (progressive)", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const stream = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(bytesOf(`data: ${JSON.stringify(chunks[0])}\n\n`));
        await gate;
        controller.enqueue(bytesOf(`data: ${JSON.stringify(chunks[1])}\n\n`));
        controller.close();
      },
    });
    const iterator = parseGenerateContentStream(stream);
    const first = await iterator.next();
    expect(responseText(first.value as GenerateContentResponse)).toBe("Hello 👋 ");
    release();
    const rest: string[] = [];
    for await (const c of iterator) rest.push(responseText(c));
    expect(rest).toEqual(['世界 {"quoted"} \\ ] [']);
  });

  it("accepts CRLF line endings, comments, event names, [DONE] and a BOM", async () => {
    const body = `\uFEFF: keep-alive\r\n\r\nevent: message\r\ndata: ${JSON.stringify(chunks[0])}\r\n\r\ndata: [DONE]\r\n\r\n`;
    expect(await collect([bytesOf(body)])).toEqual([chunks[0]]);
  });

  it("accepts a last SSE event without its closing blank line", async () => {
    expect(await collect([bytesOf(`data: ${JSON.stringify(chunks[0])}`)])).toEqual([chunks[0]]);
  });

  it("accepts a bare JSON object and concatenated objects", async () => {
    expect(await collect([bytesOf(JSON.stringify(chunks[0]))])).toEqual([chunks[0]]);
    const ndjson = chunks.map((c) => JSON.stringify(c)).join("\n");
    expect(await collect([bytesOf(ndjson)])).toEqual(chunks);
  });

  it("yields nothing for an empty body or an empty array", async () => {
    expect(await collect([])).toEqual([]);
    expect(await collect([bytesOf(" [ ] ")])).toEqual([]);
  });

  it("honours a framing given by the caller", async () => {
    expect(await collect([bytesOf(sse)], "sse")).toEqual(chunks);
    expect(await collect([bytesOf(jsonArray)], "json")).toEqual(chunks);
  });
});

describe("truncated and malformed streams", () => {
  async function truncated(body: string) {
    const seen: string[] = [];
    try {
      for await (const c of parseGenerateContentStream(streamOf([bytesOf(body)]))) seen.push(responseText(c));
    } catch (error) {
      return { seen, error };
    }
    return { seen, error: undefined };
  }

  it("reports a JSON array cut inside a chunk, after yielding the complete ones", async () => {
    const cut = jsonArray.slice(0, jsonArray.indexOf("done ✅"));
    const { seen, error } = await truncated(cut);
    expect(seen).toEqual(["Hello 👋 ", '世界 {"quoted"} \\ ] [']);
    expect(error).toBeInstanceOf(IncompleteStreamError);
    const incomplete = error as IncompleteStreamError;
    expect(incomplete.receivedChunks).toBe(2);
    expect(incomplete.message).toContain("after 2 complete chunk(s)");
    expect(incomplete.partial.startsWith("{")).toBe(true);
  });

  it("reports a JSON array missing its closing bracket", async () => {
    const { seen, error } = await truncated(jsonArray.slice(0, -1));
    expect(seen).toHaveLength(3);
    expect((error as IncompleteStreamError).message).toContain('closing "]"');
  });

  it("reports an SSE stream cut inside an event", async () => {
    const cut = sse.slice(0, sse.lastIndexOf("done ✅"));
    const { seen, error } = await truncated(cut);
    expect(seen).toHaveLength(2);
    expect(error).toBeInstanceOf(IncompleteStreamError);
    expect((error as IncompleteStreamError).receivedChunks).toBe(2);
    expect((error as IncompleteStreamError).partial).toMatch(/^data: \{/);
  });

  it("reports leftover text after the last event as a cut stream, not a clean end", async () => {
    const html = await truncated("<html><body>Bad gateway</body></html>");
    expect(html.seen).toEqual([]);
    expect(html.error).toBeInstanceOf(IncompleteStreamError);
    expect((html.error as IncompleteStreamError).partial).toContain("Bad gateway");
    // An event whose data line was never finished (no closing blank line, no JSON end).
    const field = await truncated(`${sse}event: message\ndata`);
    expect(field.seen).toHaveLength(3);
    expect(field.error).toBeInstanceOf(IncompleteStreamError);
    // Comments, blank lines and an unterminated [DONE] after the last event are a clean end.
    expect((await truncated(`${sse}: keep-alive\n\ndata: [DONE]`)).error).toBeUndefined();
  });

  it("rejects garbage between JSON chunks and non-object chunks", async () => {
    expect((await truncated('[{"a":1} x]')).error).toBeInstanceOf(StreamFormatError);
    expect((await truncated("data: 42\n\n")).error).toBeInstanceOf(StreamFormatError);
    expect((await truncated("data: {oops\n\n")).error).toBeInstanceOf(StreamFormatError);
  });

  it("surfaces a network error after the chunks received so far", async () => {
    let pulls = 0;
    // error() drops queued bytes, so the break comes on the read after the bytes were delivered.
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulls++ === 0) controller.enqueue(bytesOf(`data: ${JSON.stringify(chunks[0])}\n\ndata: {"candi`));
        else controller.error(new TypeError("terminated"));
      },
    });
    const seen: string[] = [];
    await expect(async () => {
      for await (const c of parseGenerateContentStream(stream)) seen.push(responseText(c));
    }).rejects.toThrow("terminated");
    expect(seen).toEqual(["Hello 👋 "]);
  });
});
