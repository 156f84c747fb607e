import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/**
 * A studio started as an operator would (`next start` on the built app), with its own database,
 * for tests of what happens at start. Output is collected; `stop()` ends it.
 */
export type StudioProcess = {
  url: string;
  /** Its process group (`next start` and the children it runs). */
  groupId: number;
  output: () => string;
  exited: Promise<number | null>;
  stop: () => Promise<void>;
  /** SIGKILL to the whole process group: a crash, no shutdown code runs. */
  kill: () => Promise<void>;
};

export function freshDatabase(name: string): { DATABASE_URL: string; MEDIA_DIR: string } {
  const root = path.join("data", `e2e-${name}`);
  fs.rmSync(root, { recursive: true, force: true });
  fs.mkdirSync(path.join(root, "media"), { recursive: true });
  return { DATABASE_URL: `file:./${root}/studio.db`, MEDIA_DIR: `./${root}/media` };
}

export function startProcess(command: string, args: string[], env: Record<string, string>): StudioProcess {
  const child: ChildProcess = spawn(command, args, {
    env: { ...process.env, CHECKPOINT_DISABLE: "1", NEXT_TELEMETRY_DISABLED: "1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
    // Its own process group: `npx`/`next start` run children that must end with it.
    detached: true,
  });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const signal = async (name: NodeJS.Signals) => {
    if (child.exitCode === null && child.pid) {
      try {
        process.kill(-child.pid, name);
      } catch {
        // already gone
      }
    }
    await exited;
  };
  return {
    url: `http://127.0.0.1:${env.PORT}`,
    groupId: child.pid ?? 0,
    output: () => output,
    exited,
    stop: () => signal("SIGTERM"),
    kill: () => signal("SIGKILL"),
  };
}

/** `next start` on the built app, after `prisma migrate deploy` on its database. */
export async function startStudio(env: Record<string, string>): Promise<StudioProcess> {
  const migrate = startProcess("npx", ["prisma", "migrate", "deploy"], env);
  if ((await migrate.exited) !== 0) throw new Error(`migrate deploy failed:\n${migrate.output()}`);
  return startProcess("npx", ["next", "start", "-H", env.HOST, "-p", env.PORT], env);
}

/** Waits until the studio answers its health check (or fails with its output). */
export async function waitUntilReady(studio: StudioProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  void studio.exited.then(() => (exited = true));
  while (Date.now() < deadline && !exited) {
    try {
      if ((await fetch(`${studio.url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`studio did not become ready:\n${studio.output()}`);
}
