// Vision library benchmark (issue 25), both databases unless --db says one:
// 1. Gallery search with captions: seeds --items N (default 100,000) items, gives every second one a
//    caption and tags (the search triggers write it into each task's search row), then reports
//    the p95 of listGalleryItems for caption-only, mixed and excluding searches (target < 50 ms).
// 2. Describe throughput: the describer against a text API double that answers in 250 ms, at
//    DESCRIBE_PACE_MS (--pace, default 2000 and 250): items described per minute.
//   npm run bench -- vision [--items 100000] [--db sqlite|postgresql] [--describe 20]
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { performance } from "node:perf_hooks";
import sharp from "sharp";
import { LOCAL_USER } from "../../lib/auth/local-user";
import type { Db } from "../../lib/db-client";
import { galleryListQuerySchema } from "../../lib/gallery/filter-schema";
import { listGalleryItems } from "../../lib/gallery/list";
import { bulkCaptionGallery } from "../../lib/gallery/testing/bulk-captions";
import { bulkSeedGallery, bulkSeedGalleryPostgres } from "../../lib/gallery/testing/bulk-seed";
import { seedTasks } from "../../lib/gallery/testing/seed-tasks";
import { countOption, wantedDatabases } from "./options";
import { createBenchDb, type BenchDbKind } from "./bench-db";
import { measure, reportTiming } from "./support";

const ITEMS = countOption("--items", 100_000);
const DESCRIBE = countOption("--describe", 20);
const TARGET_MS = 50;

const scenarios: { name: string; q: string }[] = [
  { name: "caption-only word q=umbrella", q: "umbrella" },
  { name: "prompt word + caption word q=dragon lantern", q: "dragon lantern" },
  { name: 'caption phrase q="paper lanterns"', q: '"paper lanterns"' },
  { name: "q=dragon -umbrella", q: "dragon -umbrella" },
  { name: "q=neon street (two prefixes)", q: "neon street" },
];

async function addCaptions(db: Db): Promise<number> {
  const t0 = performance.now();
  await bulkCaptionGallery(db);
  return (performance.now() - t0) / 1000;
}

async function searchBench(dialect: BenchDbKind): Promise<boolean> {
  const temp = await createBenchDb(dialect);
  const mediaDir = path.join(temp.dir, "media");
  let ok = true;
  try {
    const t0 = performance.now();
    if (dialect === "sqlite") bulkSeedGallery(temp.file, ITEMS, { mediaDir });
    else await bulkSeedGalleryPostgres(temp.url, ITEMS, { mediaDir });
    console.log(`seeded ${ITEMS} items in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    console.log(`captioned half of them in ${(await addCaptions(temp.db)).toFixed(1)} s`);
    for (const s of scenarios) {
      const query = galleryListQuerySchema.parse({ limit: "60", q: s.q });
      const first = await listGalleryItems(temp.db, LOCAL_USER, query);
      const samples = await measure(() => listGalleryItems(temp.db, LOCAL_USER, query), 40, 5);
      const total = `${first.totalIsEstimate ? "about " : ""}${first.total}`;
      ok = reportTiming(`${s.name} [${total} match]`, samples, TARGET_MS, 56, "p95") && ok;
    }
  } finally {
    await temp.cleanup();
  }
  return ok;
}

/** A text API that answers every call after `delayMs` with a valid description. */
async function slowTextApi(delayMs: number): Promise<{ url: string; close: () => void }> {
  const server = http.createServer((request, response) => {
    request.resume();
    request.on("end", () =>
      setTimeout(() => {
        response.setHeader("content-type", "application/json");
        response.end(
          JSON.stringify({
            candidates: [
              { content: { parts: [{ text: '{"caption":"A test image.","tags":["test"],"shots":[]}' }] } },
            ],
            usageMetadata: { promptTokenCount: 300, candidatesTokenCount: 20, totalTokenCount: 320 },
          }),
        );
      }, delayMs),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

async function describeBench(dialect: BenchDbKind): Promise<void> {
  const { describeNext } = await import("../../lib/vision/describer");
  const { queueTasks } = await import("../../lib/vision/queue");
  const api = await slowTextApi(250);
  for (const paceMs of [2000, 250]) {
    const temp = await createBenchDb(dialect);
    try {
      const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#3366cc" } })
        .png()
        .toBuffer();
      // Where the studio's media store reads (env() is read once: the first MEDIA_DIR set here).
      const { env } = await import("../../lib/env");
      fs.mkdirSync(path.join(env().mediaDir, "bench"), { recursive: true });
      fs.writeFileSync(path.join(env().mediaDir, "bench/one.png"), png);
      const ids = Array.from({ length: DESCRIBE }, (_, i) => `bench-${i}`);
      await seedTasks(
        temp.db,
        ids.map((id) => ({
          id,
          kind: "image",
          prompt: "p",
          media: [{ path: "bench/one.png", size: png.length }],
        })),
      );
      await queueTasks(temp.db, ids);
      const deps = {
        db: temp.db,
        model: "llm-2.5-flash-lite",
        paceMs,
        leaseMs: 60_000,
        now: Date.now,
        config: { baseUrl: api.url, apiKey: "bench" },
        log: console,
      };
      const t0 = performance.now();
      let described = 0;
      while (described < DESCRIBE) {
        const step = await describeNext(deps);
        if (step.kind === "described") described++;
        else if (step.kind === "wait") await new Promise((r) => setTimeout(r, step.ms));
        else if (step.kind === "empty") break;
      }
      const minutes = (performance.now() - t0) / 60_000;
      console.log(
        `describe, 250 ms text API, DESCRIBE_PACE_MS=${paceMs}: ${described} items in ${(minutes * 60).toFixed(1)} s = ${(described / minutes).toFixed(0)} items/min`,
      );
    } finally {
      await temp.cleanup();
    }
  }
  api.close();
}

// One media folder for the whole run (the studio reads MEDIA_DIR once).
process.env.MEDIA_DIR = fs.mkdtempSync(path.join((await import("node:os")).tmpdir(), "vision-bench-media-"));
let allOk = true;
for (const dialect of wantedDatabases()) {
  console.log(`\n--- ${dialect}`);
  allOk = (await searchBench(dialect)) && allOk;
  await describeBench(dialect);
}
if (!allOk) process.exitCode = 1;
