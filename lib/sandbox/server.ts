import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { toNodeListener } from "./node-adapter";
import { timeScaleOf, type SandboxOptions } from "./options";
import { RequestLog } from "./request-log";
import { handleSandboxRequest } from "./router";

export type SandboxServer = {
  /** Base URL without a trailing slash, e.g. http://127.0.0.1:4010 — use it as UPSTREAM_BASE_URL. */
  url: string;
  /** This server's request log (also at GET {url}/_requests). */
  log: RequestLog;
  close(): Promise<void>;
};

export type SandboxServerOptions = Omit<SandboxOptions, "basePath"> & {
  /** 0 picks a free port. Default 4010. */
  port?: number;
  host?: string;
};

/** The sandbox as its own HTTP service at the root path ("real upstream" for integration tests). */
export async function startSandboxServer(options: SandboxServerOptions = {}): Promise<SandboxServer> {
  const { port = 4010, host = "127.0.0.1", ...rest } = options;
  timeScaleOf(rest.timeScale); // a bad scale fails the start, not every request
  const log = rest.log ?? new RequestLog();
  const server = createServer(toNodeListener((request) => handleSandboxRequest(request, { ...rest, log })));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === "IPv6" ? `[${address.address}]` : address.address;
  return {
    url: `http://${shownHost}:${address.port}`,
    log,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
