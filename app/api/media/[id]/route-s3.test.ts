/**
 * GET /api/media/:id with MEDIA_STORE=s3, through the real route handler: proxied from the bucket
 * with Range (206, Content-Range, If-Range) as MEDIA_DIR serves it. Files are put in the bucket by
 * the store itself; the row is what the download path would have written.
 */
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3Server, type S3TestServer } from "@/lib/storage/testing/s3-server";
import { setEnv } from "@/lib/testing/env-vars";
import { createTempDb } from "@/lib/testing/temp-db";
import { seedTask } from "@/lib/tasks/testing/task-fixtures";

type Handler = (request: Request, context: { params: Promise<{ id: string }> }) => Promise<Response>;

const bytes = Uint8Array.from({ length: 100_000 }, (_, i) => (i * 7) % 251);
const sha256 = createHash("sha256").update(bytes).digest("hex");
let s3: S3TestServer;
let temp: ReturnType<typeof createTempDb>;
let restoreEnv: () => void;
let GET: Handler;
let mediaId: string;

beforeAll(async () => {
  s3 = await startS3Server();
  temp = createTempDb();
  restoreEnv = setEnv({ ...s3.env, DATABASE_URL: temp.url, TRACKER: "0" });
  const { writeMediaFile } = await import("@/lib/storage/files");
  await writeMediaFile("tasks/t-1/clip.mp4", new Response(bytes).body!);
  await seedTask(temp.db, { id: "t-1", status: "completed", mediaState: "stored" });
  const media = await temp.db.media.create({
    data: {
      taskId: "t-1",
      role: "result",
      fields: "result_url",
      sourceUrl: "https://cdn.example.com/clip.mp4",
      status: "stored",
      path: "tasks/t-1/clip.mp4",
      contentType: "video/mp4",
      size: bytes.length,
      sha256,
    },
  });
  mediaId = media.id;
  ({ GET } = (await import("./route")) as unknown as { GET: Handler });
});
afterAll(async () => {
  restoreEnv();
  await temp.cleanup();
  await s3.close();
});

const get = (headers: Record<string, string> = {}) =>
  GET(new Request(`http://127.0.0.1:3000/api/media/${mediaId}`, { headers }), {
    params: Promise.resolve({ id: mediaId }),
  });

describe("GET /api/media/:id from S3 (proxied)", () => {
  it("serves the whole file with its sha256 as ETag", async () => {
    const response = await get();
    expect(response.status).toBe(200);
    expect(response.headers.get("etag")).toBe(`"${sha256}"`);
    expect(response.headers.get("content-length")).toBe(String(bytes.length));
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes);
  });

  it("answers a range with 206, Content-Range and exactly those bytes", async () => {
    const response = await get({ range: "bytes=1000-1999", "if-range": `"${sha256}"` });
    expect(response.status).toBe(206);
    expect(response.headers.get("content-range")).toBe(`bytes 1000-1999/${bytes.length}`);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes.subarray(1000, 2000));
  });

  it("serves the whole file when If-Range no longer matches, and 416 past the end", async () => {
    expect((await get({ range: "bytes=0-9", "if-range": '"stale"' })).status).toBe(200);
    const past = await get({ range: `bytes=${bytes.length}-` });
    expect(past.status).toBe(416);
    expect(past.headers.get("content-range")).toBe(`bytes */${bytes.length}`);
  });
});
