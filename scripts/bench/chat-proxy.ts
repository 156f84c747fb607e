// Chat proxy benchmark: the latency the studio's text-API proxy adds to the FIRST streamed chunk.
// One built studio (`next start`, temp SQLite, built-in sandbox) answers both paths in the same
// run, interleaved: the sandbox directly (/api/sandbox/v1/models/…) and through the proxy
// (/api/llm/v1/models/…, which validates and calls that same sandbox over loopback).
//   npx tsx scripts/bench/chat-proxy.ts          (NEXT_DIST_DIR picks the build; built if missing)
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";

const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const WARMUP = 30;
const TARGET_MS = 5;
const MODEL = "llm-2.5-flash-lite";
const root = path.resolve(import.meta.dirname, "../..");

const body = JSON.stringify({
  contents: [{ role: "user", parts: [{ text: "How long until the first chunk?" }] }],
  generationConfig: { temperature: 0.2 },
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function ensureBuild(distDir: string): void {
  if (fs.existsSync(path.join(root, distDir, "BUILD_ID"))) return;
  console.log(`  no build in ${distDir}: building (next build)…`);
  const result = spawnSync("npx", ["next", "build"], {
    cwd: root,
    env: { ...process.env, NEXT_DIST_DIR: distDir, NEXT_TELEMETRY_DISABLED: "1" },
    stdio: "inherit",
  });
  if (result.status !== 0) throw new Error("next build failed");
}

async function startStudio(port: number, dir: string): Promise<ChildProcess> {
  const child = spawn("npx", ["next", "start", "-H", "127.0.0.1", "-p", String(port)], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: `file:${path.join(dir, "studio.db")}`,
      MEDIA_DIR: path.join(dir, "media"),
      PORT: String(port),
      HOST: "127.0.0.1",
      TRACKER: "0",
      UPSTREAM_BASE_URL: "",
      UPSTREAM_LLM_BASE_URL: "",
      UPSTREAM_API_KEY: "",
    },
    stdio: "ignore",
    detached: true,
  });
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("the studio did not start within 60 s");
}

/** Milliseconds from sending the request to holding the first bytes of the stream body. */
async function firstChunkMs(url: string): Promise<number> {
  const t0 = performance.now();
  const response = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: "Bearer sandbox-key" },
    body,
  });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status} ${await response.text()}`);
  const reader = response.body!.getReader();
  const { value } = await reader.read();
  const elapsed = performance.now() - t0;
  if (!value?.length || !new TextDecoder().decode(value).startsWith("data: ")) {
    throw new Error(`${url}: the first chunk is not an SSE event`);
  }
  // Read to the end like a real client: connections are then reused (keep-alive) on both hops.
  while (!(await reader.read()).done);
  return elapsed;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.floor(p * (xs.length - 1))];

async function main() {
  const distDir = process.env.NEXT_DIST_DIR || ".next";
  ensureBuild(distDir);
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-chat-"));
  fs.mkdirSync(path.join(dir, "media"));
  const migrate = spawnSync("npx", ["prisma", "migrate", "deploy"], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: `file:${path.join(dir, "studio.db")}`, CHECKPOINT_DISABLE: "1" },
    stdio: "ignore",
  });
  if (migrate.status !== 0) throw new Error("prisma migrate deploy failed");
  const studio = await startStudio(port, dir);
  try {
    const base = `http://127.0.0.1:${port}/api`;
    const direct = `${base}/sandbox/v1/models/${MODEL}:streamGenerateContent?alt=sse`;
    const proxy = `${base}/llm/v1/models/${MODEL}:streamGenerateContent?alt=sse`;
    for (let i = 0; i < WARMUP; i++) {
      await firstChunkMs(direct);
      await firstChunkMs(proxy);
    }
    const d: number[] = [];
    const p: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      // Alternate which goes first so neither always meets a warmer server.
      if (i % 2 === 0) {
        d.push(await firstChunkMs(direct));
        p.push(await firstChunkMs(proxy));
      } else {
        p.push(await firstChunkMs(proxy));
        d.push(await firstChunkMs(direct));
      }
    }
    const added = median(p) - median(d);
    const pairedAdded = median(p.map((x, i) => x - d[i]));
    const line = (name: string, xs: number[]) =>
      `  ${name.padEnd(34)} median ${median(xs).toFixed(2).padStart(6)} ms   p90 ${percentile(xs, 0.9).toFixed(2).padStart(6)} ms`;
    console.log(
      `chat proxy: time to the first streamed chunk, ${RUNS} runs each, interleaved (${MODEL}, ?alt=sse)`,
    );
    console.log(line("sandbox directly", d));
    console.log(line("through the studio proxy", p));
    console.log(
      `  added by the proxy: ${added.toFixed(2)} ms (difference of medians), ${pairedAdded.toFixed(2)} ms (median of paired differences)   ` +
        (added < TARGET_MS ? `ok (target < ${TARGET_MS} ms)` : `OVER the ${TARGET_MS} ms target`),
    );
  } finally {
    if (studio.pid) process.kill(-studio.pid, "SIGTERM");
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
