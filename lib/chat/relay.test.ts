// The proxy's relay against a hand-driven upstream: chunks pass as they are written, a caller that
// goes away closes the upstream connection, and a 200 that is not JSON is reported.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { StudioError } from "../errors";
import { relayTextApi } from "./relay";

type Upstream = {
  url: string;
  /** The Authorization header of each call received. */
  authorizations: (string | undefined)[];
  release: () => void;
  closedEarly: Promise<boolean>;
  close: () => Promise<void>;
};

/**
 * Writes one SSE chunk, then waits for release() before the second and the end; with `body`, sends
 * that at once; with `headersOnly`, sends the headers and then nothing.
 */
async function startUpstream(
  options: { body?: string; contentType?: string; headersOnly?: boolean } = {},
): Promise<Upstream> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let closedEarly!: (value: boolean) => void;
  const closed = new Promise<boolean>((resolve) => (closedEarly = resolve));
  const authorizations: (string | undefined)[] = [];
  const server = http.createServer(async (req, res) => {
    authorizations.push(req.headers.authorization);
    req.resume();
    res.on("close", () => closedEarly(!res.writableFinished));
    res.writeHead(200, { "Content-Type": options.contentType ?? "text/event-stream" });
    if (options.headersOnly) {
      res.flushHeaders();
      return;
    }
    if (options.body !== undefined) {
      res.end(options.body);
      return;
    }
    res.write(`data: {"candidates":[{"content":{"parts":[{"text":"first"}]}}]}\n\n`);
    await released;
    if (!res.destroyed) res.end(`data: {"candidates":[{"content":{"parts":[{"text":"second"}]}}]}\n\n`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    authorizations,
    release,
    closedEarly: closed,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let upstream: Upstream | undefined;
afterEach(async () => {
  upstream?.release();
  await upstream?.close();
  upstream = undefined;
});

const body = { contents: [{ role: "user", parts: [{ text: "hi" }] }] };

describe("relayTextApi", () => {
  it("passes the first chunk on before the upstream has finished", async () => {
    upstream = await startUpstream();
    const response = await relayTextApi(
      { model: "llm-2.5-pro", method: "streamGenerateContent", body, alt: "sse" },
      { baseUrl: upstream.url, apiKey: "k" },
    );
    expect(response.headers.get("content-type")).toBe("text/event-stream");
    expect(response.headers.get("cache-control")).toContain("no-transform");
    const reader = response.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toContain('"first"');
    upstream.release();
    let rest = "";
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      rest += new TextDecoder().decode(value);
    }
    expect(rest).toContain('"second"');
    expect(await upstream.closedEarly).toBe(false);
    // The studio's key, never anything from the caller (the call carries no caller headers at all).
    expect(upstream.authorizations).toEqual(["Bearer k"]);
  });

  it("closes the upstream connection when the caller goes away", async () => {
    upstream = await startUpstream();
    const caller = new AbortController();
    const response = await relayTextApi(
      { model: "llm-2.5-pro", method: "streamGenerateContent", body, alt: "sse", signal: caller.signal },
      { baseUrl: upstream.url, apiKey: "k" },
    );
    const reader = response.body!.getReader();
    await reader.read();
    caller.abort();
    expect(await upstream.closedEarly).toBe(true);
  });

  it("reports a 200 answer to generateContent that is not JSON", async () => {
    upstream = await startUpstream({ body: "<html>maintenance</html>", contentType: "text/html" });
    const error = await relayTextApi(
      { model: "llm-2.5-pro", method: "generateContent", body },
      { baseUrl: upstream.url, apiKey: "k" },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StudioError);
    expect((error as StudioError).code).toBe("upstream_bad_response");
    expect((error as StudioError).message).toContain("<html>maintenance</html>");
  });

  it("closes the upstream connection when the caller stops reading the relayed body", async () => {
    upstream = await startUpstream();
    const response = await relayTextApi(
      { model: "llm-2.5-pro", method: "streamGenerateContent", body, alt: "sse" },
      { baseUrl: upstream.url, apiKey: "k" },
    );
    const reader = response.body!.getReader();
    await reader.read();
    await reader.cancel();
    expect(await upstream.closedEarly).toBe(true);
  });

  it("ends a stream that goes silent with an SSE error event, and closes the upstream", async () => {
    upstream = await startUpstream();
    const started = Date.now();
    const response = await relayTextApi(
      { model: "llm-2.5-pro", method: "streamGenerateContent", body, alt: "sse" },
      { baseUrl: upstream.url, apiKey: "k" },
      { idleMs: 300 },
    );
    const text = await response.text();
    expect(Date.now() - started).toBeLessThan(3000);
    expect(text).toContain('"first"');
    expect(text).not.toContain('"second"');
    expect(text).toMatch(/data: \{"error":\{"code":504,.*sent nothing for 300 ms/);
    expect(await upstream.closedEarly).toBe(true);
  });

  it("gives up on a stream whose headers came but whose first bytes never do", async () => {
    upstream = await startUpstream({ headersOnly: true });
    const response = await relayTextApi(
      { model: "llm-2.5-pro", method: "streamGenerateContent", body, alt: "sse" },
      { baseUrl: upstream.url, apiKey: "k" },
      { firstChunkMs: 300 },
    );
    expect(await response.text()).toMatch(/^data: \{"error":\{"code":504,.*sent nothing for 300 ms/);
    expect(await upstream.closedEarly).toBe(true);
  });

  it("gives generateContent one deadline for headers and body", async () => {
    upstream = await startUpstream({ headersOnly: true, contentType: "application/json" });
    const started = Date.now();
    const error = await relayTextApi(
      { model: "llm-2.5-pro", method: "generateContent", body },
      { baseUrl: upstream.url, apiKey: "k" },
      { generateMs: 300 },
    ).catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(error).toBeInstanceOf(StudioError);
    expect((error as StudioError).status).toBe(504);
    expect((error as StudioError).message).toContain("did not finish its answer");
    expect(await upstream.closedEarly).toBe(true);
  });
});

describe("relayTextApi's meter", () => {
  it("tells the usage received so far when the caller abandons a stream", async () => {
    const usage = { promptTokenCount: 7, candidatesTokenCount: 3, totalTokenCount: 10 };
    // First chunk carries usage (as some upstreams do on every chunk); then the upstream waits.
    const server = http.createServer((req, res) => {
      req.resume();
      res.writeHead(200, { "Content-Type": "text/event-stream" });
      res.write(
        `data: ${JSON.stringify({ candidates: [{ content: { parts: [{ text: "hi" }] } }], usageMetadata: usage })}\n\n`,
      );
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const told: unknown[] = [];
    try {
      const response = await relayTextApi(
        { model: "m", method: "streamGenerateContent", alt: "sse", body: { contents: [] } },
        { baseUrl: `http://127.0.0.1:${port}`, apiKey: "k" },
        {},
        (u, outcome) => void told.push({ u, outcome }),
      );
      const reader = response.body!.getReader();
      await reader.read();
      expect(told).toEqual([]);
      await reader.cancel();
      expect(told).toEqual([{ u: usage, outcome: "interrupted" }]);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("tells a refused call as an error without usage", async () => {
    const server = http.createServer((req, res) => {
      req.resume();
      res.writeHead(429, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ error: { code: 429, message: "quota", status: "RESOURCE_EXHAUSTED" } }));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const told: unknown[] = [];
    try {
      await expect(
        relayTextApi(
          { model: "m", method: "generateContent", body: { contents: [] } },
          { baseUrl: `http://127.0.0.1:${port}`, apiKey: "k" },
          {},
          (u, outcome) => void told.push({ u, outcome }),
        ),
      ).rejects.toBeInstanceOf(StudioError);
      expect(told).toEqual([{ u: null, outcome: "error" }]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
