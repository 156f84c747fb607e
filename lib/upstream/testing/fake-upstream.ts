import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Readable } from "node:stream";

/** A request the fake upstream received, as the upstream would see it. */
export type ReceivedRequest = {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
};

export type CannedAnswer =
  | { status?: number; json: unknown; headers?: Record<string, string> }
  | { status?: number; text: string; headers?: Record<string, string> }
  | { status?: number; stream: Readable | (() => Readable); headers?: Record<string, string> }
  /** Accept the connection and destroy it without answering. */
  | { hangUp: true }
  /** Never answer (for timeouts). */
  | { silent: true };

export type FakeUpstream = {
  url: string;
  requests: ReceivedRequest[];
  count(pathPrefix?: string, method?: string): number;
  close(): Promise<void>;
};

/**
 * A tiny real HTTP server standing in for the Model Task Service (or a file host) in tests: the
 * code under test talks HTTP to it exactly as it would to the real upstream.
 */
export async function startFakeUpstream(
  answer: (request: ReceivedRequest) => CannedAnswer | Promise<CannedAnswer>,
): Promise<FakeUpstream> {
  const requests: ReceivedRequest[] = [];
  const sockets = new Set<import("node:net").Socket>();
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const received: ReceivedRequest = {
      method: req.method ?? "GET",
      path: req.url ?? "/",
      headers: req.headers,
      body: Buffer.concat(chunks).toString("utf8"),
    };
    requests.push(received);
    let canned: CannedAnswer;
    try {
      canned = await answer(received);
    } catch (error) {
      canned = { status: 500, text: `fake upstream handler threw: ${(error as Error).message}` };
    }
    if ("hangUp" in canned) return void req.socket.destroy();
    if ("silent" in canned) return;
    res.statusCode = canned.status ?? 200;
    for (const [name, value] of Object.entries(canned.headers ?? {})) res.setHeader(name, value);
    if ("json" in canned) {
      if (!res.hasHeader("content-type")) res.setHeader("content-type", "application/json");
      res.end(JSON.stringify(canned.json));
    } else if ("text" in canned) {
      res.end(canned.text);
    } else {
      const stream = typeof canned.stream === "function" ? canned.stream() : canned.stream;
      stream.on("error", () => res.destroy());
      stream.pipe(res);
    }
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    count: (prefix = "", method) =>
      requests.filter((r) => r.path.startsWith(prefix) && (!method || r.method === method)).length,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
