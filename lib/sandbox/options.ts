import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { RequestLog } from "./request-log";
import { isTimeScale } from "./task-codec";

/** The sandbox is a separate service: it is configured by these options, never by the studio's env. */
export type SandboxOptions = {
  /** Where the sandbox is mounted: "" standalone, "/api/sandbox" inside the studio. */
  basePath?: string;
  /** Clock in Unix ms (tests move it to walk a task through its states). */
  now?: () => number;
  /** Lifetime of result URLs after completion; `[ttl=N]` in a prompt overrides it per task. */
  resultUrlTtlSeconds?: number;
  /** HMAC key of result URLs; default: a random key kept in cacheDir, so it survives restarts. */
  secret?: string;
  /** Generated media and the default secret; default: <os tmp>/model-studio-sandbox. */
  cacheDir?: string;
  /** Request log; default: one per process (the studio's mount). */
  log?: RequestLog;
  /**
   * Serve the log at GET/DELETE {base}/_requests. It holds every body the studio sent, so only
   * tests turn it on (the studio's SANDBOX_REQUEST_LOG=1, `npm run sandbox -- --request-log`).
   */
  exposeRequestLog?: boolean;
  /**
   * Tests only: a factor in (0, 1] applied to every task's queued and processing time (0.25: a
   * `[fast]` task completes in 1.5 s instead of 6 s). Default 1, the spec's real durations.
   */
  timeScale?: number;
};

export type SandboxConfig = {
  basePath: string;
  nowMs: number;
  ttlSeconds: number;
  secret: string;
  cacheDir: string;
  log: RequestLog;
  exposeRequestLog: boolean;
  timeScale: number;
};

const DEFAULT_RESULT_URL_TTL_SECONDS = 600;

function defaultCacheDir(): string {
  return path.join(os.tmpdir(), "model-studio-sandbox");
}

// On globalThis so the studio's dev server keeps one log across hot reloads.
const shared = globalThis as typeof globalThis & { __modelStudioSandboxLog?: RequestLog };

export function processRequestLog(): RequestLog {
  shared.__modelStudioSandboxLog ??= new RequestLog();
  return shared.__modelStudioSandboxLog;
}

export async function resolveConfig(options: SandboxOptions): Promise<SandboxConfig> {
  const cacheDir = options.cacheDir ?? defaultCacheDir();
  return {
    basePath: (options.basePath ?? "").replace(/\/+$/, ""),
    nowMs: options.now?.() ?? Date.now(),
    ttlSeconds: options.resultUrlTtlSeconds ?? DEFAULT_RESULT_URL_TTL_SECONDS,
    secret: options.secret ?? (await persistentSecret(cacheDir)),
    cacheDir,
    log: options.log ?? processRequestLog(),
    exposeRequestLog: options.exposeRequestLog ?? false,
    timeScale: timeScaleOf(options.timeScale),
  };
}

export function timeScaleOf(value: number | undefined): number {
  if (value === undefined) return 1;
  if (!isTimeScale(value)) throw new RangeError(`sandbox timeScale must be a number in (0, 1], got ${value}`);
  return value;
}

const secrets = new Map<string, Promise<string>>();

/** One random key per cache folder, shared by every sandbox process on the machine. */
function persistentSecret(cacheDir: string): Promise<string> {
  let secret = secrets.get(cacheDir);
  if (!secret) {
    secret = readOrCreateSecret(path.join(cacheDir, "url-secret"));
    secrets.set(cacheDir, secret);
    secret.catch(() => secrets.delete(cacheDir));
  }
  return secret;
}

async function readOrCreateSecret(file: string): Promise<string> {
  const existing = await fs.readFile(file, "utf8").catch(() => "");
  if (existing.trim().length >= 32) return existing.trim();
  await fs.mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${randomBytes(6).toString("hex")}.part`;
  await fs.writeFile(temp, randomBytes(32).toString("hex"), { mode: 0o600 });
  try {
    // link() fails if another process won the race; then everyone uses the winner's key.
    await fs.link(temp, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    await fs.rm(temp, { force: true });
  }
  return (await fs.readFile(file, "utf8")).trim();
}
