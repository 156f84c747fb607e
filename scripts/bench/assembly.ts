// Assembly benchmark (issue 22): 10 takes of 10 s at 720p (30 fps, with audio) made into one film by
// lib/video's assembleFilm (normalise every take, then H.264 + AAC, streamed into the media store)
// against plain `ffmpeg -f concat` re-encoding the same files with the same encoder settings. Reports
// the wall-time ratio (target ≤ 1.2) and this process's RSS while the film is made (flat: ffmpeg
// does the work in its own process and the file is streamed, never held).
//   npm run bench -- assembly   (npx tsx scripts/bench/assembly.ts); BENCH_CLIPS=10 BENCH_SECONDS=10
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";

const CLIPS = Number(process.env.BENCH_CLIPS ?? 10);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const TARGET = 1.2;

const root = fs.mkdtempSync(path.join(os.tmpdir(), "bench-assembly-"));
process.env.MEDIA_DIR = path.join(root, "media");
process.env.MEDIA_STORE = "local";

async function main() {
  // After MEDIA_DIR is set: env() reads it once, on first use.
  const { assembleFilm, encodeArgs, probeClips } = await import("../../lib/video/assemble");
  const { chooseOutput } = await import("../../lib/video/choose-output");
  const { runFfmpeg } = await import("../../lib/video/ffmpeg");
  const { makeClip } = await import("../../lib/video/testing/clips");

  const made = performance.now();
  const keys = Array.from({ length: CLIPS }, (_, i) => `takes/clip-${i}.mp4`);
  const stored = (key: string) => path.join(process.env.MEDIA_DIR!, key);
  // Generating 720p test video is slower than encoding it on a loaded machine: make one take and
  // store it under every key (ffmpeg reads each file; the work per take is the same).
  await makeClip(stored(keys[0]), { width: 1280, height: 720, fps: 30, seconds: SECONDS, audio: true });
  for (const key of keys.slice(1)) fs.copyFileSync(stored(keys[0]), stored(key));
  console.log(
    `${CLIPS} clips of ${SECONDS} s at 1280x720 made in ${((performance.now() - made) / 1000).toFixed(1)} s`,
  );

  const output = chooseOutput(await probeClips(keys));
  const list = path.join(root, "list.txt");
  fs.writeFileSync(list, keys.map((k) => `file '${stored(k)}'`).join("\n"));

  let start = performance.now();
  await runFfmpeg([
    "-f",
    "concat",
    "-safe",
    "0",
    "-i",
    list,
    ...encodeArgs(output),
    path.join(root, "plain.mp4"),
  ]);
  const plainMs = performance.now() - start;

  const rss: number[] = [];
  const sample = setInterval(() => rss.push(process.memoryUsage().rss), 100);
  const before = process.memoryUsage().rss;
  start = performance.now();
  const film = await assembleFilm({
    clips: keys.map((key) => ({ path: key, trimIn: 0, trimOut: null, muted: false })),
    output,
    destinationKey: "films/bench.mp4",
  });
  const oursMs = performance.now() - start;
  clearInterval(sample);

  const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
  const ratio = oursMs / plainMs;
  console.log(
    `output ${output.width}x${output.height} @ ${output.fps} fps, film ${film.durationSec.toFixed(2)} s, ${mb(film.size)}`,
  );
  console.log(`plain ffmpeg -f concat re-encode: ${(plainMs / 1000).toFixed(1)} s`);
  console.log(`assembleFilm (normalise + encode + store): ${(oursMs / 1000).toFixed(1)} s`);
  console.log(`ratio ${ratio.toFixed(2)} (target ≤ ${TARGET}): ${ratio <= TARGET ? "ok" : "OVER"}`);
  console.log(
    `studio RSS during assembly: before ${mb(before)}, min ${mb(Math.min(...rss))}, max ${mb(Math.max(...rss))} (${rss.length} samples)`,
  );
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => fs.rmSync(root, { recursive: true, force: true }));
