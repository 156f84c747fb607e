import net from "node:net";

/**
 * How the proxy treats traffic: `pass` forwards both ways; `refuse` resets every open connection
 * and every new one at once (the server went away); `stall` keeps connections open and new ones
 * accepted but moves no byte either way (a hung server or a black-holed network) until `pass`
 * lets the held bytes flow again; `slow` forwards everything, but the server's bytes reach the
 * client `slowMs` late (a server that is alive but answers late, as one completing a large upload).
 */
export type FaultMode = "pass" | "refuse" | "stall" | "slow";

export type FaultProxy = {
  port: number;
  /** `url` with its host and port replaced by the proxy's. */
  via(url: string): string;
  mode(): FaultMode;
  set(mode: FaultMode): void;
  close(): Promise<void>;
};

type Pair = { client: net.Socket; upstream: net.Socket | null };

/**
 * A real TCP server between a client (the studio's database pool, its S3 client) and the server it
 * talks to, for fault tests: the client's own driver sees the fault as it would in production.
 */
export async function startFaultProxy(
  target: { host: string; port: number },
  { slowMs = 1_500 }: { slowMs?: number } = {},
): Promise<FaultProxy> {
  let current: FaultMode = "pass";
  const pairs = new Set<Pair>();

  const connectUpstream = (pair: Pair) => {
    const upstream = net.connect(target.port, target.host);
    pair.upstream = upstream;
    forward(pair.client, upstream);
    const answered = forward(upstream, pair.client, true);
    // The server's last bytes may still be on their way (slow): they reach the client first.
    upstream.on("error", () => void answered().then(() => pair.client.destroy()));
    upstream.on("close", () => void answered().then(() => pair.client.destroy()));
  };

  // Backpressure by hand rather than pipe(): pipe() would resume a socket the stall paused.
  const forward = (from: net.Socket, to: net.Socket, answers = false) => {
    // Late bytes keep their order: each waits for its own due time after the ones before it.
    let late = Promise.resolve();
    let lateCount = 0;
    from.on("data", (chunk) => {
      if (answers && (current === "slow" || lateCount > 0)) {
        const due = Date.now() + (current === "slow" ? slowMs : 0);
        lateCount++;
        late = late
          .then(() => new Promise((resolve) => setTimeout(resolve, Math.max(0, due - Date.now()))))
          .then(() => {
            lateCount--;
            if (!to.destroyed) to.write(chunk);
          });
        return;
      }
      if (!to.write(chunk)) from.pause();
    });
    to.on("drain", () => {
      if (current === "pass" || current === "slow") from.resume();
    });
    return () => late;
  };

  const server = net.createServer((client) => {
    if (current === "refuse") {
      client.resetAndDestroy();
      return;
    }
    const pair: Pair = { client, upstream: null };
    pairs.add(pair);
    client.on("error", () => pair.upstream?.destroy());
    client.on("close", () => {
      pair.upstream?.destroy();
      pairs.delete(pair);
    });
    if (current === "stall") client.pause();
    else connectUpstream(pair);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;

  return {
    port,
    via(url) {
      const parsed = new URL(url);
      parsed.hostname = "127.0.0.1";
      parsed.port = String(port);
      return parsed.toString();
    },
    mode: () => current,
    set(mode) {
      current = mode;
      for (const pair of [...pairs]) {
        if (mode === "refuse") {
          pair.upstream?.destroy();
          pair.client.resetAndDestroy();
          pairs.delete(pair);
        } else if (mode === "stall") {
          pair.client.pause();
          pair.upstream?.pause();
        } else {
          if (!pair.upstream) connectUpstream(pair);
          pair.client.resume();
          pair.upstream?.resume();
        }
      }
    },
    close: async () => {
      for (const pair of pairs) {
        pair.client.destroy();
        pair.upstream?.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
