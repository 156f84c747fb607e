import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/**
 * A studio server of its own (the built app under `next start`), for specs that must stop and
 * restart it: its own port, SQLite file and media folder, pointed at the upstream the spec gives.
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
  let output = "";
  const child: ChildProcess = spawn(
    process.execPath,
    ["node_modules/next/dist/bin/next", "start", "-H", "127.0.0.1", "-p", String(port)],
    {
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        ...process.env,
        DATABASE_URL: `file:${path.join(root, "studio.db")}`,
        MEDIA_DIR: path.join(root, "media"),
        PORT: String(port),
        HOST: "127.0.0.1",
        NEXT_TELEMETRY_DISABLED: "1",
        ...options.env,
      },
    },
  );
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the studio exited at start:\n${output}`);
    const ok = await fetch(`${url}/api/batches?limit=1`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`the studio did not start within 90 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    crash: async () => {
      if (child.exitCode === null) process.kill(-child.pid!, "SIGKILL");
      await exited;
    },
    output: () => output,
  };
}
