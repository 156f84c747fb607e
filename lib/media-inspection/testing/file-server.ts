import http from "node:http";
import type { AddressInfo } from "node:net";

export type Route = (request: http.IncomingMessage, response: http.ServerResponse) => void;

/** A real HTTP server on a loopback port serving test files; counts the bytes each path wrote. */
export async function startFileServer(routes: Record<string, Route>) {
  const written = new Map<string, number>();
  const server = http.createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://x").pathname;
    const route = routes[path];
    if (!route) return void response.writeHead(404).end("not found");
    const write = response.write.bind(response);
    response.write = ((chunk: Buffer, ...rest: never[]) => {
      written.set(path, (written.get(path) ?? 0) + chunk.length);
      return write(chunk, ...rest);
    }) as typeof response.write;
    route(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    written: (path: string) => written.get(path) ?? 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Serves `bytes` whole, with Content-Length unless `chunked`. */
export const serve =
  (bytes: Buffer, { chunked = false, type = "application/octet-stream" } = {}): Route =>
  (_request, response) => {
    response.writeHead(200, { "Content-Type": type, ...(chunked ? {} : { "Content-Length": bytes.length }) });
    response.write(bytes);
    response.end();
  };
