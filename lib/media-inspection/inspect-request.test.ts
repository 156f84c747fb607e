import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getModel } from "../catalog";
import { StudioError } from "../errors";
import { makeMp4, makePng, makeWav } from "../testing/media-fixtures";
import { assertMediaAcceptable, inspectRequestMedia, type InspectOptions } from "./inspect-request";
import { remoteOpener } from "./open-media";
import { serve, startFileServer } from "./testing/file-server";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "inspect-"));
let server: Awaited<ReturnType<typeof startFileServer>>;
let options: InspectOptions;

beforeAll(async () => {
  const png = (name: string, width: number, height: number) =>
    makePng(path.join(dir, name), { width, height });
  const mp4 = (name: string, seconds: number, fps = 24) =>
    makeMp4(path.join(dir, name), { seconds, fps, width: 160, height: 120 });
  server = await startFileServer({
    "/200.png": serve(await png("200.png", 200, 200)),
    "/300.png": serve(await png("300.png", 300, 300)),
    "/301.png": serve(await png("301.png", 301, 301), { chunked: true }),
    "/wide.png": serve(await png("wide.png", 900, 400)),
    "/20s.mp4": serve(mp4("20s.mp4", 20)),
    "/8s.mp4": serve(mp4("8s.mp4", 8)),
    "/3s.mp4": serve(mp4("3s.mp4", 3)),
    "/15fps.mp4": serve(mp4("15fps.mp4", 3, 15)),
    "/3s.wav": serve(makeWav(path.join(dir, "3s.wav"), { seconds: 3 })),
    "/1s.wav": serve(makeWav(path.join(dir, "1s.wav"), { seconds: 1 })),
    "/page.html": serve(Buffer.from("<!doctype html><p>hello</p>")),
    // Declares 40 MB: over the image cap without a byte being read.
    "/huge.png": (_request, response) => {
      response.writeHead(200, { "Content-Length": 40 * 1024 * 1024 });
      response.write(Buffer.alloc(1024));
    },
    // Endless, no length: reading must stop at the field's cap + 1 (50 MB for a video).
    "/endless.mp4": (_request, response) => {
      response.writeHead(200);
      const chunk = Buffer.alloc(256 * 1024);
      const pump = () => {
        while (!response.destroyed && response.write(chunk));
        if (!response.destroyed) response.once("drain", pump);
      };
      pump();
    },
    "/silent.png": () => undefined, // never answers
  });
  options = { open: remoteOpener({ allow: [server.url] }), timeoutMs: 5000 };
});
afterAll(async () => {
  await server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const asset = getModel("sd2_disc_nvid")!;
const inspect = (body: Record<string, unknown>, model = asset, opts = options) =>
  inspectRequestMedia(model, body, opts);
const at = (name: string) => `${server.url}${name}`;

describe("per-file limits", () => {
  it("refuses an image under 300 px, naming the item, the limit and the size", async () => {
    const result = await inspect({ reference_images: [at("/wide.png"), at("/200.png")] });
    expect(result.refused).toEqual([
      {
        path: "reference_images[1]",
        message:
          "Width and height must each be between 300 px and 6000 px (exclusive); this file is 200×200.",
      },
    ]);
  });

  it("treats exclusive bounds as outside: 300 px is refused, 301 px passes", async () => {
    const result = await inspect({ reference_images: [at("/300.png"), at("/301.png")] });
    expect(result.refused.map((r) => r.path)).toEqual(["reference_images[0]"]);
    expect(result.unverified).toEqual([]);
  });

  it("refuses a 20 s video on the 15 s limit with its measured length", async () => {
    const result = await inspect({ reference_videos: [at("/20s.mp4")] });
    expect(result.refused).toEqual([
      { path: "reference_videos[0]", message: "Length must be 2 s–15 s; this one is 20 s." },
    ]);
  });

  it("refuses a frame rate under 24 fps", async () => {
    const result = await inspect({ reference_videos: [at("/15fps.mp4")] });
    expect(result.refused[0].message).toBe("Frame rate must be 24 fps–60 fps; this one is 15 fps.");
  });

  it("refuses a file that is not of an accepted format", async () => {
    const result = await inspect({ reference_videos: [at("/page.html")] });
    expect(result.refused[0]).toEqual({
      path: "reference_videos[0]",
      message: "Takes mp4, mov; this file is text/html.",
    });
  });

  it("skips assetId:// references", async () => {
    expect(await inspect({ reference_images: ["assetId://abc"] })).toEqual({ refused: [], unverified: [] });
  });
});

describe("totals across a field", () => {
  it("refuses videos that together pass 15 s, each within its own limit", async () => {
    const result = await inspect({ reference_videos: [at("/8s.mp4"), at("/8s.mp4")] });
    expect(result.refused).toEqual([
      {
        path: "reference_videos",
        message: "Together the files must be at most 15 s long; these add up to 16 s.",
      },
    ]);
  });

  it("holds vendorm-H3-768p-c2's audio to a total of at least 2 s", async () => {
    const c2 = getModel("vendorm-H3-768p-c2")!;
    const short = await inspect({ reference_audios: [at("/1s.wav")] }, c2);
    expect(short.refused[0]).toEqual({
      path: "reference_audios",
      message: "Together the files must be 2 s–15 s long; these add up to 1 s.",
    });
    expect((await inspect({ reference_audios: [at("/1s.wav"), at("/1s.wav")] }, c2)).refused).toEqual([]);
    expect((await inspect({ reference_videos: [at("/3s.mp4"), at("/3s.mp4")] }, c2)).refused[0].path).toBe(
      "reference_videos",
    );
  });
});

describe("fetching", () => {
  it("refuses a declared size over the field's limit without reading the body", async () => {
    const result = await inspect({ reference_images: [at("/huge.png")] });
    expect(result.refused[0]).toEqual({
      path: "reference_images[0]",
      message: "Files must be under 30 MB; this one is 40 MB.",
    });
  });

  it("stops reading an endless body at the field's byte cap", async () => {
    const result = await inspect({ reference_videos: [at("/endless.mp4")] });
    expect(result.refused[0].message).toMatch(/^Files must be under 50 MB; this one is larger/);
    // What the server managed to write: the cap plus what sat in socket buffers.
    expect(server.written("/endless.mp4")).toBeLessThan(60 * 1024 * 1024);
  });

  it("turns a 404, a refused address and a timeout into warnings, not refusals", async () => {
    const guarded: InspectOptions = { open: remoteOpener({ allow: [] }), timeoutMs: 5000 };
    expect((await inspect({ reference_images: [at("/missing.png")] })).unverified).toEqual([
      { path: "reference_images[0]", url: at("/missing.png"), reason: "it answered HTTP 404" },
    ]);
    const refused = await inspect({ reference_images: [at("/200.png")] }, asset, guarded);
    expect(refused.refused).toEqual([]);
    expect(refused.unverified[0].reason).toMatch(/127\.0\.0\.1 is .*does not fetch it/);
    const slow = await inspect({ reference_images: [at("/silent.png")] }, asset, {
      ...options,
      timeoutMs: 300,
    });
    expect(slow.unverified[0].reason).toMatch(/in time/);
  });

  it("asks for an explicit override before sending unverified files, and lets it through then", async () => {
    const body = { reference_images: [at("/missing.png")] };
    const error = await assertMediaAcceptable([{ model: asset, body }], {
      ...options,
      skipUnreachable: false,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StudioError);
    expect(error).toMatchObject({ code: "media_unverified", status: 422 });
    expect((error as StudioError).details.unverified).toHaveLength(1);
    await assertMediaAcceptable([{ model: asset, body }], { ...options, skipUnreachable: true });
  });

  it("reads each distinct URL once across the tasks of a batch", async () => {
    let opened = 0;
    const counting: InspectOptions = { open: (url, signal) => (opened++, options.open(url, signal)) };
    const body = { reference_images: [at("/wide.png")] };
    await assertMediaAcceptable(
      [
        { model: asset, body },
        { model: asset, body },
        { model: getModel("sd_2.0_mini_discount")!, body },
      ],
      { ...counting, skipUnreachable: false },
    );
    expect(opened).toBe(1);
  });
});
