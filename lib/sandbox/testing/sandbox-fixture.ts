import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { startSandboxServer, type SandboxServer, type SandboxServerOptions } from "../server";

// Responses are JSON checked field by field with expect(); a precise type would only restate them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = Record<string, any>;

export const API_KEY = "test-key-7f3c9a";
export const JSON_AUTH = { Authorization: `Bearer ${API_KEY}`, "Content-Type": "application/json" };

/**
 * A real sandbox over HTTP with a hand-driven clock and its own cache folder (its URL secret lives
 * there, so a second server on the same folder is "the same sandbox after a restart").
 */
export async function sandboxFixture(options: Omit<SandboxServerOptions, "now" | "port"> = {}) {
  const cacheDir = options.cacheDir ?? (await fs.mkdtemp(path.join(os.tmpdir(), "sandbox-test-")));
  const clock = { now: Date.UTC(2031, 0, 1) };
  const servers: SandboxServer[] = [];
  const start = async () => {
    const server = await startSandboxServer({
      exposeRequestLog: true,
      ...options,
      cacheDir,
      port: 0,
      now: () => clock.now,
    });
    servers.push(server);
    return server;
  };
  let server = await start();

  const submit = async (body: unknown, headers: Record<string, string> = JSON_AUTH) => {
    const response = await fetch(`${server.url}/v2/model-center/tasks`, {
      method: "POST",
      headers,
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
    return { status: response.status, headers: response.headers, json: (await response.json()) as Json };
  };
  const query = async (id: string) => {
    const response = await fetch(`${server.url}/v2/model-center/tasks/${encodeURIComponent(id)}`, {
      headers: JSON_AUTH,
    });
    return { status: response.status, json: (await response.json()) as Json };
  };
  /** Submits, moves the clock past completion and returns the completed task object. */
  const completed = async (body: Record<string, unknown>) => {
    const submitted = await submit(body);
    if (submitted.status !== 200) throw new Error(`submit failed: ${JSON.stringify(submitted.json)}`);
    clock.now += 31_000;
    const { json } = await query(submitted.json.id);
    if (json.status !== "completed") throw new Error(`not completed: ${JSON.stringify(json)}`);
    return json;
  };

  return {
    clock,
    cacheDir,
    get url() {
      return server.url;
    },
    get server() {
      return server;
    },
    /** Closes the current server and starts a fresh instance on the same cache folder. */
    async restart() {
      await server.close();
      server = await start();
    },
    submit,
    query,
    completed,
    async close() {
      await Promise.allSettled(servers.map((s) => s.close()));
      if (!options.cacheDir) await fs.rm(cacheDir, { recursive: true, force: true });
    },
  };
}
