import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCAL_USER } from "../auth/local-user";
import { createTempDb } from "../testing/temp-db";
import { listGalleryItems } from "./list";
import { seedPrompts } from "./testing/seed-tasks";

/**
 * Search by what is shown (issue 25): the same query finds words of the prompt, the caption and the
 * tags, with the same results on SQLite (FTS5) and PostgreSQL (tsvector); this file runs on both.
 */
const prompts: Record<string, string> = {
  umbrella: "a rainy street at night",
  beach: "summer holiday",
  castle: "A red dragon over a castle",
  plain: "red umbrella shop",
  undescribed: "mountain lake at dawn",
  cjk: "夜の街",
};
const shown: Record<string, { caption: string; tags: string[] }> = {
  umbrella: { caption: "A woman holds a red umbrella under neon signs.", tags: ["umbrella", "neon", "city"] },
  beach: { caption: "Children build a sandcastle by the sea.", tags: ["beach", "children", "sea"] },
  castle: { caption: "A winged creature circles a stone tower.", tags: ["fantasy", "tower"] },
  cjk: { caption: "傘をさした人", tags: ["night"] },
};

const all = Object.keys(prompts).sort();
const cases: [query: string, ids: string[]][] = [
  // Caption-only and tag-only words.
  ["umbrella", ["plain", "umbrella"]],
  ["neon", ["umbrella"]],
  ["sandcast", ["beach"]],
  ["tower", ["castle"]],
  // Terms split between prompt and caption.
  ["rainy umbrella", ["umbrella"]],
  ["dragon tower", ["castle"]],
  ['"red umbrella"', ["plain", "umbrella"]],
  ['"red umbrella" -shop', ["umbrella"]],
  // A phrase does not run from the prompt into the caption, nor from the caption into the tags.
  ['"night a woman"', []],
  ['"signs umbrella"', []],
  ['"neon signs"', ["umbrella"]],
  // An excluded word in the caption excludes the item, as in the prompt.
  ["red -umbrella", ["castle"]],
  ["-neon", all.filter((id) => id !== "umbrella")],
  ["-sea -dawn", all.filter((id) => id !== "beach" && id !== "undescribed")],
  ["street -city", []],
  // CJK substrings, in the prompt or the caption.
  ["傘", ["cjk"]],
  ["夜 -傘", []],
  ["CHILDREN", ["beach"]],
];

let temp: ReturnType<typeof createTempDb>;

beforeAll(async () => {
  temp = createTempDb();
  await seedPrompts(temp.db, prompts);
  for (const [taskId, { caption, tags }] of Object.entries(shown)) {
    await temp.db.taskDescription.create({
      data: { taskId, status: "done", caption, tags: JSON.stringify(tags) },
    });
  }
});
afterAll(() => temp.cleanup());

const search = async (q: string) => {
  const page = await listGalleryItems(temp.db, LOCAL_USER, { q, limit: 100 });
  return { ids: page.items.map((i) => i.id).sort(), total: page.total };
};

describe("search by what is shown: the same results on SQLite and PostgreSQL", () => {
  it.each(cases)("%s", async (query, ids) => {
    expect(await search(query)).toEqual({ ids: [...ids].sort(), total: ids.length });
  });

  it("follows an owner's edit and a deleted description", async () => {
    await temp.db.taskDescription.update({
      where: { taskId: "beach" },
      data: { caption: "A lighthouse on a cliff.", tags: JSON.stringify(["lighthouse"]) },
    });
    expect((await search("sandcastle")).ids).toEqual([]);
    expect((await search("lighthouse")).ids).toEqual(["beach"]);
    await temp.db.taskDescription.delete({ where: { taskId: "beach" } });
    expect((await search("lighthouse")).ids).toEqual([]);
    await temp.db.task.update({ where: { id: "castle" }, data: { prompt: "a knight" } });
    expect((await search("knight tower")).ids).toEqual(["castle"]);
    await temp.db.task.delete({ where: { id: "castle" } });
    expect((await search("tower")).ids).toEqual([]);
  });
});
