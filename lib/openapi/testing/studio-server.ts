import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { Readable } from "node:stream";
import { startSandboxServer, type SandboxServer } from "@/lib/sandbox";
import { setEnv } from "@/lib/testing/env-vars";
import { createTempDb } from "@/lib/testing/temp-db";

/**
 * The studio's real /api route handlers behind a real HTTP listener on loopback, with the sandbox
 * as its upstream and the process tracker running: what a script or the CLI talks to, without a
 * `next build`. Routing is Next's file convention (`[id]` segments), static segments first.
 */
type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;
type Compiled = { pattern: RegExp; names: string[]; file: string; specificity: number };

const apiDir = path.join(import.meta.dirname, "../../../app/api");

function compileRoutes(dir = apiDir): Compiled[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return compileRoutes(full);
    if (entry.name !== "route.ts") return [];
    const segments = path.relative(apiDir, path.dirname(full)).split(path.sep);
    if (segments[0] === "sandbox") return [];
    const names: string[] = [];
    const source = segments
      .map((segment) => {
        const dynamic = /^\[(\w+)\]$/.exec(segment);
        if (!dynamic) return segment.replace(/[.]/g, "\\.");
        names.push(dynamic[1]);
        return "([^/]+)";
      })
      .join("/");
    return [{ pattern: new RegExp(`^/api/${source}$`), names, file: full, specificity: -names.length }];
  });
}

export type StudioServer = {
  url: string;
  sandbox: SandboxServer;
  temp: ReturnType<typeof createTempDb>;
  advanceUpstreamClock: (ms: number) => void;
  close: () => Promise<void>;
};

export async function startStudioServer(env: Record<string, string> = {}): Promise<StudioServer> {
  const temp = createTempDb();
  let clockOffset = 0;
  const sandbox = await startSandboxServer({
    port: 0,
    now: () => Date.now() + clockOffset,
    cacheDir: path.join(temp.dir, "sandbox-cache"),
  });
  const restoreEnv = setEnv({
    DATABASE_URL: temp.url,
    MEDIA_DIR: path.join(temp.dir, "media"),
    UPSTREAM_BASE_URL: sandbox.url,
    UPSTREAM_LLM_BASE_URL: sandbox.url,
    UPSTREAM_API_KEY: "studio-server-test-key",
    TRACKER: "1",
    ...env,
  });
  const routes = compileRoutes().sort((a, b) => b.specificity - a.specificity);
  const server = http.createServer((req, res) => {
    void serve(req, res).catch((error: unknown) => {
      res.writeHead(500).end(String(error));
    });
  });
  const serve = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url ?? "/", `http://${req.headers.host}`);
    const match = routes.find((r) => r.pattern.test(url.pathname));
    const method = req.method ?? "GET";
    const mod = match
      ? ((await import(/* @vite-ignore */ match.file)) as Record<string, Handler>)
      : undefined;
    if (!match || !mod?.[method]) return void res.writeHead(404).end();
    const values = match.pattern.exec(url.pathname)!.slice(1);
    const params = Object.fromEntries(match.names.map((n, i) => [n, decodeURIComponent(values[i])]));
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [key, value] of Object.entries(req.headers))
      if (typeof value === "string") headers.set(key, value);
    const body = method === "GET" || method === "HEAD" ? undefined : Buffer.concat(chunks);
    const response = await mod[method](new Request(url, { method, headers, body }), {
      params: Promise.resolve(params),
    });
    res.writeHead(response.status, Object.fromEntries(response.headers));
    if (response.body && method !== "HEAD") Readable.fromWeb(response.body as never).pipe(res);
    else res.end();
  };
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { ensureTrackerStarted } = await import("@/lib/tasks/tracker");
  const tracker = ensureTrackerStarted();
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    sandbox,
    temp,
    advanceUpstreamClock: (ms) => void (clockOffset += ms),
    close: async () => {
      await tracker.stop();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      const { db } = await import("@/lib/db");
      await db().$disconnect();
      await sandbox.close();
      await temp.cleanup();
      restoreEnv();
    },
  };
}
