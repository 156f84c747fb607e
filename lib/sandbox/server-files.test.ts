import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_KEY, sandboxFixture } from "./testing/sandbox-fixture";
import { mp4Info } from "./testing/mp4";

let sandbox: Awaited<ReturnType<typeof sandboxFixture>>;
beforeAll(async () => {
  sandbox = await sandboxFixture({ resultUrlTtlSeconds: 120 });
});
afterAll(() => sandbox.close());

const bytesOf = async (response: Response) => new Uint8Array(await response.arrayBuffer());

describe("result files", () => {
  it("serve a real H.264 MP4 in the requested aspect ratio, the same bytes every time", async () => {
    const task = await sandbox.completed({ model: "sd2_disc_nvid", prompt: "x", aspect_ratio: "9:16" });
    const response = await fetch(task.video_url);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("video/mp4");
    expect(response.headers.get("accept-ranges")).toBe("bytes");
    const bytes = await bytesOf(response);
    expect(Number(response.headers.get("content-length"))).toBe(bytes.byteLength);
    expect(mp4Info(bytes)).toMatchObject({ codec: "avc1", width: 180, height: 320 });
    expect(await bytesOf(await fetch(task.video_url))).toEqual(bytes);
    // upstream_url is the "original" of the same result.
    expect(await bytesOf(await fetch(task.upstream_url))).toEqual(bytes);
  });

  it.each([
    ["16:9", 320, 180],
    ["21:9", 320, 138],
    ["1:1", 320, 320],
  ])("video in %s is %ix%i", async (ratio, width, height) => {
    const task = await sandbox.completed({ model: "sd2_disc_nvid", prompt: "x", aspect_ratio: ratio });
    expect(mp4Info(await bytesOf(await fetch(task.video_url)))).toMatchObject({ width, height });
  });

  it("serve images in the requested aspect ratio and a PNG last frame the size of the video", async () => {
    const image = await sandbox.completed({ model: "vendors_5.0Pro", prompt: "x", aspect_ratio: "16:9" });
    const imageResponse = await fetch(image.image_url);
    expect(imageResponse.headers.get("content-type")).toBe("image/jpeg");
    const meta = await sharp(Buffer.from(await imageResponse.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: 1024, height: 576 });

    const video = await sandbox.completed({
      model: "sd_2.5_ORelay",
      prompt: "x",
      aspect_ratio: "4:3",
      return_last_frame: true,
    });
    const frame = await fetch(video.last_frame_url);
    expect(frame.headers.get("content-type")).toBe("image/png");
    expect(await sharp(Buffer.from(await frame.arrayBuffer())).metadata()).toMatchObject({
      format: "png",
      width: 320,
      height: 240,
    });
  });

  it("answer Range requests with 206 and exactly those bytes, 416 past the end", async () => {
    const task = await sandbox.completed({ model: "sd2_disc_nvid", prompt: "x" });
    const whole = await bytesOf(await fetch(task.video_url));
    const part = await fetch(task.video_url, { headers: { Range: "bytes=100-1099" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 100-1099/${whole.byteLength}`);
    expect(part.headers.get("content-length")).toBe("1000");
    expect(await bytesOf(part)).toEqual(whole.slice(100, 1100));
    const tail = await fetch(task.video_url, { headers: { Range: "bytes=-16" } });
    expect(await bytesOf(tail)).toEqual(whole.slice(-16));
    const past = await fetch(task.video_url, { headers: { Range: `bytes=${whole.byteLength}-` } });
    expect(past.status).toBe(416);
    expect(past.headers.get("content-range")).toBe(`bytes */${whole.byteLength}`);
  });

  it("answer HEAD with the headers only", async () => {
    const task = await sandbox.completed({ model: "sd2_disc_nvid", prompt: "x" });
    const head = await fetch(task.video_url, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get("content-length"))).toBeGreaterThan(1000);
    expect(await head.text()).toBe("");
  });
});

describe("result URLs expire and cannot be forged", () => {
  it("live for the sandbox's TTL after completion, then answer 403 with an XML error", async () => {
    const task = await sandbox.completed({ model: "sd2_disc_nvid", prompt: "x" });
    const { json: fresh } = await sandbox.query(task.id);
    expect(fresh.video_url).toBe(task.video_url); // URLs are fixed at completion, not renewed per query
    sandbox.clock.now += 80_000; // completed within the fixture's 31 s jump, so still < 120 s
    expect((await fetch(task.video_url)).status).toBe(200);
    sandbox.clock.now += 71_000;
    const expired = await fetch(task.video_url);
    expect(expired.status).toBe(403);
    expect(expired.headers.get("content-type")).toBe("application/xml");
    const xml = await expired.text();
    expect(xml).toMatch(/^<\?xml/);
    expect(xml).toContain("<Code>AccessDenied</Code>");
    expect(xml).toContain("Request has expired");
  });

  it("[ttl=N] shortens the lifetime to N seconds after completion", async () => {
    const { json } = await sandbox.submit({ model: "sd2_disc_nvid", prompt: "short lived [ttl=5] [fast]" });
    sandbox.clock.now += 6_000; // completes exactly now
    const task = (await sandbox.query(json.id)).json;
    expect(task.status).toBe("completed");
    sandbox.clock.now += 4_000;
    expect((await fetch(task.video_url)).status).toBe(200);
    sandbox.clock.now += 1_000;
    expect((await fetch(task.video_url)).status).toBe(403);
  });

  it("reject an edited expiry, another task's signature and unknown files", async () => {
    const a = await sandbox.completed({ model: "sd2_disc_nvid", prompt: "a" });
    const b = await sandbox.completed({ model: "sd2_disc_nvid", prompt: "b" });
    const extended = new URL(a.video_url);
    extended.searchParams.set("expires", String(Number(extended.searchParams.get("expires")) + 3600));
    const swapped = new URL(a.video_url);
    swapped.searchParams.set("signature", new URL(b.video_url).searchParams.get("signature")!);
    for (const url of [extended, swapped]) {
      const response = await fetch(url);
      expect(response.status).toBe(403);
      expect(await response.text()).toContain("<Code>SignatureDoesNotMatch</Code>");
    }
    const unknown = await fetch(a.video_url.replace("/video.mp4", "/other.mp4"));
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain("<Code>NoSuchKey</Code>");
    const noLastFrame = await fetch(a.video_url.replace("/video.mp4", "/last-frame.png"));
    expect(noLastFrame.status).toBe(404);
  });
});

describe("downloads", () => {
  it("need no key, are logged as /files/ requests and never carry the studio's key", async () => {
    const task = await sandbox.completed({ model: "sd2_disc_nvid", prompt: "x" });
    await fetch(`${sandbox.url}/_requests`, { method: "DELETE" });
    const response = await fetch(task.video_url);
    expect(response.status).toBe(200);
    const headers = JSON.stringify([...response.headers]);
    expect(headers).not.toContain(API_KEY);
    const log = await (await fetch(`${sandbox.url}/_requests`)).json();
    expect(log).toEqual([
      expect.objectContaining({
        method: "GET",
        path: expect.stringMatching(/^\/files\/sbx_.+\/video\.mp4\?expires=/),
        authorization: false,
      }),
    ]);
  });
});
