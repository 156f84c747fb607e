import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "@playwright/test";
import { startSandboxServer, type SandboxServer } from "../../lib/sandbox";
import { startProcess } from "./studio-start";

/**
 * A studio server of its own (the built app under `next start`), for specs that must stop and
 * restart it: its own port, SQLite file and media folder, pointed at the upstream the spec gives.
 * Spawning is studio-start.ts's `startProcess`; this adds the crash-and-restart shape.
 */
export type StudioProcess = {
  url: string;
  /** Kills it without warning (SIGKILL to its process group): a crash, not a shutdown. */
  crash(): Promise<void>;
  /** What it printed, for a failing test's message. */
  output(): string;
};

export function prepareStudioRoot(root: string): string {
  fs.rmSync(root, { recursive: true, force: true });
  fs.mkdirSync(path.join(root, "media"), { recursive: true });
  const databaseUrl = `file:${path.join(root, "studio.db")}`;
  execFileSync("node_modules/.bin/prisma", ["migrate", "deploy"], {
    env: { ...process.env, DATABASE_URL: databaseUrl, CHECKPOINT_DISABLE: "1" },
    stdio: "ignore",
  });
  return databaseUrl;
}

export async function startStudioProcess(options: {
  port: number;
  root: string;
  env: Record<string, string>;
}): Promise<StudioProcess> {
  const { port, root } = options;
  const started = startProcess(
    process.execPath,
    ["node_modules/next/dist/bin/next", "start", "-H", "127.0.0.1", "-p", String(port)],
    {
      DATABASE_URL: `file:${path.join(root, "studio.db")}`,
      MEDIA_DIR: path.join(root, "media"),
      PORT: String(port),
      HOST: "127.0.0.1",
      ...options.env,
    },
  );
  let exited = false;
  void started.exited.then(() => (exited = true));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (exited) throw new Error(`the studio exited at start:\n${started.output()}`);
    const ok = await fetch(`${started.url}/api/batches?limit=1`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`the studio did not start within 90 s:\n${started.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { url: started.url, crash: started.kill, output: started.output };
}

/**
 * A studio of its own (port E2E_PORT + `portOffset`, database under data/e2e-<name>-<port>) sending
 * to a sandbox upstream that outlives it, so a spec can crash and restart the studio and count what
 * the upstream received. Registers the sandbox's hooks on the calling file or describe block.
 */
export function restartableStudio(options: {
  portOffset: number;
  name: string;
  env: Record<string, string>;
}) {
  const port = Number(process.env.E2E_PORT ?? 3100) + options.portOffset;
  const root = path.resolve(`data/e2e-${options.name}-${port}`);
  let sandbox: SandboxServer;
  let current: StudioProcess | undefined;
  let prepared = false;

  test.beforeAll(async () => {
    process.env.SANDBOX_REQUEST_LOG = "1";
    sandbox = await startSandboxServer({ port: 0 });
  });
  test.afterAll(async () => {
    await current?.crash();
    await sandbox?.close();
  });

  return {
    /** Starts the studio (a fresh database on the first call, the same one after a crash). */
    async start(): Promise<StudioProcess> {
      if (!prepared) prepareStudioRoot(root);
      prepared = true;
      current = await startStudioProcess({
        port,
        root,
        env: {
          UPSTREAM_BASE_URL: sandbox.url,
          UPSTREAM_LLM_BASE_URL: sandbox.url,
          SANDBOX_REQUEST_LOG: "1",
          ...options.env,
        },
      });
      return current;
    },
    /** The task bodies the sandbox received whose prompt is exactly `prompt`. */
    submitsOf(prompt: string): Record<string, unknown>[] {
      return sandbox.log
        .list()
        .filter((e) => e.method === "POST" && (e.body as { prompt?: string }).prompt === prompt)
        .map((e) => e.body as Record<string, unknown>);
    },
  };
}
