/**
 * The S3 store against a real S3-protocol server (s3rver, in this process, random port): the bytes
 * of stored objects, ranges, presigned URLs, and that a failed write leaves nothing behind.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { StudioError } from "../errors";
import { S3MediaStore } from "./s3-store";
import { startS3Server, type S3TestServer } from "./testing/s3-server";

const sha = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const streamOf = (...chunks: Uint8Array[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
const text = async (body: ReadableStream<Uint8Array> | undefined) =>
  body ? Buffer.from(await new Response(body).arrayBuffer()) : undefined;

let s3: S3TestServer;
let store: S3MediaStore;
let png: Buffer;

beforeAll(async () => {
  s3 = await startS3Server();
  store = new S3MediaStore(s3.config({ keyPrefix: "studio/" }));
  png = await sharp({ create: { width: 8, height: 6, channels: 3, background: "#3366cc" } })
    .png()
    .toBuffer();
});
afterAll(() => s3.close());

describe("S3MediaStore", () => {
  it("stores a stream byte-identical under the key prefix, with its sha256 and sniffed type", async () => {
    const written = await store.put("tasks/t1/a.png", streamOf(png.subarray(0, 10), png.subarray(10)), {
      declaredType: "application/octet-stream",
    });
    expect(written).toEqual({ size: png.length, sha256: sha(png), contentType: "image/png" });
    const stored = await s3.objectBytes("studio/tasks/t1/a.png");
    expect(Buffer.compare(stored!, png)).toBe(0);
    expect(await store.stat("tasks/t1/a.png")).toMatchObject({ size: png.length });
  });

  it("streams a file larger than one part as a multipart upload, byte-identical", async () => {
    // 20 MiB in 1 MiB chunks: three 8 MiB parts, never the whole file in one buffer.
    const chunk = (i: number) => Uint8Array.from({ length: 1024 * 1024 }, (_, j) => (i * 31 + j) % 251);
    async function* source() {
      for (let i = 0; i < 20; i++) yield chunk(i);
    }
    const expected = Buffer.concat(Array.from({ length: 20 }, (_, i) => chunk(i)));
    const written = await store.put("big/file.bin", source());
    expect(written).toMatchObject({ size: expected.length, sha256: sha(expected) });
    expect(sha((await s3.objectBytes("studio/big/file.bin"))!)).toBe(sha(expected));
  });

  it("reads one byte range, and the whole file", async () => {
    const bytes = Uint8Array.from({ length: 1000 }, (_, i) => i % 251);
    await store.put("serve/clip.bin", streamOf(bytes));
    expect(await text(await store.open("serve/clip.bin", { start: 10, end: 19 }))).toEqual(
      Buffer.from(bytes.subarray(10, 20)),
    );
    expect(await text(await store.open("serve/clip.bin"))).toEqual(Buffer.from(bytes));
    expect(await store.open("serve/missing.bin")).toBeUndefined();
    expect(await store.stat("serve/missing.bin")).toBeUndefined();
  });

  it("leaves no object when the source fails midway through a multipart upload", async () => {
    let sent = 0;
    const failing = new ReadableStream<Uint8Array>({
      pull(controller) {
        // 12 MiB arrive (one part uploaded, one filling), then the connection drops.
        if (sent++ < 12) controller.enqueue(new Uint8Array(1024 * 1024).fill(sent));
        else controller.error(new Error("connection reset"));
      },
    });
    await expect(store.put("broken/partial.mp4", failing)).rejects.toThrow("connection reset");
    expect(await s3.objectBytes("studio/broken/partial.mp4")).toBeUndefined();
    expect(await store.stat("broken/partial.mp4")).toBeUndefined();
  });

  it("enforces maxBytes while streaming and keeps nothing", async () => {
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(64 * 1024));
      },
    });
    const error = await store.put("big/too-large.bin", endless, { maxBytes: 1_000_000 }).catch((e) => e);
    expect(error).toBeInstanceOf(StudioError);
    expect(error.code).toBe("payload_too_large");
    expect(pulled).toBeLessThan(40);
    expect(await s3.objectBytes("studio/big/too-large.bin")).toBeUndefined();
  });

  it("removes a file the validator rejects", async () => {
    const validate = () => {
      throw new Error("not media");
    };
    await expect(store.put("rejected/x.png", streamOf(png), { validate })).rejects.toThrow("not media");
    expect(await s3.objectBytes("studio/rejected/x.png")).toBeUndefined();
  });

  it("refuses keys outside the store before writing anything", async () => {
    await expect(store.put("../escape.png", streamOf(png))).rejects.toThrow(/outside the media store/);
    await expect(store.stat("/etc/passwd")).rejects.toThrow(StudioError);
  });

  it("copies server-side, removes, and ignores missing files on remove", async () => {
    await store.put("copy/from.png", streamOf(png));
    await store.copy("copy/from.png", "chat/to");
    expect(Buffer.compare((await s3.objectBytes("studio/chat/to"))!, png)).toBe(0);
    await store.remove("copy/from.png");
    await store.remove("copy/from.png");
    expect(await s3.objectBytes("studio/copy/from.png")).toBeUndefined();
  });

  it("lends a temp local copy for tools that read files, removed afterwards", async () => {
    await store.put("local/a.png", streamOf(png));
    let seen = "";
    const meta = await store.withLocalFile("local/a.png", 1024 * 1024, async (file) => {
      seen = file;
      return sharp(file).metadata();
    });
    expect([meta.width, meta.height]).toEqual([8, 6]);
    expect(fs.existsSync(seen)).toBe(false);
    await expect(store.withLocalFile("local/a.png", 10, async () => "x")).rejects.toMatchObject({
      code: "payload_too_large",
    });
  });

  it("presigns a GET the bucket answers with the bytes and type, ranges included", async () => {
    await store.put("signed/a.png", streamOf(png));
    const url = await store.presignedUrl("signed/a.png", { expiresInSeconds: 60, contentType: "image/png" });
    expect(url).toContain("X-Amz-Expires=60");
    const response = await fetch(url, { headers: { Range: "bytes=0-7" } });
    expect(response.status).toBe(206);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(png.subarray(0, 8));
    const whole = await fetch(url);
    expect(whole.headers.get("content-type")).toBe("image/png");
    expect(Buffer.compare(Buffer.from(await whole.arrayBuffer()), png)).toBe(0);
    const forged = url.replace(/X-Amz-Signature=[0-9a-f]+/, "X-Amz-Signature=" + "0".repeat(64));
    expect((await fetch(forged)).status).toBe(403);
  });

  it("signs the download name into the URL as the attachment's Content-Disposition", async () => {
    // Checked on the URL only: s3rver computes the canonical query with encodeURIComponent, which
    // leaves the ' of filename*=UTF-8'' unescaped, so it refuses a signature real S3 accepts.
    const url = new URL(
      await store.presignedUrl("signed/a.png", {
        expiresInSeconds: 60,
        contentType: "image/png",
        downloadName: "é.png",
      }),
    );
    expect(url.searchParams.get("response-content-disposition")).toBe(
      `attachment; filename="_.png"; filename*=UTF-8''%C3%A9.png`,
    );
  });
});
