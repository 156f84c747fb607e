/**
 * Continue from here over HTTP with accounts on: the owner gets the last frame as a signed studio
 * URL that answers, without a session, the exact PNG stored; a stranger gets 404.
 */
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInUser } from "@/lib/auth/testing/auth-testbed";
import {
  apiTestDb,
  type ApiTestDb,
  type RouteHandler as Handler,
  type SignedIn as Who,
} from "@/lib/testing/api-test-db";
import { makeClip } from "@/lib/video/testing/clips";

const origin = "http://127.0.0.1:3000";
let temp: ApiTestDb;
let ada: Who;
let bob: Who;
let post: Handler;
let media: Handler;

beforeAll(async () => {
  temp = apiTestDb({
    AUTH_SECRET: "last-frame-test-secret-0123456789abcdef",
  });
  ada = await signedInUser("ada@example.com", "member");
  bob = await signedInUser("bob@example.com", "member");
  post = (await import("./route")).POST as Handler;
  media = (await import("@/app/api/media/[id]/route")).GET as Handler;
  await temp.db.task.create({
    data: {
      id: "clip",
      userId: ada.id,
      model: "sd_2.5_ORelay",
      kind: "video",
      status: "completed",
      request: "{}",
    },
  });
  await makeClip(path.join(temp.dir, "media/tasks/clip/result.mp4"), {
    width: 160,
    height: 90,
    fps: 25,
    seconds: 1,
    color: "red",
    lastColor: "blue",
  });
  await temp.db.media.create({
    data: {
      taskId: "clip",
      role: "result",
      fields: "result_url",
      sourceUrl: "https://upstream.example/clip.mp4",
      status: "stored",
      path: "tasks/clip/result.mp4",
      contentType: "video/mp4",
    },
  });
});

afterAll(async () => {
  await temp?.close();
});

const lastFrame = (who: Who, id: string) =>
  post(
    new Request(`${origin}/api/gallery/items/${id}/last-frame?origin=${encodeURIComponent(origin)}`, {
      method: "POST",
      headers: who.headers,
    }),
    { params: Promise.resolve({ id }) },
  );

describe("POST /api/gallery/items/[id]/last-frame", () => {
  it("answers the owner a signed URL whose bytes are the stored last frame", async () => {
    const response = await lastFrame(ada, "clip");
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      url: string;
      path: string;
      width: number;
      height: number;
      mediaId: string;
    };
    expect(body).toMatchObject({ width: 160, height: 90, source: "studio" });
    expect(body.url).toMatch(new RegExp(`^${origin}/api/media/${body.mediaId}\\?expires=\\d+&signature=`));

    // The upstream has no session: the signed link alone serves the file.
    const served = await media(new Request(body.url), { params: Promise.resolve({ id: body.mediaId }) });
    expect(served.status).toBe(200);
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.equals(fs.readFileSync(path.join(temp.dir, "media", body.path)))).toBe(true);
    const { data } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
    expect([data[0] < 40, data[1] < 40, data[2] > 200]).toEqual([true, true, true]);
  });

  it("answers another user 404, as for any item of someone else", async () => {
    const response = await lastFrame(bob, "clip");
    expect(response.status).toBe(404);
  });
});
