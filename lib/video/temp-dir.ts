import { randomUUID } from "node:crypto";
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { hostname, tmpdir } from "node:os";
import path from "node:path";

/** Prefix of every video job's temp dir, so a crash's leftovers are easy to find (and test for). */
export const VIDEO_TEMP_PREFIX = "studio-video-";

/** Written in each job's dir: which process made it, so a sweep can tell a dead job's leftovers. */
const OWNER_FILE = ".studio-owner.json";

/**
 * This process's token: a restarted studio often runs under the same PID (PID 1 in a container),
 * so a PID alone cannot tell this process's dirs from those of the one it replaced.
 */
const PROCESS_TOKEN = randomUUID();

type Owner = { pid: number; host: string; token: string };

/** The dirs this process's jobs are using right now (a sweep never touches them). */
const liveDirs = new Set<string>();

export type TempDirOptions = {
  /** Where the dirs go (default the OS temp dir); tests use a folder of their own. */
  root?: string;
};

/**
 * Runs `work` with a fresh directory of its own under the OS temp dir, removed afterwards whatever
 * happens (success, error, cancel): one job's files never outlive it or mix with another's. A
 * process killed meanwhile cannot remove it: `sweepVideoTempDirs` does, at start and on a timer.
 */
export async function withTempDir<T>(
  work: (dir: string) => Promise<T>,
  options: TempDirOptions = {},
): Promise<T> {
  const dir = await mkdtemp(path.join(options.root ?? tmpdir(), VIDEO_TEMP_PREFIX));
  liveDirs.add(dir);
  try {
    const owner: Owner = { pid: process.pid, host: hostname(), token: PROCESS_TOKEN };
    await writeFile(path.join(dir, OWNER_FILE), JSON.stringify(owner));
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
    liveDirs.delete(dir);
  }
}

export type SweepOptions = TempDirOptions & {
  /**
   * A dir whose maker cannot be told dead (another studio process on this machine, no owner
   * file) is removed only when nothing in it changed for this long: a live job writes as it goes.
   */
  idleMs?: number;
  /** At most this many dirs removed per sweep: the work of one sweep is bounded. */
  max?: number;
  now?: number;
};

export const SWEEP_DEFAULTS = { idleMs: 60 * 60_000, max: 100 } as const;

/**
 * Removes video jobs' temp dirs left by processes that were killed mid-job: at once when their
 * owner file names a process of this machine that is gone (or an earlier process under this
 * process's PID), otherwise once idle for `idleMs`. Dirs of this process's running jobs are never
 * touched. Answers how many it removed and how many stale ones are left for the next sweep.
 */
export async function sweepVideoTempDirs(
  options: SweepOptions = {},
): Promise<{ removed: number; left: number }> {
  const root = options.root ?? tmpdir();
  const { idleMs, max } = { ...SWEEP_DEFAULTS, ...options };
  const now = options.now ?? Date.now();
  let names: string[];
  try {
    names = (await readdir(root)).filter((name) => name.startsWith(VIDEO_TEMP_PREFIX));
  } catch {
    return { removed: 0, left: 0 };
  }
  let removed = 0;
  let left = 0;
  for (const name of names) {
    const dir = path.join(root, name);
    if (liveDirs.has(dir) || !(await isStale(dir, idleMs, now))) continue;
    if (removed >= max) {
      left++;
      continue;
    }
    await rm(dir, { recursive: true, force: true });
    removed++;
  }
  return { removed, left };
}

async function isStale(dir: string, idleMs: number, now: number): Promise<boolean> {
  const owner = await readOwner(dir);
  if (owner && owner.host === hostname()) {
    if (owner.pid === process.pid) return owner.token !== PROCESS_TOKEN;
    if (!processAlive(owner.pid)) return true;
  }
  return now - (await lastChange(dir)) > idleMs;
}

async function readOwner(dir: string): Promise<Owner | null> {
  try {
    const owner = JSON.parse(await readFile(path.join(dir, OWNER_FILE), "utf8")) as Partial<Owner>;
    return typeof owner.pid === "number" && typeof owner.host === "string" && typeof owner.token === "string"
      ? (owner as Owner)
      : null;
  } catch {
    return null;
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The newest modification time of the dir and the files in it (ms). */
async function lastChange(dir: string): Promise<number> {
  let newest = 0;
  try {
    newest = (await stat(dir)).mtimeMs;
    for (const name of await readdir(dir)) {
      const s = await stat(path.join(dir, name)).catch(() => null);
      if (s) newest = Math.max(newest, s.mtimeMs);
    }
  } catch {
    // Gone meanwhile: nothing to remove.
    return Date.now();
  }
  return newest;
}
