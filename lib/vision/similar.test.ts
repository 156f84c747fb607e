import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCAL_USER } from "../auth/local-user";
import { seedPrompts } from "../gallery/testing/seed-tasks";
import { createTempDb } from "../testing/temp-db";
import { similarItems } from "./similar";

let temp: ReturnType<typeof createTempDb>;
const shown: Record<string, [string, string[]]> = {
  origin: ["A red umbrella on a rainy street at night.", ["umbrella", "rain", "street", "night"]],
  close: ["A man with a red umbrella crosses a rainy street.", ["umbrella", "rain", "street"]],
  partial: ["Rain falls on a quiet street.", ["rain"]],
  unrelated: ["A cat sleeps on a sofa.", ["cat", "sofa"]],
};

beforeAll(async () => {
  temp = createTempDb();
  await seedPrompts(temp.db, {
    origin: "one",
    close: "two",
    partial: "three",
    unrelated: "four",
    bare: "five",
  });
  for (const [taskId, [caption, tags]] of Object.entries(shown))
    await temp.db.taskDescription.create({
      data: { taskId, status: "done", caption, tags: JSON.stringify(tags) },
    });
});
afterAll(() => temp.cleanup());

describe("Find similar", () => {
  it("ranks items by shared caption words and tags, leaving out those sharing nothing", async () => {
    const items = await similarItems(temp.db, LOCAL_USER, "origin");
    expect(items.map((i) => i.id)).toEqual(["close", "partial"]);
    expect(items[0].shared).toEqual(expect.arrayContaining(["umbrella", "rain", "street", "red", "rainy"]));
    expect(items[0].score).toBeGreaterThan(items[1].score);
  });

  it("finds nothing for an item without a description", async () => {
    expect(await similarItems(temp.db, LOCAL_USER, "bare")).toEqual([]);
  });
});
