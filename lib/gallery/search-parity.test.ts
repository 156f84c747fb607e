import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCAL_USER } from "../auth/local-user";
import { createTempDb } from "../testing/temp-db";
import type { GalleryFilters } from "./filters";
import { listGalleryItems } from "./list";
import { choosePagePlan, foldLatinDiacritics } from "./prompt-search-sql";
import { parsePromptSearch } from "./search";
import { seedPrompts } from "./testing/seed-tasks";

/**
 * The prompt search gives the same results on SQLite (FTS5) and PostgreSQL (tsquery on the GIN
 * index): this file runs on both (npm test), with one table of expected ids.
 */
const prompts: Record<string, string> = {
  dragon: "A red dragon flying over snowy mountains",
  dragonfly: "dragonfly over a pond",
  cafe: "Café crème on a rainy terrace",
  scifi: "sci-fi city skyline at dusk",
  dog: "the dog's bone in the garden",
  version: "model 3.5 render, 35mm film",
  url: "reference https://example.com/images/cat.png style",
  catalog: "Catalog of cats",
  cjk: "一只猫在跳舞",
  neon: "NEON Street at NIGHT",
  nordic: "Søren's smørrebrød",
  greek: "ΑΘΗΝΑ at dawn",
};
const all = Object.keys(prompts).sort();
const except = (...ids: string[]) => all.filter((id) => !ids.includes(id));

const cases: [query: string, ids: string[]][] = [
  ["dragon", ["dragon", "dragonfly"]],
  ["Dragon -fly", ["dragonfly"]],
  ["-dragon", except("dragon", "dragonfly")],
  ['"red dragon"', ["dragon"]],
  ['"dragon red"', []],
  ['"red dragon" -snowy', []],
  ["cafe", ["cafe"]],
  ["CAFÉ CRÈME", ["cafe"]],
  ["creme", ["cafe"]],
  ["sci-fi", ["scifi"]],
  ["sci fi", ["scifi"]],
  ['"fi city"', ["scifi"]],
  ["scifi", []],
  ["dog's", ["dog"]],
  ["dog", ["dog"]],
  ["dogs", []],
  ['"dog s bone"', ["dog"]],
  ["3.5", ["version"]],
  ['"3.5"', ["version"]],
  ["35", ["version"]],
  ['"35"', []],
  ["example.com", ["url"]],
  ["https://example.com/images", ["url"]],
  ["cat", ["catalog", "url"]],
  ['"cat"', ["url"]],
  ["cat.png", ["url"]],
  ["-cat", except("catalog", "url")],
  ["猫", ["cjk"]],
  ["跳舞 -猫", []],
  ["neon street", ["neon"]],
  ['"street at night"', ["neon"]],
  ["NiGhT", ["neon"]],
  ["smørrebrød", ["nordic"]],
  ["smorrebrod", []],
  ["αθηνα", ["greek"]],
  ["***", all],
  ['"', all],
  ["dragon AND snowy", []],
  ["NEAR(dragon", []],
  ["(dragon) 'red'", ["dragon"]],
  ["over -pond", ["dragon"]],
  // Several included and several excluded terms in one query.
  ["over dragon -pond -snowy", []],
  ["over dragon -pond -city", ["dragon"]],
  ['over "red dragon" -pond -"snowy mountains"', []],
  ["at -night -dusk", ["greek"]],
];

let temp: ReturnType<typeof createTempDb>;

beforeAll(async () => {
  temp = createTempDb();
  await seedPrompts(temp.db, prompts);
});
afterAll(() => temp.cleanup());

const search = async (q: string) => {
  const page = await listGalleryItems(temp.db, LOCAL_USER, { q, limit: 100 });
  return { ids: page.items.map((i) => i.id).sort(), total: page.total };
};

describe("prompt search: the same results on SQLite and PostgreSQL", () => {
  it.each(cases)("%s", async (query, ids) => {
    expect(await search(query)).toEqual({ ids: [...ids].sort(), total: ids.length });
  });
});

describe("a search that matches most of a larger library", () => {
  // 600 tasks, newest first by number: two in three about dragons, one in five of those also
  // watercolor, every fourth a favorite. Enough matches that PostgreSQL's pages walk the gallery order.
  let large: ReturnType<typeof createTempDb>;
  const tasks = Array.from({ length: 600 }, (_, i) => ({
    id: `large-${String(i).padStart(3, "0")}`,
    prompt: i % 3 ? `dragon number ${i}${i % 5 ? "" : " watercolor"}` : `cat number ${i}`,
    favorite: i % 4 === 0,
    submittedAt: new Date(Date.UTC(2026, 0, 1) - i * 60_000),
  }));
  beforeAll(async () => {
    large = createTempDb();
    await large.db.task.createMany({
      data: tasks.map((t) => ({
        ...t,
        model: "sd_2.5_ORelay",
        kind: "video",
        status: "completed",
        request: JSON.stringify({ model: "sd_2.5_ORelay", prompt: t.prompt }),
      })),
    });
    // Statistics as autovacuum would keep them: the plan depends on the table's size.
    await large.db.$executeRawUnsafe(`ANALYZE "Task"`);
  });
  afterAll(() => large.cleanup());

  async function everyPage(filters: GalleryFilters) {
    const ids: string[] = [];
    let total: number | null = null;
    let cursor: string | undefined;
    do {
      const page = await listGalleryItems(large.db, LOCAL_USER, { ...filters, limit: 50, cursor });
      total ??= page.total;
      ids.push(...page.items.map((i) => i.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    return { ids, total };
  }

  it.each([
    ["dragon", {}, (i: number) => i % 3 !== 0],
    ["dragon -watercolor", {}, (i: number) => i % 3 !== 0 && i % 5 !== 0],
    ['"dragon number" -cat', { favorite: true }, (i: number) => i % 3 !== 0 && i % 4 === 0],
  ] as const)("%s %o: every match once, newest first, and the right total", async (q, filters, matches) => {
    const expected = tasks.filter((_, i) => matches(i)).map((t) => t.id);
    expect(await everyPage({ q, ...filters })).toEqual({ ids: expected, total: expected.length });
  });

  it("walks the gallery order for a common word, looks a rare one up", async () => {
    expect(await choosePagePlan(large.db, parsePromptSearch("dragon")!, 51)).toBe("walk");
    expect(await choosePagePlan(large.db, parsePromptSearch("cat number 3")!, 51)).toBe("lookup");
  });
});

describe("diacritic folding", () => {
  it("folds exactly the letters studio_search_text's translate() table folds", () => {
    const migration = fs.readFileSync(
      path.resolve(
        import.meta.dirname,
        "../../prisma/postgresql/migrations/20261123180100_prompt_search/migration.sql",
      ),
      "utf8",
    );
    const [, from, to] = /translate\(lower\(prompt\), '([^']+)', '([^']+)'\)/.exec(migration)!;
    const table = new Map([...from].map((letter, i) => [letter, [...to][i]]));
    expect(table.size).toBeGreaterThan(400);
    for (const [letter, folded] of table)
      expect(foldLatinDiacritics(letter.toLowerCase()), letter).toBe(folded);
    // Letters of other scripts and Latin letters without a decomposition stay as they are.
    expect(foldLatinDiacritics("øłđßйά")).toBe("øłđßйά");
  });
});
