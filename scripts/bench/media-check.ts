// Media check benchmark (issue 11 part 3): what checking a task's referenced files costs before it
// is sent, the way a user's task looks — an sd2_disc_nvid multimodal reference task with 9 images
// (1920×1080 PNG), 3 clips (1280×720, 4 s) and 3 voice files (WAV, 4 s) on a slow file host
// (150 ms to the first byte, 10 MB/s per connection). Reports the median and p95 wall time of one
// check and the bytes read against the bytes of the files (the check reads headers, not whole files,
// unless an MP4 keeps its index at the end).
//   npm run bench -- media-check   (npx tsx --conditions=react-server scripts/bench/media-check.ts); BENCH_RUNS=10
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import ffmpegInstaller from "@ffmpeg-installer/ffmpeg";
import { getModel } from "../../lib/catalog";
import { inspectRequestMedia } from "../../lib/media-inspection/inspect-request";
import { remoteOpener } from "../../lib/media-inspection/open-media";
import { makePng, makeWav } from "../../lib/testing/media-fixtures";
import { median, percentile } from "./support";

const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const LATENCY_MS = 150;
const BYTES_PER_SECOND = 10 * 1024 * 1024;
const CHUNK = 64 * 1024;

function encodeClip(file: string, faststart: boolean) {
  const result = spawnSync(ffmpegInstaller.path, [
    ...["-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi"],
    ...["-i", "testsrc2=size=1280x720:rate=30:duration=4"],
    ...["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"],
    ...(faststart ? ["-movflags", "+faststart"] : []),
    file,
  ]);
  if (result.status !== 0) throw new Error(`ffmpeg: ${result.stderr}`);
}

/** A file host that answers after LATENCY_MS and sends at BYTES_PER_SECOND, counting what it sent. */
async function slowHost(dir: string) {
  let sent = 0;
  const server = http.createServer((request, response) => {
    const file = path.join(dir, path.basename(new URL(request.url ?? "/", "http://x").pathname));
    if (!fs.existsSync(file)) return void response.writeHead(404).end();
    const bytes = fs.readFileSync(file);
    setTimeout(() => {
      response.writeHead(200, { "Content-Length": bytes.length, "Content-Type": "application/octet-stream" });
      let offset = 0;
      const push = () => {
        if (response.destroyed) return;
        if (offset >= bytes.length) return void response.end();
        const chunk = bytes.subarray(offset, offset + CHUNK);
        offset += chunk.length;
        sent += chunk.length;
        response.write(chunk);
        setTimeout(push, (chunk.length / BYTES_PER_SECOND) * 1000);
      };
      push();
    }, LATENCY_MS);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    sent: () => sent,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-media-"));
  for (let i = 0; i < 9; i++)
    await makePng(path.join(dir, `image-${i}.png`), { width: 1920, height: 1080, label: `${i}` });
  for (let i = 0; i < 3; i++) {
    encodeClip(path.join(dir, `clip-${i}.mp4`), true);
    encodeClip(path.join(dir, `late-index-${i}.mp4`), false);
    makeWav(path.join(dir, `voice-${i}.wav`), { seconds: 4 });
  }
  const host = await slowHost(dir);
  const model = getModel("sd2_disc_nvid")!;
  const size = (names: string[]) => names.reduce((sum, n) => sum + fs.statSync(path.join(dir, n)).size, 0);
  const images = Array.from({ length: 9 }, (_, i) => `image-${i}.png`);
  const voices = Array.from({ length: 3 }, (_, i) => `voice-${i}.wav`);
  const scenarios: { name: string; files: Record<string, string[]> }[] = [
    { name: "9 images", files: { reference_images: images } },
    {
      name: "9 images + 3 clips + 3 voices",
      files: {
        reference_images: images,
        reference_videos: Array.from({ length: 3 }, (_, i) => `clip-${i}.mp4`),
        reference_audios: voices,
      },
    },
    {
      name: "same, clips with the index at the end",
      files: {
        reference_images: images,
        reference_videos: Array.from({ length: 3 }, (_, i) => `late-index-${i}.mp4`),
        reference_audios: voices,
      },
    },
  ];
  const open = remoteOpener({ allow: [host.url] });
  console.log(
    `media check, ${RUNS} runs per scenario; file host: ${LATENCY_MS} ms to first byte, ${BYTES_PER_SECOND / 1024 / 1024} MB/s per file`,
  );
  for (const scenario of scenarios) {
    const body: Record<string, unknown> = { model: model.id, prompt: "bench" };
    for (const [field, names] of Object.entries(scenario.files))
      body[field] = names.map((n) => `${host.url}/${n}`);
    const total = size(Object.values(scenario.files).flat());
    const times: number[] = [];
    let read = 0;
    for (let run = 0; run < RUNS; run++) {
      const before = host.sent();
      const start = performance.now();
      const result = await inspectRequestMedia(model, body, { open });
      times.push(performance.now() - start);
      read += host.sent() - before;
      if (result.refused.length || result.unverified.length)
        throw new Error(`unexpected verdict: ${JSON.stringify(result)}`);
    }
    console.log(
      `${scenario.name.padEnd(40)} median ${median(times).toFixed(0)} ms, p95 ${percentile(times, 95).toFixed(0)} ms; ` +
        `read ${((read / RUNS / total) * 100).toFixed(1)} % of ${(total / 1024 / 1024).toFixed(1)} MB`,
    );
  }
  host.close();
  fs.rmSync(dir, { recursive: true, force: true });
}

await main();
