// Unauthenticated large bodies (issue 18, finding 6): what 40 concurrent 100 MB chunked POSTs from
// strangers cost the built studio's memory, and how /api/health answers meanwhile. One built studio
// (`next start`, accounts on, a first admin set up) takes, in turn, the bodies aimed at a proxied
// route (/api/health: Next.js copies proxied bodies up to proxyClientMaxBodySize) and at an upload
// route (outside the proxy: refused by route() before its body is read). Each POST sends as fast as
// the server takes it, until the server answers or closes. Target: RSS grows by < 200 MB.
//   npx tsx scripts/bench/body-memory.ts     (NEXT_DIST_DIR picks the build; built if missing)
//   BENCH_CLIENTS=40 BENCH_BODY_MB=100 by default
import http from "node:http";
import path from "node:path";
import { createTempDb } from "../../lib/testing/temp-db";
import { median, percentile, startStudio, type RunningStudio } from "./support";

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 40);
const BODY_BYTES = Number(process.env.BENCH_BODY_MB ?? 100) * 1024 * 1024;
const TARGET_GROWTH = 200 * 1024 * 1024;
const MB = 1024 * 1024;

/** One chunked POST of BODY_BYTES; resolves with the status (0: closed without one) and bytes sent. */
function hugePost(base: string, route: string): Promise<{ status: number; sent: number }> {
  return new Promise((resolve) => {
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    let sent = 0;
    let settled = false;
    const done = (status: number) => {
      if (settled) return;
      settled = true;
      request.destroy();
      resolve({ status, sent });
    };
    const request = http.request(`${base}${route}`, {
      method: "POST",
      agent: false,
      headers: { "Content-Type": "multipart/form-data; boundary=x", "Transfer-Encoding": "chunked" },
    });
    request.on("response", (response) => {
      response.resume();
      done(response.statusCode ?? 0);
    });
    request.on("error", () => done(0));
    const pump = () => {
      while (!settled && sent < BODY_BYTES) {
        sent += chunk.length;
        if (!request.write(chunk)) return void request.once("drain", pump);
      }
      if (!settled) request.end();
    };
    pump();
  });
}

async function healthMs(base: string): Promise<number> {
  const started = performance.now();
  await (await fetch(`${base}/api/health`)).arrayBuffer();
  return performance.now() - started;
}

async function settledRss(studio: RunningStudio): Promise<number> {
  await new Promise((r) => setTimeout(r, 2000));
  return studio.rss();
}

async function attack(studio: RunningStudio, route: string) {
  const before = await settledRss(studio);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, studio.rss())), 100);
  const latencies: number[] = [];
  let running = true;
  const probe = (async () => {
    while (running) {
      latencies.push(await healthMs(studio.url).catch(() => Number.NaN));
      await new Promise((r) => setTimeout(r, 200));
    }
  })();
  const started = performance.now();
  const results = await Promise.all(Array.from({ length: CLIENTS }, () => hugePost(studio.url, route)));
  const seconds = (performance.now() - started) / 1000;
  running = false;
  await probe;
  clearInterval(sampler);
  const after = await settledRss(studio);
  const statuses = [...new Set(results.map((r) => r.status))].join(", ");
  const sentMb = results.reduce((n, r) => n + r.sent, 0) / MB;
  const ok = latencies.filter(Number.isFinite);
  console.log(
    `${route.padEnd(14)} ${CLIENTS} × ${BODY_BYTES / MB} MB in ${seconds.toFixed(1)} s (answered ${statuses}; ${sentMb.toFixed(0)} MB sent): ` +
      `RSS ${(before / MB).toFixed(0)} → peak ${(peak / MB).toFixed(0)} MB (+${((peak - before) / MB).toFixed(0)}), ` +
      `${(after / MB).toFixed(0)} MB 2 s later; /api/health median ${median(ok).toFixed(1)} ms, ` +
      `p95 ${percentile(ok, 0.95).toFixed(1)} ms (${ok.length} probes)`,
  );
  return peak - before;
}

async function main() {
  const temp = createTempDb();
  const studio = await startStudio(temp.url, path.join(temp.dir, "media"), {
    AUTH: "on",
    AUTH_SECRET: "body-memory-bench-secret-body-memory-bench",
  });
  try {
    const setup = await fetch(`${studio.url}/api/auth/setup`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: "admin@example.com", password: "a long admin password" }),
    });
    if (setup.status !== 201) throw new Error(`setting up the first admin answered ${setup.status}`);
    for (let i = 0; i < 20; i++) await healthMs(studio.url);
    const idle: number[] = [];
    for (let i = 0; i < 20; i++) idle.push(await healthMs(studio.url));
    console.log(
      `/api/health idle: median ${median(idle).toFixed(1)} ms, p95 ${percentile(idle, 0.95).toFixed(1)} ms`,
    );
    let worst = 0;
    for (const route of ["/api/health", "/api/uploads", "/api/assets/upload"]) {
      worst = Math.max(worst, await attack(studio, route));
    }
    const verdict = worst < TARGET_GROWTH ? "meets" : "MISSES";
    console.log(`largest RSS growth +${(worst / MB).toFixed(0)} MB: ${verdict} the target (< 200 MB)`);
    if (worst >= TARGET_GROWTH) process.exitCode = 1;
  } finally {
    studio.stop();
    await temp.cleanup();
  }
}

await main();
