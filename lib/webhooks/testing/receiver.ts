import http from "node:http";
import type { AddressInfo } from "node:net";

export type Received = { id: string; timestamp: string; signature: string; body: string; at: number };

/**
 * A real HTTP receiver for webhook tests and the bench: records every request and answers what
 * `answer` says (a status, after an optional delay; "hold" never answers, as a receiver a
 * crash cuts off).
 */
export async function startReceiver(
  answer: (request: Received, index: number) => { status: number; delayMs?: number } | "hold" = () => ({
    status: 204,
  }),
) {
  const received: Received[] = [];
  const held: http.ServerResponse[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const got: Received = {
        id: String(req.headers["webhook-id"]),
        timestamp: String(req.headers["webhook-timestamp"]),
        signature: String(req.headers["webhook-signature"]),
        body: Buffer.concat(chunks).toString("utf8"),
        at: Date.now(),
      };
      received.push(got);
      const reply = answer(got, received.length - 1);
      if (reply === "hold") return void held.push(res);
      setTimeout(() => res.writeHead(reply.status).end(`answer ${reply.status}`), reply.delayMs ?? 0);
    });
  });
  server.keepAliveTimeout = 1;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    received,
    /** The headers Webhook.verify expects. */
    headersOf: (r: Received) => ({
      "webhook-id": r.id,
      "webhook-timestamp": r.timestamp,
      "webhook-signature": r.signature,
    }),
    close: async () => {
      for (const res of held) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
export type Receiver = Awaited<ReturnType<typeof startReceiver>>;
