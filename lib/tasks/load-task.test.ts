import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTempDb } from "../testing/temp-db";
import { loadTask } from "./load-task";

let temp: ReturnType<typeof createTempDb>;
const url = "https://files.example.com/out/a.mp4";

beforeAll(async () => {
  temp = createTempDb();
  await temp.db.task.create({
    data: {
      id: "with-media",
      model: "m",
      kind: "video",
      status: "completed",
      progress: 100,
      request: "{}",
      upstreamUrls: JSON.stringify({ result_url: url }),
      finishedAt: new Date("2026-01-02T03:04:05.678Z"),
      favorite: true,
      rating: 4,
      mediaState: "stored",
    },
  });
  const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s));
  await temp.db.media.createMany({
    data: [
      {
        id: "m-extra",
        taskId: "with-media",
        role: "extra",
        fields: "x",
        sourceUrl: `${url}?x`,
        createdAt: at(1),
      },
      {
        id: "m-result",
        taskId: "with-media",
        role: "result",
        fields: "result_url,video_url",
        sourceUrl: url,
        status: "stored",
        path: "a/b.mp4",
        size: 1234,
        durationSec: 5.5,
        width: 1280,
        height: 720,
        storedAt: at(9),
        createdAt: at(2),
      },
      {
        id: "m-frame",
        taskId: "with-media",
        role: "last_frame",
        fields: "last_frame_url",
        sourceUrl: `${url}?f`,
        createdAt: at(3),
      },
    ],
  });
  await temp.db.task.create({
    data: { id: "bare", model: "m", kind: "image", status: "queued", request: "{}" },
  });
});
afterAll(() => temp.cleanup());

describe("loadTask", () => {
  it("reads the task and its media exactly as Prisma's include does, results first", async () => {
    const task = await loadTask(temp.db, "with-media");
    const prisma = await temp.db.task.findUnique({ where: { id: "with-media" }, include: { media: true } });
    const { media, ...columns } = task!;
    const { media: prismaMedia, ...prismaColumns } = prisma!;
    expect(columns).toStrictEqual(prismaColumns);
    expect(media.map((m) => m.id)).toEqual(["m-result", "m-frame", "m-extra"]);
    for (const m of media) expect(m).toStrictEqual(prismaMedia.find((p) => p.id === m.id));
    expect(media[0].storedAt).toBeInstanceOf(Date);
    expect(columns.favorite).toBe(true);
  });

  it("a task without media has an empty list; an unknown id is null", async () => {
    const bare = await loadTask(temp.db, "bare");
    expect(bare).toMatchObject({ id: "bare", status: "queued", media: [] });
    expect(await loadTask(temp.db, "nobody")).toBeNull();
  });
});
