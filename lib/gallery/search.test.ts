import { LOCAL_USER } from "../auth/local-user";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTempDb } from "../testing/temp-db";
import { listGalleryItems } from "./list";
import { fts5Query, tsQuery } from "./prompt-search-sql";
import { parsePromptSearch } from "./search";
import { seedPrompts } from "./testing/seed-tasks";

let temp: ReturnType<typeof createTempDb>;

beforeAll(async () => {
  temp = createTempDb();
  const prompts = {
    dragon: "A dragon flying over snowy mountains",
    car: "A red car racing at night",
    scifi: "Sci-fi city skyline at dusk",
    cafe: "Café terrace in the rain",
    cat: "一只猫在跳舞",
    quote: 'He said "hello" to the dragon',
    mixed: "東京 night walk",
    colon: "ratio 16:9 title: sunrise",
  };
  await seedPrompts(temp.db, prompts);
});
afterAll(() => temp.cleanup());

const search = async (q: string) =>
  (await listGalleryItems(temp.db, LOCAL_USER, { q })).items.map((i) => i.id).sort();

describe("prompt search", () => {
  it("matches word prefixes, all words required", async () => {
    expect(await search("drag")).toEqual(["dragon", "quote"]);
    expect(await search("dragon snow")).toEqual(["dragon"]);
    expect(await search("NIGHT")).toEqual(["car", "mixed"]);
  });

  it("matches an exact phrase in double quotes, and excludes -words", async () => {
    expect(await search('"red car"')).toEqual(["car"]);
    expect(await search('"car red"')).toEqual([]);
    expect(await search("dragon -snowy")).toEqual(["quote"]);
    expect(await search('-"red car" night')).toEqual(["mixed"]);
  });

  it("ignores accents", async () => {
    expect(await search("cafe")).toEqual(["cafe"]);
    expect(await search("CAFÉ")).toEqual(["cafe"]);
  });

  it("treats FTS syntax in user input as plain text", async () => {
    expect(await search("sci-fi")).toEqual(["scifi"]);
    expect(await search('"hello')).toEqual(["quote"]);
    expect(await search('said "hello" to')).toEqual(["quote"]);
    expect(await search("16:9")).toEqual(["colon"]);
    expect(await search("title:")).toEqual(["colon"]);
    for (const odd of [
      "AND",
      "OR dragon",
      "NEAR(a b)",
      "dragon*",
      "^dragon",
      "(dragon",
      "'dragon'",
      "a + b",
    ]) {
      await expect(search(odd), odd).resolves.toBeInstanceOf(Array);
    }
    expect(await search("dragon*")).toEqual(["dragon", "quote"]);
  });

  it("ignores input with nothing to search for", async () => {
    const all = (await search("")).length;
    expect(all).toBe(8);
    for (const nothing of ['"', "-", "--", "*", '""', "   ", "- -"])
      expect(await search(nothing)).toHaveLength(all);
  });

  it("finds CJK text by substring, alone or mixed with words", async () => {
    expect(await search("猫")).toEqual(["cat"]);
    expect(await search("跳舞")).toEqual(["cat"]);
    expect(await search("東京 walk")).toEqual(["mixed"]);
    expect(await search("night -東京")).toEqual(["car"]);
    expect(await search("犬")).toEqual([]);
  });
});

describe("parsePromptSearch", () => {
  it("splits words, phrases, exclusions and CJK terms", () => {
    expect(parsePromptSearch('a"b -c "d e" 猫 -"東京"')).toEqual({
      include: [
        { text: 'a"b', phrase: false },
        { text: "d e", phrase: true },
      ],
      exclude: [{ text: "c", phrase: false }],
      contains: ["猫"],
      notContains: ["東京"],
    });
    expect(parsePromptSearch("  ")).toBeNull();
  });
});

describe("the search queries", () => {
  const terms = [
    { text: 'a"b', phrase: false },
    { text: "Crème brûlée", phrase: true },
  ];

  it("quotes every FTS5 term and doubles embedded quotes", () => {
    expect(fts5Query(terms, " ")).toBe('"a""b"* "Crème brûlée"');
  });

  it("writes tsquery lexemes folded like the index, words joined by <->, prefix on a word's last", () => {
    expect(tsQuery(terms, "&")).toBe("('a' <-> 'b':*) & ('creme' <-> 'brulee')");
    expect(tsQuery([{ text: "3.5-ÉTÉ's", phrase: false }], "|")).toBe("('3' <-> '5' <-> 'ete' <-> 's':*)");
  });
});
