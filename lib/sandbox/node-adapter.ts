import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";

export type FetchHandler = (request: Request) => Promise<Response>;

/**
 * Serves a fetch-style handler over node:http. Bodies stream both ways, chunk by chunk (the text
 * API's streamed answers must reach the client as they are produced), and a client that goes away
 * aborts the request's signal and cancels the response stream.
 */
export function toNodeListener(handler: FetchHandler) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    void serve(handler, req, res).catch((error) => {
      console.error("sandbox:", error);
      if (!res.headersSent) {
        res.writeHead(500, { "Content-Type": "application/json" });
        res.end(
          JSON.stringify({ error: { message: "Internal error", type: "api_error", code: "internal_error" } }),
        );
      } else res.destroy(error as Error);
    });
  };
}

async function serve(handler: FetchHandler, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const aborter = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) aborter.abort();
  });
  const response = await handler(toRequest(req, aborter.signal));
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) headers["set-cookie"] = cookies;
  res.writeHead(response.status, response.statusText || undefined, headers);
  if (!response.body || req.method === "HEAD") {
    await response.body?.cancel();
    res.end();
    return;
  }
  res.flushHeaders();
  const reader = response.body.getReader();
  const stop = () => void reader.cancel().catch(() => {});
  aborter.signal.addEventListener("abort", stop);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!res.write(value)) await drained(res);
      if (aborter.signal.aborted) return;
    }
    res.end();
  } finally {
    aborter.signal.removeEventListener("abort", stop);
  }
}

function toRequest(req: IncomingMessage, signal: AbortSignal): Request {
  const host = req.headers.host ?? "127.0.0.1";
  const url = new URL(req.url ?? "/", `http://${host}`);
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i], req.rawHeaders[i + 1]);
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  return new Request(url, {
    method: req.method,
    headers,
    signal,
    ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream<Uint8Array>, duplex: "half" } : {}),
  } as RequestInit);
}

function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off("drain", done);
      res.off("close", done);
      resolve();
    };
    res.on("drain", done);
    res.on("close", done);
  });
}
