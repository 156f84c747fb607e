// Gallery benchmark: seeds 20,000 items into a temporary SQLite file, then reports the median
// server time of gallery requests, calling the same function the route calls (listGalleryItems).
//   npx tsx scripts/bench/gallery.ts            library calls only
//   npx tsx scripts/bench/gallery.ts --http     also over HTTP against `next start` on that database
//                                               (needs a build; NEXT_DIST_DIR picks its folder)
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { galleryListQuerySchema } from "../../lib/gallery/filters";
import { listGalleryItems } from "../../lib/gallery/list";
import { bulkSeedGallery } from "../../lib/gallery/testing/bulk-seed";
import { createTempDb } from "../../lib/testing/temp-db";

const ITEMS = 20_000;
const RUNS = 60;
const WARMUP = 5;
const TARGET_MS = 50;

const scenarios: { name: string; query: Record<string, string> }[] = [
  { name: "first page (60, no filter)", query: { limit: "60" } },
  {
    name: "search q=dragon + type=video + favorite",
    query: { limit: "60", q: "dragon", type: "video", favorite: "1" },
  },
  { name: "search q=neon street (two prefixes)", query: { limit: "60", q: "neon street" } },
  { name: "tag=keeper + rating>=3", query: { limit: "60", tag: "keeper", rating: "3" } },
  { name: "status=expired", query: { limit: "60", status: "expired" } },
];

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
  return { median: at(0.5), p95: at(0.95) };
}

function report(name: string, samples: number[]) {
  const { median, p95 } = stats(samples);
  const verdict = median < TARGET_MS ? "ok" : `OVER ${TARGET_MS} ms`;
  console.log(
    `  ${name.padEnd(44)} median ${median.toFixed(2).padStart(6)} ms   p95 ${p95.toFixed(2).padStart(6)} ms   ${verdict}`,
  );
  return median < TARGET_MS;
}

async function measure(run: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < WARMUP; i++) await run();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await run();
    samples.push(performance.now() - t0);
  }
  return samples;
}

async function startServer(databaseUrl: string, mediaDir: string, port: number): Promise<ChildProcess> {
  const distDir = process.env.NEXT_DIST_DIR || ".next";
  if (!fs.existsSync(path.join(distDir, "BUILD_ID"))) {
    throw new Error(
      `--http needs a production build in ${distDir} (run: NEXT_DIST_DIR=${distDir} npx next build)`,
    );
  }
  const child = spawn("npx", ["next", "start", "-H", "127.0.0.1", "-p", String(port)], {
    env: { ...process.env, DATABASE_URL: databaseUrl, MEDIA_DIR: mediaDir, PORT: String(port), TRACKER: "0" },
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
  throw new Error("the studio server did not start within 60 s");
}

async function main() {
  const temp = createTempDb();
  const http = process.argv.includes("--http");
  let server: ChildProcess | undefined;
  try {
    const t0 = performance.now();
    bulkSeedGallery(temp.file, ITEMS);
    console.log(`seeded ${ITEMS} items in ${((performance.now() - t0) / 1000).toFixed(1)} s (${temp.file})`);
    console.log(`median of ${RUNS} runs after ${WARMUP} warm-up runs; target < ${TARGET_MS} ms per page`);

    let allOk = true;
    console.log("library (listGalleryItems, as called by GET /api/gallery):");
    for (const s of scenarios) {
      const query = galleryListQuerySchema.parse(s.query);
      const first = await listGalleryItems(temp.db, query);
      const samples = await measure(() => listGalleryItems(temp.db, query));
      allOk = report(`${s.name} [${first.total} match]`, samples) && allOk;
    }
    // A page deep in the library: the cursor keeps it as cheap as the first.
    let cursor: string | null = null;
    for (let i = 0; i < 150; i++)
      cursor = (await listGalleryItems(temp.db, { limit: 60, cursor: cursor ?? undefined })).nextCursor;
    const deep = { limit: 60, cursor: cursor ?? undefined };
    allOk =
      report("page 151 (cursor after 9,000 items)", await measure(() => listGalleryItems(temp.db, deep))) &&
      allOk;

    if (http) {
      const port = 3290;
      server = await startServer(temp.url, path.join(temp.dir, "media"), port);
      console.log(`HTTP (GET /api/gallery on next start, port ${port}; client-measured, includes JSON):`);
      for (const s of scenarios) {
        const url = `http://127.0.0.1:${port}/api/gallery?${new URLSearchParams(s.query)}`;
        const samples = await measure(async () => {
          const response = await fetch(url);
          if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
          await response.arrayBuffer();
        });
        allOk = report(s.name, samples) && allOk;
      }
    }
    if (!allOk) process.exitCode = 1;
  } finally {
    if (server?.pid) process.kill(-server.pid, "SIGTERM");
    await temp.cleanup();
  }
}

await main();
