import http from "node:http";
import type { CollectSources } from "./collect";
import { renderMetrics } from "./scrape";

/**
 * METRICS_PORT: a second listener, bound to 127.0.0.1 only, that serves GET /metrics and nothing
 * else, without a token — for a Prometheus agent (or sidecar) on the same machine, with the
 * studio's own port left as it is. Anything beyond this machine cannot reach it.
 */
export function startMetricsServer(port: number, sources: () => CollectSources): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    const path = (request.url ?? "").split("?")[0];
    if (path !== "/metrics" || (request.method !== "GET" && request.method !== "HEAD")) {
      response.writeHead(404, { "Content-Type": "text/plain" }).end("Only GET /metrics is served here.\n");
      return;
    }
    renderMetrics(sources()).then(
      ({ body, contentType }) => {
        response.writeHead(200, { "Content-Type": contentType, "Cache-Control": "no-store" });
        response.end(request.method === "HEAD" ? undefined : body);
      },
      () => response.writeHead(500, { "Content-Type": "text/plain" }).end("Metrics could not be rendered.\n"),
    );
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      server.off("error", reject);
      server.unref();
      resolve(server);
    });
  });
}
