// Thin reads benchmark (issue 13 part 4): what reading one stored task costs the studio beyond the
// framework's own floor. One built studio (`next start`, tracker off, temp SQLite holding one
// completed task whose result file is stored) answers both routes in the same run, interleaved over
// one keep-alive connection: /api/health (the route wrapper and an empty JSON answer: Next.js's
// floor) and /api/v2/model-center/tasks/{id}. Target: the task read adds < 2 ms at the median.
//   npx tsx scripts/bench/thin-read.ts          (NEXT_DIST_DIR picks the build; built if missing)
//   BENCH_RUNS=400 by default
import http from "node:http";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { createTempDb } from "../../lib/testing/temp-db";
import { median, percentile, startStudio } from "./support";

const RUNS = Number(process.env.BENCH_RUNS ?? 400);
const WARMUP = 50;
const TARGET_MS = 2;
const TASK_ID = "bench-stored-task";

async function seedStoredTask(temp: ReturnType<typeof createTempDb>) {
  const url = "https://files.example.com/out/bench.mp4";
  const finished = new Date(Date.now() - 3_600_000);
  await temp.db.task.create({
    data: {
      id: TASK_ID,
      model: "sd_2.5_ORelay",
      kind: "video",
      status: "completed",
      progress: 100,
      prompt: "a lighthouse at dusk",
      request: JSON.stringify({ model: "sd_2.5_ORelay", prompt: "a lighthouse at dusk" }),
      upstreamTask: JSON.stringify({ id: TASK_ID, object: "video", status: "completed", result_url: url }),
      upstreamUrls: JSON.stringify({ result_url: url, video_url: url }),
      upstreamCreated: Math.floor(finished.getTime() / 1000) - 60,
      startedAt: new Date(finished.getTime() - 50_000),
      finishedAt: finished,
      lastPolledAt: finished,
      mediaState: "stored",
      media: {
        create: {
          role: "result",
          fields: "result_url,video_url",
          sourceUrl: url,
          status: "stored",
          path: "bench/bench.mp4",
          contentType: "video/mp4",
          size: 1_048_576,
          width: 1280,
          height: 720,
          durationSec: 5,
          storedAt: finished,
        },
      },
    },
  });
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** Milliseconds from sending the request to holding the whole body. */
function getMs(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    http
      .get(url, { agent }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const elapsed = performance.now() - t0;
          if (response.statusCode !== 200) {
            reject(new Error(`${url}: HTTP ${response.statusCode} ${Buffer.concat(chunks).toString()}`));
          } else resolve(elapsed);
        });
        response.on("error", reject);
      })
      .on("error", reject);
  });
}

async function main() {
  const temp = createTempDb();
  await seedStoredTask(temp);
  await temp.db.$disconnect();
  const studio = await startStudio(temp.url, path.join(temp.dir, "media"));
  try {
    const health = `${studio.url}/api/health`;
    const task = `${studio.url}/api/v2/model-center/tasks/${TASK_ID}`;
    const body = (await fetch(task).then((r) => r.json())) as { status?: string; result_url?: string };
    if (body.status !== "completed" || !body.result_url?.includes("/api/media/")) {
      throw new Error(`the seeded task does not read as completed and stored: ${JSON.stringify(body)}`);
    }
    for (let i = 0; i < WARMUP; i++) {
      await getMs(health);
      await getMs(task);
    }
    const h: number[] = [];
    const t: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      // Alternate which goes first so neither always meets a warmer server.
      if (i % 2 === 0) {
        h.push(await getMs(health));
        t.push(await getMs(task));
      } else {
        t.push(await getMs(task));
        h.push(await getMs(health));
      }
    }
    const added = median(t) - median(h);
    const pairedAdded = median(t.map((x, i) => x - h[i]));
    const line = (name: string, xs: number[]) =>
      `  ${name.padEnd(40)} median ${median(xs).toFixed(2).padStart(6)} ms   p95 ${percentile(xs, 0.95).toFixed(2).padStart(6)} ms`;
    console.log(`thin read: ${RUNS} requests each, interleaved, one keep-alive connection`);
    console.log(line("GET /api/health (the floor)", h));
    console.log(line("GET /api/v2/model-center/tasks/{id}", t));
    console.log(
      `  added by the task read: ${added.toFixed(2)} ms (difference of medians), ${pairedAdded.toFixed(2)} ms (median of paired differences), ratio ${(median(t) / median(h)).toFixed(2)}   ` +
        (added < TARGET_MS ? `ok (target < ${TARGET_MS} ms)` : `OVER the ${TARGET_MS} ms target`),
    );
    if (added >= TARGET_MS) process.exitCode = 1;
  } finally {
    studio.stop();
    agent.destroy();
    await temp.cleanup();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
