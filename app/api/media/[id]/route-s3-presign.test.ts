/**
 * GET /api/media/:id with MEDIA_STORE=s3 and S3_PRESIGNED_REDIRECT: the route answers a redirect
 * to a short-lived URL of the bucket, which serves the bytes (ranges included) itself.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3Server, type S3TestServer } from "@/lib/storage/testing/s3-server";
import { setEnv } from "@/lib/testing/env-vars";
import { createTempDb } from "@/lib/testing/temp-db";
import { seedTask } from "@/lib/tasks/testing/task-fixtures";

type Handler = (request: Request, context: { params: Promise<{ id: string }> }) => Promise<Response>;

const bytes = Uint8Array.from({ length: 50_000 }, (_, i) => (i * 13) % 251);
let s3: S3TestServer;
let temp: ReturnType<typeof createTempDb>;
let restoreEnv: () => void;
let GET: Handler;

beforeAll(async () => {
  s3 = await startS3Server();
  temp = createTempDb();
  restoreEnv = setEnv({ ...s3.env, S3_PRESIGNED_REDIRECT: "120", DATABASE_URL: temp.url, TRACKER: "0" });
  const { writeMediaFile } = await import("@/lib/storage/files");
  await writeMediaFile("tasks/t-1/clip.mp4", new Response(bytes).body!);
  await seedTask(temp.db, { id: "t-1", status: "completed", mediaState: "stored" });
  for (const [id, path] of [
    ["m-1", "tasks/t-1/clip.mp4"],
    ["m-gone", "tasks/t-1/gone.mp4"],
  ]) {
    await temp.db.media.create({
      data: {
        id,
        taskId: "t-1",
        role: "result",
        fields: "result_url",
        sourceUrl: `https://cdn.example.com/${id}.mp4`,
        status: "stored",
        path,
        contentType: "video/mp4",
        size: bytes.length,
        sha256: "ab".repeat(32),
      },
    });
  }
  ({ GET } = (await import("./route")) as unknown as { GET: Handler });
});
afterAll(async () => {
  restoreEnv();
  await temp.cleanup();
  await s3.close();
});

const get = (id: string, headers: Record<string, string> = {}) =>
  GET(new Request(`http://127.0.0.1:3000/api/media/${id}`, { headers }), { params: Promise.resolve({ id }) });

describe("GET /api/media/:id from S3 (presigned redirect)", () => {
  it("redirects to a presigned URL that serves the bytes and ranges", async () => {
    const response = await get("m-1");
    expect(response.status).toBe(307);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const location = new URL(response.headers.get("location")!);
    expect(location.origin).toBe(s3.endpoint);
    expect(location.searchParams.get("X-Amz-Expires")).toBe("120");
    expect(location.searchParams.get("response-content-type")).toBe("video/mp4");

    const whole = await fetch(location);
    expect(whole.status).toBe(200);
    expect(new Uint8Array(await whole.arrayBuffer())).toEqual(bytes);
    const range = await fetch(location, { headers: { Range: "bytes=100-199" } });
    expect(range.status).toBe(206);
    expect(new Uint8Array(await range.arrayBuffer())).toEqual(bytes.subarray(100, 200));
  });

  it("still answers 304 for a matching ETag and 404 for a missing object, without redirecting", async () => {
    expect((await get("m-1", { "if-none-match": `"${"ab".repeat(32)}"` })).status).toBe(304);
    const gone = await get("m-gone");
    expect(gone.status).toBe(404);
    expect(((await gone.json()) as { error: { code: string } }).error.code).toBe("not_found");
  });
});
