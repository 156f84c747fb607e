// What every benchmark needs: a production build, a studio on a free port with its own database
// and media folder (built-in sandbox, tracker off), and medians/percentiles of samples.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { performance } from "node:perf_hooks";

const root = path.resolve(import.meta.dirname, "../..");

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Builds into NEXT_DIST_DIR (default .next) when there is no build or a source is newer. */
export function ensureBuild(): void {
  const result = spawnSync("bash", [path.join(root, "scripts/build-if-stale.sh")], { stdio: "inherit" });
  if (result.status !== 0) throw new Error("next build failed");
}

/** Applies every migration to a (new) SQLite file with the Prisma CLI, as `npm start` does. */
export function migrate(databaseUrl: string): void {
  const result = spawnSync("npx", ["prisma", "migrate", "deploy"], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl, CHECKPOINT_DISABLE: "1" },
    stdio: "ignore",
  });
  if (result.status !== 0) throw new Error("prisma migrate deploy failed");
}

export type RunningStudio = {
  url: string;
  stop: () => void;
  /** RSS of the server's processes, bytes. */ rss: () => number;
  /** CPU time (user + system) the server's processes have used so far, ms. */ cpuMs: () => number;
};

/**
 * `next start` on a free port (or `port`) against the given database and media folder; waits for
 * /api/health. `extraEnv` overrides the defaults (the tracker benchmark turns the tracker on and
 * points it at a double).
 */
export async function startStudio(
  databaseUrl: string,
  mediaDir: string,
  extraEnv: Record<string, string> = {},
  port?: number,
): Promise<RunningStudio> {
  ensureBuild();
  port ??= await freePort();
  // Node itself (not npx): the process group is then only the server, whose memory is measured.
  const next = path.join(root, "node_modules/next/dist/bin/next");
  const child: ChildProcess = spawn(
    process.execPath,
    [next, "start", "-H", "127.0.0.1", "-p", String(port)],
    {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        MEDIA_DIR: mediaDir,
        PORT: String(port),
        HOST: "127.0.0.1",
        TRACKER: "0",
        UPSTREAM_BASE_URL: "",
        UPSTREAM_LLM_BASE_URL: "",
        UPSTREAM_API_KEY: "",
        ...extraEnv,
      },
      stdio: "ignore",
      detached: true,
    },
  );
  const stop = () => {
    if (child.pid && child.exitCode === null) process.kill(-child.pid, "SIGTERM");
  };
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok)
        return {
          url,
          stop,
          rss: () => groupRss(child.pid!),
          cpuMs: () => sumCpuMs(processes().filter((p) => p.pgrp === child.pid)),
        };
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  stop();
  throw new Error("the studio did not start within 60 s");
}

/** The p-quantile (0..1) of samples, by nearest rank. */
export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * (sorted.length - 1)))];
}

export function median(samples: number[]): number {
  const s = [...samples].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

/** `runs` timed calls of `run` (ms each), after `warmup` untimed ones that fill caches and plans. */
export async function measure(run: () => Promise<unknown>, runs: number, warmup: number): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await run();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await run();
    samples.push(performance.now() - t0);
  }
  return samples;
}

/**
 * Prints one line (median, p95, verdict against `targetMs` judged on `judge`); true when that
 * statistic is under the target.
 */
export function reportTiming(
  name: string,
  samples: number[],
  targetMs: number,
  width: number,
  judge: "median" | "p95",
): boolean {
  const p50 = median(samples);
  const p95 = percentile(samples, 0.95);
  const ok = (judge === "median" ? p50 : p95) < targetMs;
  const verdict = ok ? "ok" : `OVER ${targetMs} ms (${judge})`;
  console.log(
    `  ${name.padEnd(width)} median ${p50.toFixed(2).padStart(6)} ms   p95 ${p95.toFixed(2).padStart(6)} ms   ${verdict}`,
  );
  return ok;
}

/** Resident memory (bytes) of every process in a process group (Linux /proc). */
export function groupRss(pgid: number): number {
  let total = 0;
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[2]) !== pgid) continue; // pgrp
      const status = fs.readFileSync(`/proc/${entry}/status`, "utf8");
      const kb = /VmRSS:\s+(\d+)/.exec(status)?.[1];
      if (kb) total += Number(kb) * 1024;
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
}

export type ProcessInfo = { pid: number; ppid: number; pgrp: number; cpuMs: number };

/**
 * Every process (Linux /proc) with its parent, group and the CPU time it has used (user + system).
 * CPU time, unlike wall time, hardly moves with the machine's load: what a benchmark on a shared
 * machine can still compare.
 */
export function processes(): ProcessInfo[] {
  const tickMs = 1000 / 100; // USER_HZ is 100 on Linux
  const found: ProcessInfo[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      // fields[0] is the state (stat field 3): ppid 4, pgrp 5, utime 14, stime 15
      found.push({
        pid: Number(entry),
        ppid: Number(fields[1]),
        pgrp: Number(fields[2]),
        cpuMs: (Number(fields[11]) + Number(fields[12])) * tickMs,
      });
    } catch {
      // the process ended meanwhile
    }
  }
  return found;
}

/** `root` and every process below it. */
export function descendants(all: ProcessInfo[], root: number): ProcessInfo[] {
  const out: ProcessInfo[] = [];
  const parents = new Set([root]);
  for (let grew = true; grew;) {
    grew = false;
    for (const p of all)
      if (parents.has(p.ppid) && !parents.has(p.pid)) {
        parents.add(p.pid);
        out.push(p);
        grew = true;
      }
  }
  return out;
}

export const sumCpuMs = (list: ProcessInfo[]) => list.reduce((sum, p) => sum + p.cpuMs, 0);
