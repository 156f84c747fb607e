// The text-API client against the sandbox served over real HTTP: what a real upstream would do.
import http from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandboxServer, type SandboxServer } from "../sandbox";
import { StudioError } from "../errors";
import { responseText, type GenerateContentResponse } from "../upstream/native-schema";
import { framingOf, IncompleteStreamError, parseGenerateContentStream } from "./stream-parser";
import { callTextApi, type TextApiConfig } from "../upstream/text-client";

let sandbox: SandboxServer;
let config: TextApiConfig;

beforeAll(async () => {
  sandbox = await startSandboxServer({ port: 0 });
  config = { baseUrl: sandbox.url, apiKey: "test-key" };
});
afterAll(() => sandbox.close());

const ask = (text: string, extra: Record<string, unknown> = {}) => ({
  contents: [{ role: "user", parts: [{ text }] }],
  ...extra,
});

async function streamed(text: string, alt?: string, extra: Record<string, unknown> = {}) {
  const response = await callTextApi(
    { model: "llm-2.5-pro", method: "streamGenerateContent", body: ask(text, extra), alt },
    config,
  );
  const chunks: GenerateContentResponse[] = [];
  const times: number[] = [];
  for await (const chunk of parseGenerateContentStream(response.body!, {
    framing: framingOf(response.headers.get("content-type")),
  })) {
    chunks.push(chunk);
    times.push(performance.now());
  }
  return { response, chunks, times };
}

async function rejection(promise: Promise<unknown>): Promise<StudioError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(StudioError);
  return error as StudioError;
}

describe("text API through the client, against the sandbox", () => {
  it("answers generateContent with text, STOP and usage, sending the key", async () => {
    const response = await callTextApi(
      { model: "llm-3-flash-preview-low", method: "generateContent", body: ask("Hello there") },
      config,
    );
    const body = (await response.json()) as GenerateContentResponse;
    expect(responseText(body)).toContain("You wrote: “Hello there”");
    expect(responseText(body)).toContain("`llm-3-flash-preview-low`");
    expect(body.candidates?.[0].finishReason).toBe("STOP");
    const usage = body.usageMetadata!;
    expect(usage.promptTokenCount).toBeGreaterThan(0);
    expect(usage.totalTokenCount).toBe(usage.promptTokenCount! + usage.candidatesTokenCount!);
    expect(sandbox.log.list().at(-1)).toMatchObject({
      path: "/v1/models/llm-3-flash-preview-low:generateContent",
      authorization: true,
    });
  });

  it.each([
    ["a JSON array", undefined, "application/json"],
    ["server-sent events", "sse", "text/event-stream"],
  ])("streams the same answer as %s, usage on the last chunk", async (_name, alt, type) => {
    const whole = await callTextApi(
      { model: "llm-2.5-pro", method: "generateContent", body: ask("Stream me ✨") },
      config,
    );
    const expected = responseText((await whole.json()) as GenerateContentResponse);
    const { response, chunks } = await streamed("Stream me ✨", alt);
    expect(response.headers.get("content-type")).toContain(type);
    expect(chunks.length).toBeGreaterThan(3);
    expect(chunks.map(responseText).join("")).toBe(expected);
    expect(chunks.at(-1)?.candidates?.[0].finishReason).toBe("STOP");
    expect(chunks.at(-1)?.usageMetadata?.totalTokenCount).toBeGreaterThan(0);
    expect(chunks[0].usageMetadata).toBeUndefined();
  });

  it("delivers [slow] chunks as they are produced, not at the end", async () => {
    const { chunks, times } = await streamed("[slow] take your time", "sse");
    expect(chunks).toHaveLength(20);
    expect(times.at(-1)! - times[0]).toBeGreaterThan(2000);
  });

  it("describes an inline image by type, pixel size and bytes", async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#ff0000" } })
      .png()
      .toBuffer();
    const body = {
      contents: [
        {
          role: "user",
          parts: [
            { inlineData: { mimeType: "image/png", data: png.toString("base64") } },
            { text: "what is it" },
          ],
        },
      ],
    };
    const response = await callTextApi({ model: "llm-2.5-pro", method: "generateContent", body }, config);
    const text = responseText((await response.json()) as GenerateContentResponse);
    expect(png.length).toBeLessThan(1024);
    expect(text).toContain(`Attachment 1: image/png, 40×30 px, ${png.length} bytes (inline)`);
  });

  it("stops at maxOutputTokens with MAX_TOKENS", async () => {
    const { chunks } = await streamed("long answer please", "sse", {
      generationConfig: { maxOutputTokens: 5 },
    });
    expect(chunks.map(responseText).join("")).toHaveLength(20);
    expect(chunks.at(-1)?.candidates?.[0].finishReason).toBe("MAX_TOKENS");
    expect(chunks.at(-1)?.usageMetadata?.candidatesTokenCount).toBe(5);
  });

  it("reports a stream cut mid-way after the chunks that arrived", async () => {
    const response = await callTextApi(
      { model: "llm-2.5-pro", method: "streamGenerateContent", body: ask("[drop] then fail"), alt: "sse" },
      config,
    );
    const seen: string[] = [];
    const error = await (async () => {
      for await (const chunk of parseGenerateContentStream(response.body!)) seen.push(responseText(chunk));
    })().catch((e: unknown) => e);
    expect(seen).toHaveLength(3);
    expect(error).toBeDefined();
    expect(error).not.toBeInstanceOf(StudioError);
    expect(error instanceof IncompleteStreamError || error instanceof TypeError).toBe(true);
  });
});

describe("upstream failures become StudioErrors", () => {
  it.each([
    [429, "Resource has been exhausted"],
    [500, "internal error"],
    [400, "invalid argument"],
  ])("passes back HTTP %i with the upstream's message", async (status, message) => {
    const error = await rejection(
      callTextApi(
        { model: "llm-2.5-pro", method: "generateContent", body: ask(`[error:${status}]`) },
        config,
      ),
    );
    expect(error.code).toBe("upstream_rejected");
    expect(error.status).toBe(status);
    expect(error.message).toContain(`HTTP ${status}`);
    expect(error.message).toContain(message);
  });

  it("names the field the sandbox rejects and an unknown model", async () => {
    const bad = await rejection(
      callTextApi(
        { model: "llm-2.5-pro", method: "generateContent", body: { contents: [{ parts: [] }] } },
        config,
      ),
    );
    expect(bad.status).toBe(400);
    expect(bad.message).toContain("contents[0].parts");
    const unknown = await rejection(
      callTextApi({ model: "llm-9", method: "generateContent", body: ask("hi") }, config),
    );
    expect(unknown.status).toBe(404);
    expect(unknown.message).toContain("llm-2.5-flash-lite");
  });

  it("reports a non-JSON error page with its status and an excerpt", async () => {
    const server = http.createServer((_req, res) => {
      res.writeHead(503, { "Content-Type": "text/html" });
      res.end("<html><body><h1>503 Service Temporarily Unavailable</h1></body></html>");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const error = await rejection(
        callTextApi(
          { model: "llm-2.5-pro", method: "generateContent", body: ask("hi") },
          { baseUrl: `http://127.0.0.1:${port}`, apiKey: "k" },
        ),
      );
      expect(error.status).toBe(503);
      expect(error.message).toContain("503 Service Temporarily Unavailable");
    } finally {
      server.close();
    }
  });

  it("says an unreachable upstream is unreachable, without its address", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const error = await rejection(
      callTextApi(
        { model: "llm-2.5-pro", method: "generateContent", body: ask("hi") },
        { baseUrl: `http://127.0.0.1:${port}`, apiKey: "k" },
      ),
    );
    expect(error.code).toBe("upstream_unreachable");
    expect(error.status).toBe(502);
    expect(error.message).toContain("ECONNREFUSED");
    expect(error.message).not.toContain("127.0.0.1");
  });

  it("times out an upstream that never answers", async () => {
    const server = http.createServer(() => {});
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const error = await rejection(
        callTextApi(
          { model: "llm-2.5-pro", method: "generateContent", body: ask("hi"), timeoutMs: 300 },
          { baseUrl: `http://127.0.0.1:${port}`, apiKey: "k" },
        ),
      );
      expect(error.status).toBe(504);
      expect(error.message).toContain("did not answer");
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
