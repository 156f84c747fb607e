/**
 * Finding 7 of issue 18: an MP4 made of millions of tiny boxes held the event loop for ~24 s and
 * took 1.5 GB in media inspection. Served by a real HTTP listener, with a real "health" listener
 * in the same process timed while the file is inspected.
 */
import { createReadStream, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getModel } from "../catalog";
import { inspectRequestMedia, type InspectOptions } from "./inspect-request";
import { remoteOpener } from "./open-media";
import { serve, startFileServer } from "./testing/file-server";

const MB = 1024 * 1024;

/** `size` bytes of 8-byte `free` boxes after an ftyp: six million boxes for 49 MB. */
function tinyBoxes(size: number): Buffer {
  const ftyp = Buffer.from("0000001466747970697336d0000000006973366d", "hex");
  ftyp.write("isom", 8);
  const boxes = Buffer.alloc(size - ftyp.length - ((size - ftyp.length) % 8));
  boxes.fill(Buffer.from("0000000866726565", "hex"));
  return Buffer.concat([ftyp, boxes]);
}

/** A movie box holding `count` empty `free` boxes: the boxes arrive nested, parsed only once whole. */
function nestedBoxes(count: number): Buffer {
  const ftyp = tinyBoxes(28).subarray(0, 20);
  const moov = Buffer.alloc(8 + count * 8);
  moov.writeUInt32BE(moov.length, 0);
  moov.write("moov", 4);
  moov.subarray(8).fill(Buffer.from("0000000866726565", "hex"));
  return Buffer.concat([ftyp, moov]);
}

let files: Awaited<ReturnType<typeof startFileServer>>;
let health: http.Server;
let healthUrl: string;
let options: InspectOptions;
const dir = mkdtempSync(join(tmpdir(), "hostile-mp4-"));

beforeAll(async () => {
  const hostile = tinyBoxes(49 * MB);
  writeFileSync(join(dir, "tiny-boxes.mp4"), hostile);
  files = await startFileServer({
    "/tiny-boxes-chunked.mp4": serve(hostile, { chunked: true }),
    "/nested.mp4": serve(nestedBoxes(400_000)),
  });
  health = http.createServer((_request, response) => response.end('{"ok":true}'));
  await new Promise<void>((resolve) => health.listen(0, "127.0.0.1", resolve));
  healthUrl = `http://127.0.0.1:${(health.address() as AddressInfo).port}/`;
  // file:… names an upload on this studio's disk (how studioOpener reads them); the rest is fetched.
  const remote = remoteOpener({ allow: [files.url] });
  options = {
    open: async (url, signal) => {
      if (!url.startsWith("file:")) return remote(url, signal);
      const path = join(dir, url.slice(5));
      return {
        body: Readable.toWeb(createReadStream(path)) as ReadableStream<Uint8Array>,
        size: hostile.length,
      };
    },
    timeoutMs: 20_000,
  };
  // Loads the parsers once: a module's first load is not the work of a file.
  await inspectRequestMedia(model, { reference_videos: ["file:tiny-boxes.mp4"] }, options);
  await inspectRequestMedia(model, { reference_videos: [`${files.url}/nested.mp4`] }, options);
});
afterAll(async () => {
  await files.close();
  await new Promise((resolve) => health.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

const model = getModel("sd2_disc_nvid")!;

/** Inspects while timing a health request every 20 ms; answers the result, latencies and RSS growth. */
async function inspectTimed(url: string) {
  await (await fetch(healthUrl)).text(); // the connection is open before timing starts
  const latencies: number[] = [];
  let running = true;
  const probe = (async () => {
    while (running) {
      const started = performance.now();
      await (await fetch(healthUrl)).text();
      latencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 10);
  const started = performance.now();
  const result = await inspectRequestMedia(model, { reference_videos: [url] }, options);
  const elapsedMs = performance.now() - started;
  running = false;
  await probe;
  clearInterval(sampler);
  const sorted = [...latencies].sort((a, b) => a - b);
  process.stdout.write(
    `${url}: ${elapsedMs.toFixed(0)} ms, health ${latencies.map((l) => l.toFixed(0)).join(",")} ms, RSS +${((rssPeak - rssBefore) / MB).toFixed(0)} MB\n`,
  );
  return {
    result,
    elapsedMs,
    medianMs: sorted[Math.floor(sorted.length / 2)] ?? 0,
    growth: rssPeak - rssBefore,
  };
}

describe("media inspection work budget", () => {
  it.each(["file:tiny-boxes.mp4", `/tiny-boxes-chunked.mp4`])(
    "refuses %s (49 MB of 8-byte boxes) by its box count, the event loop answering meanwhile",
    async (name) => {
      const logged = [
        vi.spyOn(console, "log"),
        vi.spyOn(console, "warn"),
        vi.spyOn(console, "error"),
        vi.spyOn(console, "info"),
        vi.spyOn(console, "debug"),
      ];
      const run = await inspectTimed(name.startsWith("file:") ? name : `${files.url}${name}`);
      for (const spy of logged) spy.mockRestore();
      expect(run.result.refused).toEqual([
        {
          path: "reference_videos[0]",
          message: expect.stringMatching(/^the MP4 has more than 500 boxes before its movie box/),
        },
      ]);
      expect(run.medianMs).toBeLessThan(100);
      expect(run.growth).toBeLessThan(300 * MB);
      expect(run.elapsedMs).toBeLessThan(5_000);
      // Nothing of the file (nor anything else) reached the log.
      for (const spy of logged) expect(spy).not.toHaveBeenCalled();
    },
  );

  it("refuses a movie box of 400,000 nested boxes before the parser walks it", async () => {
    const run = await inspectTimed(`${files.url}/nested.mp4`);
    expect(run.result.refused).toEqual([
      { path: "reference_videos[0]", message: expect.stringMatching(/^the MP4 has more than 10,000 boxes/) },
    ]);
    expect(run.medianMs).toBeLessThan(100);
    expect(run.growth).toBeLessThan(300 * MB);
    expect(run.elapsedMs).toBeLessThan(5_000);
  });
});
