// Gallery UI benchmark (issue 24): the gallery page in Chromium over a large library. Seeds --items N
// (default 100,000) into a temporary database, starts the built studio on it (`next start`), drives
// Debian's Chromium with Playwright's library API at 1440×900 and reports, from the page's own clock
// (scripts/bench/gallery-ui-probe.js):
//   - time to first grid: navigation start until the first tile is on screen (and its image decoded);
//   - one scroll step: scrolling down one viewport until the newly due tiles are painted, repeated
//     until tile 10,000 exists (steps that had to wait for the next page are counted), with the
//     longest frame and the long tasks meanwhile, and the DOM's size there (virtualisation);
//   - a filter change: from the user's input until the new grid is painted (type=video; a search
//     word, which includes the search box's 300 ms pause in typing).
//   npx tsx scripts/bench/gallery-ui.ts                          both databases, 100,000 items
//   npx tsx scripts/bench/gallery-ui.ts --items 1000000 --db postgresql
//   options: --runs N (page loads measured, default 7), --port P (the studio's port, default a free
//   one), --profile <file> (writes the scroll's JavaScript CPU profile)
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { chromium, type Page } from "@playwright/test";
import { bulkSeedGallery, bulkSeedGalleryPostgres } from "../../lib/gallery/testing/bulk-seed";
import { countOption, wantedDatabases } from "./options";
import { createBenchDb, type BenchDbKind } from "./bench-db";
import {
  descendants,
  median,
  percentile,
  processes,
  reportTiming,
  startStudio,
  sumCpuMs,
  type RunningStudio,
} from "./support";

const ITEMS = countOption("--items", 100_000);
const RUNS = countOption("--runs", 7);
/** `--profile <file>`: the page's JavaScript CPU profile while scrolling, for DevTools. */
const PROFILE = process.argv.includes("--profile")
  ? process.argv[process.argv.indexOf("--profile") + 1]
  : undefined;
const PORT = process.argv.includes("--port") ? countOption("--port", 0) : undefined;
/** Scrolled to: tile 10,000 (index 9,999). */
const TARGET_INDEX = 9_999;
const VIEWPORT = { width: 1440, height: 900 };
const FIRST_GRID_MS = 1_000;
const STEP_MS = 100;
const FILTER_MS = 500;
/** More tiles than this in the DOM at tile 10,000 means the grid is not virtualised. */
const MAX_TILES = 200;
/** Thumbnail files for the newest items only: the benchmark never looks further down. */
const THUMBNAILS_FOR = 20_000;
const SEARCH_WORD = "dragon";
/** Tiles compared to tell the new grid: the first row at 1440 px. */
const FIRST_TILES = 6;
const PROBE = path.join(import.meta.dirname, "gallery-ui-probe.js");

type Probe = {
  firstTile: number | null;
  firstImage: number | null;
  longTasks: { start: number; duration: number }[];
  changed: number | null;
  armGridChange: (ids: string[]) => void;
  scrollUntil: (index: number, timeoutMs: number) => Promise<ScrollResult>;
};
type ScrollResult = {
  steps: { ms: number; waitedForPage: boolean }[];
  frames: number[];
  longTasks: { start: number; duration: number }[];
  domNodes: number;
  cards: number;
  scrollY: number;
};
// The probe, as the page's functions below read it (they run in the browser: no Node names in them).
declare global {
  interface Window {
    __galleryBench: Probe;
  }
}

async function seededStudio(dialect: BenchDbKind) {
  const t0 = performance.now();
  const temp = await createBenchDb(dialect);
  const mediaDir = path.join(temp.dir, "media");
  fs.mkdirSync(mediaDir, { recursive: true });
  const options = { mediaDir, thumbnailsFor: THUMBNAILS_FOR };
  if (dialect === "sqlite") bulkSeedGallery(temp.file, ITEMS, options);
  else await bulkSeedGalleryPostgres(temp.url, ITEMS, options);
  console.log(`seeded ${ITEMS} items in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  await temp.db.$disconnect();
  const server = await startStudio(temp.url, mediaDir, {}, PORT);
  return { server, cleanup: temp.cleanup };
}

/** The ids of the first tiles the grid must show for these filters, as the API gives them. */
async function firstIds(server: RunningStudio, query: Record<string, string>): Promise<string[]> {
  const params = new URLSearchParams({ ...query, limit: String(FIRST_TILES) });
  const response = await fetch(`${server.url}/api/gallery?${params}`);
  if (!response.ok) throw new Error(`GET /api/gallery?${params}: HTTP ${response.status}`);
  const page = (await response.json()) as { items: { id: string }[] };
  return page.items.map((item) => item.id);
}

/** Navigates to the gallery; ms from navigation start to the first tile and to its image. */
async function openGallery(page: Page) {
  await page.goto("/gallery");
  await page.waitForFunction(() => window.__galleryBench.firstTile !== null, null, { timeout: 60_000 });
  // The first tile may be one without a poster (a failed task): its image is then not waited for long.
  await page
    .waitForFunction(() => window.__galleryBench.firstImage !== null, null, { timeout: 10_000 })
    .catch(() => undefined);
  return page.evaluate(() => {
    const { firstTile, firstImage, longTasks } = window.__galleryBench;
    const before = longTasks.filter((task) => task.start < firstTile!);
    return { firstTile: firstTile!, firstImage, longTasks: before };
  });
}

/** ms from the action's input event until the new grid (its first tiles `expected`) is painted. */
async function timeGridChange(page: Page, expected: string[], act: () => Promise<unknown>) {
  await page.evaluate((ids) => window.__galleryBench.armGridChange(ids), expected);
  await act();
  await page.waitForFunction(() => window.__galleryBench.changed !== null, null, { timeout: 30_000 });
  return page.evaluate(() => window.__galleryBench.changed!);
}

async function waitForIds(page: Page, expected: string[]) {
  await page.waitForFunction(
    (ids) =>
      ids.every(
        (id, i) =>
          document.querySelector<HTMLElement>(`[data-testid="gallery-card"][data-index="${i}"]`)?.dataset
            .itemId === id,
      ),
    expected,
    { timeout: 30_000 },
  );
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

/**
 * CPU time used so far by the browser (every process this script started but the server) and by the
 * server: unlike wall times, these hardly change with the machine's load.
 */
function cpuNow(server: RunningStudio) {
  const serverMs = server.cpuMs();
  return { browserMs: sumCpuMs(descendants(processes(), process.pid)) - serverMs, serverMs };
}
function cpuSince(server: RunningStudio, start: ReturnType<typeof cpuNow>) {
  const now = cpuNow(server);
  return { browserMs: now.browserMs - start.browserMs, serverMs: now.serverMs - start.serverMs };
}

async function benchmark(dialect: BenchDbKind): Promise<boolean> {
  console.log(`\n--- ${dialect}`);
  const { server, cleanup } = await seededStudio(dialect);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    // As e2e runs it (playwright.config.ts).
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  let allOk = true;
  try {
    const context = await browser.newContext({ viewport: VIEWPORT, baseURL: server.url });
    await context.addInitScript({ path: PROBE });
    const page = await context.newPage();
    const unfiltered = await firstIds(server, {});
    const videos = await firstIds(server, { type: "video" });
    const found = await firstIds(server, { q: SEARCH_WORD });

    const firstTile: number[] = [];
    const firstImage: number[] = [];
    const loadTasks: number[] = [];
    const typeChange: number[] = [];
    const searchChange: number[] = [];
    const loadCpu = { browserMs: 0, serverMs: 0 };
    // One unmeasured round first: the browser's cache of the page's scripts, the server's warm-up.
    for (let run = 0; run <= RUNS; run++) {
      const cpuBefore = cpuNow(server);
      const load = await openGallery(page);
      const cpu = cpuSince(server, cpuBefore);
      const type = await timeGridChange(page, videos, () =>
        page.selectOption('[data-testid="filter-type"]', "video"),
      );
      await page.selectOption('[data-testid="filter-type"]', "");
      await waitForIds(page, unfiltered);
      const search = await timeGridChange(page, found, () =>
        page.fill('[data-testid="gallery-search"]', SEARCH_WORD),
      );
      if (run === 0) continue;
      loadCpu.browserMs += cpu.browserMs;
      loadCpu.serverMs += cpu.serverMs;
      firstTile.push(load.firstTile);
      if (load.firstImage !== null) firstImage.push(load.firstImage);
      loadTasks.push(...load.longTasks.map((task) => task.duration));
      typeChange.push(type);
      searchChange.push(search);
    }

    await openGallery(page);
    const profiler = PROFILE ? await context.newCDPSession(page) : null;
    await profiler?.send("Profiler.enable");
    await profiler?.send("Profiler.start");
    const scrollCpuBefore = cpuNow(server);
    const scroll = await page.evaluate(
      (index) => window.__galleryBench.scrollUntil(index, 900_000),
      TARGET_INDEX,
    );
    const scrollCpu = cpuSince(server, scrollCpuBefore);
    if (profiler) {
      const { profile } = await profiler.send("Profiler.stop");
      const file = PROFILE!.replace(/(\.cpuprofile)?$/, `-${dialect}.cpuprofile`);
      fs.writeFileSync(file, JSON.stringify(profile));
      console.log(`  the scroll's CPU profile: ${file} (Chromium DevTools, Performance tab)`);
    }

    console.log(
      `${RUNS} page loads at ${VIEWPORT.width}×${VIEWPORT.height} (median / p95; targets: first grid < ${FIRST_GRID_MS} ms and filter change < ${FILTER_MS} ms on the median, scroll step < ${STEP_MS} ms on p95)`,
    );
    const report = (name: string, samples: number[], target: number, judge: "median" | "p95") => {
      allOk = reportTiming(name, samples, target, 52, judge) && allOk;
    };
    report("first grid (first tile on screen)", firstTile, FIRST_GRID_MS, "median");
    if (firstImage.length)
      report("first grid (first tile's image decoded)", firstImage, FIRST_GRID_MS, "median");
    console.log(
      `    long tasks before the first tile: ${loadTasks.length} in ${RUNS} loads, longest ${ms(Math.max(0, ...loadTasks))}; CPU per load: browser ${ms(loadCpu.browserMs / RUNS)}, server ${ms(loadCpu.serverMs / RUNS)}`,
    );
    report("filter change type=video", typeChange, FILTER_MS, "median");
    report(`filter change q=${SEARCH_WORD} (incl. 300 ms typing pause)`, searchChange, FILTER_MS, "median");

    const steps = scroll.steps.map((step) => step.ms);
    const waited = scroll.steps.filter((step) => step.waitedForPage).map((step) => step.ms);
    report(
      `scroll step (1 viewport; ${steps.length} steps to tile ${TARGET_INDEX + 1})`,
      steps,
      STEP_MS,
      "p95",
    );
    if (waited.length)
      console.log(
        `    ${waited.length} steps waited for the next page: median ${ms(median(waited))}, p95 ${ms(percentile(waited, 0.95))}`,
      );
    const longest = scroll.longTasks.reduce((max, task) => Math.max(max, task.duration), 0);
    console.log(
      `    frames while scrolling: ${scroll.frames.length}, longest ${ms(Math.max(0, ...scroll.frames))}, p95 ${ms(percentile(scroll.frames, 0.95))}, over 50 ms: ${scroll.frames.filter((f) => f > 50).length}`,
    );
    console.log(`    long tasks while scrolling: ${scroll.longTasks.length}, longest ${ms(longest)}`);
    console.log(
      `    CPU per step (independent of the machine's load, 10 ms ticks): browser ${ms(scrollCpu.browserMs / steps.length)}, server ${ms(scrollCpu.serverMs / steps.length)}`,
    );
    const virtualised = scroll.cards <= MAX_TILES;
    allOk = virtualised && allOk;
    console.log(
      `  DOM at tile ${TARGET_INDEX + 1}: ${scroll.cards} tiles, ${scroll.domNodes} elements (page ${Math.round(scroll.scrollY)} px down)   ${virtualised ? "ok" : `OVER ${MAX_TILES} tiles (not virtualised)`}`,
    );
  } finally {
    await browser.close();
    server.stop();
    await cleanup();
  }
  return allOk;
}

async function main() {
  const chromiumCheck = spawnSync("bash", [path.join(import.meta.dirname, "../ensure-chromium.sh")], {
    stdio: "inherit",
  });
  if (chromiumCheck.status !== 0) process.exit(1);
  let allOk = true;
  for (const dialect of wantedDatabases()) allOk = (await benchmark(dialect)) && allOk;
  if (!allOk) process.exitCode = 1;
}

await main();
