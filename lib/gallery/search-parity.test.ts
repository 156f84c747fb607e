import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCAL_USER } from "../auth/local-user";
import { createTempDb } from "../testing/temp-db";
import { listGalleryItems } from "./list";
import { foldLatinDiacritics } from "./prompt-search-sql";
import { seedTasks } from "./testing/seed-tasks";

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
  await seedTasks(
    temp.db,
    Object.entries(prompts).map(([id, prompt], i) => ({
      id,
      prompt,
      submittedAt: new Date(Date.UTC(2026, 0, 1 + i)),
    })),
  );
});
afterAll(() => temp.cleanup());

const search = async (q: string) =>
  (await listGalleryItems(temp.db, LOCAL_USER, { q, limit: 100 })).items.map((i) => i.id).sort();

describe("prompt search: the same results on SQLite and PostgreSQL", () => {
  it.each(cases)("%s", async (query, ids) => {
    expect(await search(query)).toEqual([...ids].sort());
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
