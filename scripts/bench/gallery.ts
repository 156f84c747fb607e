// Gallery benchmark: seeds 20,000 items into a temporary SQLite file, then reports the median
// server time of gallery requests, calling the same function the route calls (listGalleryItems).
//   npx tsx scripts/bench/gallery.ts            library calls only
//   npx tsx scripts/bench/gallery.ts --http     also over HTTP against `next start` on that database
//                                               (builds if needed; NEXT_DIST_DIR picks its folder)
import path from "node:path";
import { performance } from "node:perf_hooks";
import { LOCAL_USER } from "../../lib/auth/local-user";
import { galleryListQuerySchema } from "../../lib/gallery/filter-schema";
import { listGalleryItems } from "../../lib/gallery/list";
import { bulkSeedGallery } from "../../lib/gallery/testing/bulk-seed";
import { createTempDb } from "../../lib/testing/temp-db";
import { median, percentile, startStudio, type RunningStudio } from "./support";

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

function report(name: string, samples: number[]) {
  const p50 = median(samples);
  const p95 = percentile(samples, 0.95);
  const verdict = p50 < TARGET_MS ? "ok" : `OVER ${TARGET_MS} ms`;
  console.log(
    `  ${name.padEnd(44)} median ${p50.toFixed(2).padStart(6)} ms   p95 ${p95.toFixed(2).padStart(6)} ms   ${verdict}`,
  );
  return p50 < TARGET_MS;
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

async function main() {
  const temp = createTempDb();
  const http = process.argv.includes("--http");
  let server: RunningStudio | undefined;
  try {
    // The library calls and the HTTP server read the same media folder (thumbnail files included).
    const mediaDir = path.join(temp.dir, "media");
    process.env.MEDIA_DIR = mediaDir;
    const t0 = performance.now();
    bulkSeedGallery(temp.file, ITEMS, { mediaDir });
    console.log(`seeded ${ITEMS} items in ${((performance.now() - t0) / 1000).toFixed(1)} s (${temp.file})`);
    console.log(`median of ${RUNS} runs after ${WARMUP} warm-up runs; target < ${TARGET_MS} ms per page`);

    let allOk = true;
    console.log("library (listGalleryItems, as called by GET /api/gallery):");
    for (const s of scenarios) {
      const query = galleryListQuerySchema.parse(s.query);
      const first = await listGalleryItems(temp.db, LOCAL_USER, query);
      const samples = await measure(() => listGalleryItems(temp.db, LOCAL_USER, query));
      allOk = report(`${s.name} [${first.total} match]`, samples) && allOk;
    }
    // A page deep in the library: the cursor keeps it as cheap as the first.
    let cursor: string | null = null;
    for (let i = 0; i < 150; i++)
      cursor = (await listGalleryItems(temp.db, LOCAL_USER, { limit: 60, cursor: cursor ?? undefined }))
        .nextCursor;
    const deep = { limit: 60, cursor: cursor ?? undefined };
    allOk =
      report(
        "page 151 (cursor after 9,000 items)",
        await measure(() => listGalleryItems(temp.db, LOCAL_USER, deep)),
      ) && allOk;

    if (http) {
      server = await startStudio(temp.url, mediaDir);
      console.log(`HTTP (GET /api/gallery on next start; client-measured, includes JSON):`);
      for (const s of scenarios) {
        const url = `${server.url}/api/gallery?${new URLSearchParams(s.query)}`;
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
    server?.stop();
    await temp.cleanup();
  }
}

await main();
