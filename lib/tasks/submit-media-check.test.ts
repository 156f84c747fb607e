import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCAL_USER } from "../auth/local-user";
import { StudioError } from "../errors";
import type { MediaCheck } from "../media-inspection/inspect-request";
import { remoteOpener, studioOpener } from "../media-inspection/open-media";
import { serve, startFileServer } from "../media-inspection/testing/file-server";
import { makePng } from "../testing/media-fixtures";
import { uploadPath, saveMediaUpload } from "../uploads/media-uploads";
import { startFakeUpstream, type FakeUpstream } from "../upstream/testing/fake-upstream";
import { submitTask } from "./submit-task";
import { taskTestbed } from "./testing/task-fixtures";

let upstream: FakeUpstream;
let files: Awaited<ReturnType<typeof startFileServer>>;
let bed: ReturnType<typeof taskTestbed>;
let small: Buffer;
let good: Buffer;
let counter = 0;

beforeAll(async () => {
  upstream = await startFakeUpstream(() => ({
    json: { id: `media-${++counter}`, object: "video", model: "sd2_disc_nvid", status: "queued", created: 1 },
  }));
  bed = taskTestbed();
  bed.deps.upstream = { baseUrl: `${upstream.url}/api`, apiKey: "sk-live-123", timeoutMs: 2000 };
  const dir = path.join(bed.mediaDir(), "..", "fixtures");
  small = await makePng(path.join(dir, "small.png"), { width: 200, height: 200 });
  good = await makePng(path.join(dir, "good.png"), { width: 640, height: 480 });
  files = await startFileServer({ "/small.png": serve(small), "/good.png": serve(good) });
});
afterAll(async () => {
  await files.close();
  await upstream.close();
  await bed.cleanup();
});

async function* bytesOf(buffer: Buffer) {
  yield new Uint8Array(buffer);
}

const posts = () => upstream.count("/api/v2/model-center/tasks", "POST");
const STUDIO = "http://127.0.0.1:3999";
const check = (skipUnreachable = false): MediaCheck => ({
  // The studio's own files from disk; anything else through the guarded fetch (only the file host allowed).
  open: studioOpener(
    bed.deps.db,
    LOCAL_USER,
    { origins: [STUDIO], publicBaseUrl: null },
    remoteOpener({ allow: [files.url] }),
  ),
  skipUnreachable,
});
const body = (url: string) => ({ model: "sd2_disc_nvid", prompt: "a fox", reference_images: [url] });
const submit = (url: string, media = check()) =>
  submitTask(body(url), bed.deps, { userId: null, media }).then(
    (task) => task,
    (error: unknown) => error as StudioError,
  );

describe("submit with the media check", () => {
  it("refuses a file under the model's limits and sends the upstream nothing", async () => {
    const before = posts();
    const error = await submit(`${files.url}/small.png`);
    expect(error).toBeInstanceOf(StudioError);
    expect(error).toMatchObject({ code: "invalid_request", status: 400 });
    expect((error as StudioError).issues).toEqual([
      { path: "reference_images[0]", message: expect.stringMatching(/300 px.*this file is 200×200/) },
    ]);
    expect(posts()).toBe(before);
  });

  it("answers media_unverified for a file it cannot fetch, and sends only with the override", async () => {
    const before = posts();
    const missing = `${files.url}/gone.png`;
    expect(await submit(missing)).toMatchObject({ code: "media_unverified", status: 422 });
    expect(posts()).toBe(before);
    expect(await submit(missing, check(true))).toMatchObject({ id: expect.stringMatching(/^media-/) });
    expect(posts()).toBe(before + 1);
  });

  it("reads the studio's own uploads from disk, where the address guard would refuse them", async () => {
    const upload = await saveMediaUpload(bed.deps.db, LOCAL_USER, bytesOf(small), {
      name: "small.png",
      maxBytes: 1024 * 1024,
    });
    expect(fs.existsSync(path.join(bed.mediaDir(), upload.path))).toBe(true);
    const error = await submit(`${STUDIO}${uploadPath(upload.id)}`);
    expect((error as StudioError).issues?.[0]?.message).toMatch(/200×200/);

    const fine = await saveMediaUpload(bed.deps.db, LOCAL_USER, bytesOf(good), {
      name: "good.png",
      maxBytes: 1024 * 1024,
    });
    const before = posts();
    expect(await submit(`${STUDIO}${uploadPath(fine.id)}`)).toMatchObject({ model: "sd2_disc_nvid" });
    expect(posts()).toBe(before + 1);
  });

  it("refuses an upload over the size limit and leaves no file behind", async () => {
    const error = await saveMediaUpload(bed.deps.db, LOCAL_USER, bytesOf(good), {
      name: "good.png",
      maxBytes: 1000,
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "payload_too_large" });
    expect((error as Error).message).toMatch(/"good.png" is larger than/);
    const left = fs.readdirSync(path.join(bed.mediaDir(), "uploads"));
    expect(left).toHaveLength(2); // the two accepted uploads above, no temp file
  });
});
