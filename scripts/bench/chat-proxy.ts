// Chat proxy benchmark: the latency the studio's text-API proxy adds to the FIRST streamed chunk.
// One built studio (`next start`, temp SQLite, built-in sandbox) answers both paths in the same
// run, interleaved: the sandbox directly (/api/sandbox/v1/models/…) and through the proxy
// (/api/llm/v1/models/…, which validates and calls that same sandbox over loopback).
//   npx tsx scripts/bench/chat-proxy.ts          (NEXT_DIST_DIR picks the build; built if missing)
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { median, migrate, percentile, startStudio } from "./support";

const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const WARMUP = 30;
const TARGET_MS = 5;
const MODEL = "llm-2.5-flash-lite";

const body = JSON.stringify({
  contents: [{ role: "user", parts: [{ text: "How long until the first chunk?" }] }],
  generationConfig: { temperature: 0.2 },
});

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

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-chat-"));
  fs.mkdirSync(path.join(dir, "media"));
  const databaseUrl = `file:${path.join(dir, "studio.db")}`;
  migrate(databaseUrl);
  const studio = await startStudio(databaseUrl, path.join(dir, "media"));
  try {
    const base = `${studio.url}/api`;
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
    studio.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
