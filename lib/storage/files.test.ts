import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { StudioError } from "../errors";
import {
  mediaFileResponse,
  mediaRoot,
  removeMediaFile,
  removeStaleTempFiles,
  resolveMediaPath,
  writeMediaFile,
} from "./files";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "studio-media-"));
process.env.MEDIA_DIR = root; // read lazily by env() on first use

const sha = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const streamOf = (...chunks: Uint8Array[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
const leftovers = (dir: string) => fs.readdirSync(dir).filter((name) => name.endsWith(".part"));

// The first bytes of an ISO BMFF (MP4) file: what file-type recognises as video/mp4.
const mp4Head = Buffer.from("000000186674797069736f6d0000020069736f6d69736f32", "hex");

let png: Buffer;
beforeAll(async () => {
  png = await sharp({ create: { width: 8, height: 6, channels: 3, background: "#3366cc" } })
    .png()
    .toBuffer();
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe("resolveMediaPath", () => {
  it("resolves inside MEDIA_DIR", () => {
    expect(mediaRoot()).toBe(root);
    expect(resolveMediaPath("tasks/a/b.mp4")).toBe(path.join(root, "tasks/a/b.mp4"));
    expect(resolveMediaPath("a/../b.png")).toBe(path.join(root, "b.png"));
    expect(resolveMediaPath("..name.png")).toBe(path.join(root, "..name.png"));
  });

  it.each(["../outside.mp4", "a/../../outside", "/etc/passwd", "", ".", "a/..", "x\0y"])(
    "rejects %j",
    (rel) => {
      expect(() => resolveMediaPath(rel)).toThrow(StudioError);
    },
  );
});

describe("writeMediaFile", () => {
  it("stores the exact bytes with their sha256 and the sniffed type", async () => {
    const written = await writeMediaFile("w/image.png", streamOf(png.subarray(0, 10), png.subarray(10)), {
      declaredType: "application/octet-stream",
    });
    const stored = fs.readFileSync(path.join(root, "w/image.png"));
    expect(Buffer.compare(stored, png)).toBe(0);
    expect(written).toEqual({ size: png.length, sha256: sha(png), contentType: "image/png" });
    expect(leftovers(path.join(root, "w"))).toEqual([]);
  });

  it("accepts async iterables and recognises MP4 from its first bytes", async () => {
    async function* chunks() {
      yield mp4Head;
      yield new Uint8Array(100_000).fill(7);
    }
    const written = await writeMediaFile("w/video.mp4", chunks());
    expect(written.contentType).toBe("video/mp4");
    expect(written.size).toBe(mp4Head.length + 100_000);
  });

  it("falls back to the declared type for binary it does not know", async () => {
    const bytes = new Uint8Array([0, 1, 2, 3, 250, 251, 252, 0, 9, 17]);
    const written = await writeMediaFile("w/raw.bin", streamOf(bytes), {
      declaredType: "Audio/X-Custom; q=1",
    });
    expect(written.contentType).toBe("audio/x-custom");
  });

  it("reports an HTML page as text/html whatever its declared type", async () => {
    const page = new TextEncoder().encode("\n  <!DOCTYPE html><html><body>Access denied</body></html>");
    const written = await writeMediaFile("w/page.mp4", streamOf(page), { declaredType: "video/mp4" });
    expect(written.contentType).toBe("text/html");
    const json = await writeMediaFile("w/err.mp4", streamOf(new TextEncoder().encode('{"error":"x"}')), {
      declaredType: "video/mp4",
    });
    expect(json.contentType).toBe("application/json");
  });

  it("enforces maxBytes while streaming and leaves nothing behind", async () => {
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(64 * 1024));
      },
    });
    const error = await writeMediaFile("big/too-large.bin", endless, { maxBytes: 1_000_000 }).catch((e) => e);
    expect(error).toBeInstanceOf(StudioError);
    expect(error.code).toBe("payload_too_large");
    expect(error.message).toContain("976.6 KB");
    expect(pulled).toBeLessThan(40); // stopped at the limit, not after reading everything
    expect(fs.readdirSync(path.join(root, "big"))).toEqual([]);
  });

  it("removes the temp file when the source fails midway", async () => {
    let sent = 0;
    const failing = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 3) controller.enqueue(new Uint8Array(100_000).fill(1));
        else controller.error(new Error("connection reset"));
      },
    });
    await expect(writeMediaFile("broken/partial.mp4", failing)).rejects.toThrow("connection reset");
    expect(fs.readdirSync(path.join(root, "broken"))).toEqual([]);
  });

  it("keeps a rejected file from ever appearing under its name", async () => {
    const validate = () => {
      throw new Error("not media");
    };
    await expect(writeMediaFile("rejected/x.png", streamOf(png), { validate })).rejects.toThrow("not media");
    expect(fs.readdirSync(path.join(root, "rejected"))).toEqual([]);
  });

  it("refuses paths outside MEDIA_DIR before writing anything", async () => {
    await expect(writeMediaFile("../escape.png", streamOf(png))).rejects.toThrow(/outside MEDIA_DIR/);
    expect(fs.existsSync(path.join(root, "../escape.png"))).toBe(false);
  });

  it("removeMediaFile deletes one file and ignores missing ones", async () => {
    await writeMediaFile("rm/a.png", streamOf(png));
    await removeMediaFile("rm/a.png");
    await removeMediaFile("rm/a.png");
    expect(fs.existsSync(path.join(root, "rm/a.png"))).toBe(false);
  });
});

describe("mediaFileResponse", () => {
  const bytes = Uint8Array.from({ length: 1000 }, (_, i) => i % 251);
  const get = (headers: Record<string, string> = {}, method = "GET") =>
    new Request("http://studio.test/api/media/x", { method, headers });
  const body = async (response: Response) => new Uint8Array(await response.arrayBuffer());

  beforeAll(async () => {
    await writeMediaFile("serve/clip.mp4", streamOf(bytes));
  });

  it("serves the whole file with its headers", async () => {
    const response = await mediaFileResponse(get(), "serve/clip.mp4", "video/mp4");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("video/mp4");
    expect(response.headers.get("content-length")).toBe("1000");
    expect(response.headers.get("accept-ranges")).toBe("bytes");
    expect(response.headers.get("etag")).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    expect(response.headers.get("content-disposition")).toBeNull();
    expect(await body(response)).toEqual(bytes);
  });

  it("uses the sha256 as a strong ETag and answers 304 to a matching If-None-Match", async () => {
    const first = await mediaFileResponse(get(), "serve/clip.mp4", "video/mp4", { sha256: sha(bytes) });
    expect(first.headers.get("etag")).toBe(`"${sha(bytes)}"`);
    const again = await mediaFileResponse(
      get({ "if-none-match": `"${sha(bytes)}"` }),
      "serve/clip.mp4",
      "video/mp4",
      {
        sha256: sha(bytes),
      },
    );
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
  });

  it.each([
    ["bytes=10-19", 10, 19],
    ["bytes=990-", 990, 999],
    ["bytes=-5", 995, 999],
    ["bytes=900-5000", 900, 999],
    ["bytes=-5000", 0, 999],
  ])("answers %s with 206 and exactly those bytes", async (range, start, end) => {
    const response = await mediaFileResponse(get({ range }), "serve/clip.mp4", "video/mp4");
    expect(response.status).toBe(206);
    expect(response.headers.get("content-range")).toBe(`bytes ${start}-${end}/1000`);
    expect(response.headers.get("content-length")).toBe(String(end - start + 1));
    expect(await body(response)).toEqual(bytes.subarray(start, end + 1));
  });

  it.each(["bytes=1000-", "bytes=5000-6000", "bytes=-0"])("answers %s with 416", async (range) => {
    const response = await mediaFileResponse(get({ range }), "serve/clip.mp4", "video/mp4");
    expect(response.status).toBe(416);
    expect(response.headers.get("content-range")).toBe("bytes */1000");
  });

  it.each(["bytes=0-1,5-6", "items=0-5", "bytes=9-3"])(
    "ignores the unsupported range %s (full 200)",
    async (range) => {
      const response = await mediaFileResponse(get({ range }), "serve/clip.mp4", "video/mp4");
      expect(response.status).toBe(200);
      expect((await body(response)).length).toBe(1000);
    },
  );

  it("serves the full file when If-Range no longer matches", async () => {
    const response = await mediaFileResponse(
      get({ range: "bytes=0-9", "if-range": '"stale"' }),
      "serve/clip.mp4",
      "video/mp4",
    );
    expect(response.status).toBe(200);
  });

  it("answers HEAD with the headers and no body", async () => {
    const response = await mediaFileResponse(
      get({ range: "bytes=0-99" }, "HEAD"),
      "serve/clip.mp4",
      "video/mp4",
    );
    expect(response.status).toBe(206);
    expect(response.headers.get("content-length")).toBe("100");
    expect(response.body).toBeNull();
  });

  it("names downloads, including non-ASCII names", async () => {
    const response = await mediaFileResponse(get(), "serve/clip.mp4", "video/mp4", {
      downloadName: "sd_2.5 ORelay-é.mp4",
    });
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="sd_2.5 ORelay-_.mp4"; filename*=UTF-8''sd_2.5%20ORelay-%C3%A9.mp4`,
    );
  });

  it("sandboxes types that could run script", async () => {
    const response = await mediaFileResponse(get(), "serve/clip.mp4", "image/svg+xml");
    expect(response.headers.get("content-security-policy")).toContain("sandbox");
    const video = await mediaFileResponse(get(), "serve/clip.mp4", "video/mp4");
    expect(video.headers.get("content-security-policy")).toBeNull();
  });

  it("answers 404 for a missing file", async () => {
    const response = await mediaFileResponse(get(), "serve/missing.mp4", "video/mp4");
    expect(response.status).toBe(404);
    expect((await response.json()).error.code).toBe("not_found");
  });
});

describe("removeStaleTempFiles", () => {
  it("removes old temp files a crashed write left, and nothing else", async () => {
    const dir = path.join(root, "stale/t1");
    fs.mkdirSync(dir, { recursive: true });
    const old = path.join(dir, ".a.mp4.123e4567-e89b-12d3-a456-426614174000.part");
    const fresh = path.join(dir, ".b.mp4.223e4567-e89b-12d3-a456-426614174000.part");
    const final = path.join(dir, "c.mp4");
    for (const file of [old, fresh, final]) fs.writeFileSync(file, "x");
    const hourAgo = new Date(Date.now() - 3_600_000);
    fs.utimesSync(old, hourAgo, hourAgo);
    fs.utimesSync(final, hourAgo, hourAgo);
    expect(await removeStaleTempFiles("stale", 600_000)).toBe(1);
    expect(fs.readdirSync(dir).sort()).toEqual([path.basename(fresh), "c.mp4"].sort());
    expect(await removeStaleTempFiles("no-such-dir", 0)).toBe(0);
  });
});
