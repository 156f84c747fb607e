/**
 * The MCP server through a real MCP client (the SDK's Client + Streamable HTTP transport) over a
 * real HTTP listener serving app/api/mcp/route.ts, with accounts on and API tokens, the studio's
 * tracker, and the standalone sandbox as the upstream (a fast time scale): list, submit, wait, fetch
 * the stored bytes by their signed link; another member's task is not found; a submit over budget
 * is refused with its numbers and never reaches the upstream.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInUser } from "@/lib/auth/testing/auth-testbed";
import { startSandboxServer, type SandboxServer } from "@/lib/sandbox";
import { toNodeListener } from "@/lib/sandbox/node-adapter";
import { setEnv } from "@/lib/testing/env-vars";
import { createTempDb } from "@/lib/testing/temp-db";

type Handler = (request: Request) => Promise<Response>;

let temp: ReturnType<typeof createTempDb>;
let sandbox: SandboxServer;
let studio: http.Server;
let studioUrl: string;
let restoreEnv: () => void;
let stopTracker: () => Promise<void>;
const tokens: Record<"ada" | "bob" | "cy", string> = { ada: "", bob: "", cy: "" };
const clients: Client[] = [];

const TASK = {
  model: "sd_2.5_ORelay",
  params: { prompt: "a lighthouse [fast]", duration: 4, aspect_ratio: "9:16" },
};

beforeAll(async () => {
  temp = createTempDb();
  sandbox = await startSandboxServer({
    port: 0,
    cacheDir: path.join(temp.dir, "sandbox-cache"),
    timeScale: 0.25,
  });
  restoreEnv = setEnv({
    DATABASE_URL: temp.url,
    MEDIA_DIR: path.join(temp.dir, "media"),
    UPSTREAM_BASE_URL: sandbox.url,
    UPSTREAM_LLM_BASE_URL: sandbox.url,
    UPSTREAM_API_KEY: "mcp-test-key",
    TRACKER: "1",
    AUTH: "on",
    AUTH_SECRET: "mcp-test-secret-mcp-test-secret-0123456",
  });
  const [mcp, media, { authContext }, { createToken }, { setBudget }, tracker] = await Promise.all([
    import("@/app/api/mcp/route"),
    import("@/app/api/media/[id]/route"),
    import("@/lib/auth/context"),
    import("@/lib/auth/tokens"),
    import("@/lib/auth/budgets"),
    import("@/lib/tasks/tracker"),
  ]);
  const routes: Record<string, Handler> = mcp as unknown as Record<string, Handler>;
  studio = http.createServer(
    toNodeListener(async (request) => {
      const { pathname } = new URL(request.url);
      if (pathname === "/api/mcp")
        return routes[request.method]?.(request) ?? new Response(null, { status: 405 });
      const id = /^\/api\/media\/([^/]+)$/.exec(pathname)?.[1];
      if (id) return media.GET(request, { params: Promise.resolve({ id: decodeURIComponent(id) }) });
      return new Response(null, { status: 404 });
    }),
  );
  await new Promise<void>((resolve) => studio.listen(0, "127.0.0.1", resolve));
  studioUrl = `http://127.0.0.1:${(studio.address() as AddressInfo).port}`;
  const ctx = await authContext();
  for (const name of ["ada", "bob", "cy"] as const) {
    const user = await signedInUser(`${name}@example.com`, "member");
    tokens[name] = (await createToken(ctx, user.id, { name: "mcp" })).token;
    if (name === "cy") await setBudget(ctx, user.id, { daily: 0 });
  }
  stopTracker = tracker.ensureTrackerStarted().stop;
});

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close().catch(() => undefined)));
  await stopTracker?.();
  await new Promise((resolve) => studio?.close(resolve));
  const { db } = await import("@/lib/db");
  await db().$disconnect();
  await sandbox?.close();
  await temp?.cleanup();
  restoreEnv?.();
});

async function connect(token: string | null): Promise<Client> {
  const client = new Client({ name: "mcp-test", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL(`${studioUrl}/api/mcp`), {
    requestInit: token ? { headers: { Authorization: `Bearer ${token}` } } : {},
  });
  await client.connect(transport);
  clients.push(client);
  return client;
}

async function call(client: Client, name: string, args: Record<string, unknown>) {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const texts = result.content.map((c) => (c.type === "text" ? c.text : ""));
  return { isError: result.isError === true, texts, json: result.isError ? null : JSON.parse(texts[0]) };
}

describe("MCP server at /api/mcp", () => {
  it("refuses a client without a token (401), and GET with one (405)", async () => {
    const response = await fetch(`${studioUrl}/api/mcp`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(response.status).toBe(401);
    await expect(connect(null)).rejects.toThrow();
    // With a token, GET (a server stream) is 405: the server is stateless.
    const get = await fetch(`${studioUrl}/api/mcp`, {
      headers: { authorization: `Bearer ${tokens.ada}`, accept: "text/event-stream" },
    });
    expect(get.status).toBe(405);
  });

  it("lists models, submits, waits and links the stored bytes", { timeout: 90_000 }, async () => {
    const ada = await connect(tokens.ada);
    const { tools } = await ada.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(
      [
        "create_batch",
        "describe_model",
        "get_spend",
        "get_task",
        "list_models",
        "search_gallery",
        "submit_task",
        "wait_for_task",
      ].sort(),
    );
    const models = await call(ada, "list_models", {});
    expect(models.json).toEqual(expect.arrayContaining([expect.objectContaining({ id: TASK.model })]));
    const described = await call(ada, "describe_model", { model: TASK.model, params: TASK.params });
    expect(described.json.params.map((p: { name: string }) => p.name)).toContain("duration");
    expect(described.json.estimate.credits).toBeGreaterThan(0);

    const submitted = await call(ada, "submit_task", TASK);
    expect(submitted.isError).toBe(false);
    expect(submitted.json).toMatchObject({ model: TASK.model, status: "queued" });
    const id = submitted.json.id as string;

    let waited = await call(ada, "wait_for_task", { id, timeout_seconds: 60 });
    if (!waited.json.done) waited = await call(ada, "wait_for_task", { id, timeout_seconds: 20 });
    expect(waited.json).toMatchObject({ done: true, task: { status: "completed" } });
    const result = waited.json.links.find((l: { role: string }) => l.role === "result");
    expect(result.url).toMatch(/\/api\/media\/.+\?/);
    // The signed link opens without the token, and serves the stored bytes.
    const file = await fetch(result.url);
    expect(file.status).toBe(200);
    const bytes = Buffer.from(await file.arrayBuffer());
    expect(bytes.length).toBe(result.size);
    expect(bytes.subarray(4, 8).toString("latin1")).toBe("ftyp");

    const resource = await ada.readResource({ uri: `studio://tasks/${id}/result` });
    const text = (resource.contents[0] as { text: string }).text;
    expect(JSON.parse(text).links.map((l: { role: string }) => l.role)).toContain("result");

    const gallery = await call(ada, "search_gallery", { q: "lighthouse" });
    expect(gallery.json.items.map((i: { id: string }) => i.id)).toContain(id);

    // Another member's token: the task does not exist for them.
    const bob = await connect(tokens.bob);
    const seen = await call(bob, "get_task", { id });
    expect(seen.isError).toBe(true);
    expect(seen.texts[0]).toMatch(/^not_found: Task .* is not known/);
    const bobGallery = await call(bob, "search_gallery", { q: "lighthouse" });
    expect(bobGallery.json.items).toEqual([]);
    await expect(bob.readResource({ uri: `studio://tasks/${id}/result` })).rejects.toThrow(/not known/);
  });

  it("names the field and the rule of an invalid request", async () => {
    const ada = await connect(tokens.ada);
    const bad = await call(ada, "submit_task", {
      model: TASK.model,
      params: { ...TASK.params, duration: 99 },
    });
    expect(bad.isError).toBe(true);
    expect(bad.texts[0]).toMatch(/^invalid_request: .*duration/);
  });

  it("refuses a submit over budget with the numbers, and the upstream hears nothing", async () => {
    const cy = await connect(tokens.cy);
    const before = sandbox.log.list().filter((r) => r.method === "POST").length;
    const refused = await call(cy, "submit_task", TASK);
    expect(refused.isError).toBe(true);
    expect(refused.texts[0]).toMatch(/^budget_exceeded: /);
    expect(refused.texts[0]).toMatch(/period: day, spent: 0, running: 0, limit: 0, estimate: [\d.]+/);
    const detail = JSON.parse(refused.texts[1]);
    expect(detail).toMatchObject({ code: "budget_exceeded", period: "day", spent: 0, limit: 0 });
    expect(detail.estimate).toBeGreaterThan(0);
    // A batch is admitted as a whole, before anything is stored or sent.
    const batch = await call(cy, "create_batch", {
      batch: { items: [{ model: TASK.model, ...TASK.params }], variations: 3 },
    });
    expect(batch.isError).toBe(true);
    expect(batch.texts[0]).toMatch(/^budget_exceeded: .*batch of 3 tasks.*\(period: day, spent: 0/);
    expect(sandbox.log.list().filter((r) => r.method === "POST").length).toBe(before);
    const spend = await call(cy, "get_spend", {});
    expect(spend.json.budget.periods).toEqual(
      expect.arrayContaining([expect.objectContaining({ period: "day", limit: 0, spent: 0 })]),
    );
  });
});
