import { expect, test, type Page } from "@playwright/test";
import { GalleryPage } from "./pages/gallery-page";
import { e2eDb, seedScaleGallery, type ScaleSeed } from "./support/seed";

/**
 * The requirement: "it must stay smooth with 20,000 items in the database". The items are seeded
 * into the e2e server's database under a word of their own and older than anything the other
 * specs create, so those (which search for their own words, or read the newest tasks) are not
 * affected; nothing is cleaned up because every e2e run starts from a fresh database.
 */
const COUNT = 20_000;
/** Tiles in the DOM at any scroll position: a few screens' worth, never the loaded thousands. */
const MAX_CARDS = 150;
/** Pages (60 items each) loaded by scrolling before looking deep into the list. */
const PAGES = 40;

// One seed for the whole file: its tests run in order, in one worker.
test.describe.configure({ mode: "serial" });

let seed: ScaleSeed;
/** The seeded items in the order the gallery must show them: newest first, id as tie-break. */
let expected: { id: string; prompt: string }[];
const position = new Map<string, number>();

test.beforeAll(async () => {
  seed = seedScaleGallery(COUNT);
  expected = await e2eDb().task.findMany({
    where: { id: { startsWith: seed.idPrefix } },
    orderBy: [{ submittedAt: "desc" }, { id: "desc" }],
    select: { id: true, prompt: true },
  });
  expect(expected).toHaveLength(COUNT);
  expected.forEach((item, i) => position.set(item.id, i));
});

/** The tiles in the DOM, in grid order, with the prompt each one shows. */
function tiles(gallery: GalleryPage) {
  return gallery.cards.evaluateAll((cards) =>
    cards.map((card) => ({
      id: card.getAttribute("data-item-id") ?? "",
      prompt: card.querySelector("p[title]")?.getAttribute("title") ?? "",
    })),
  );
}

/**
 * The tiles on screen are one unbroken run of the seeded items in gallery order, each showing its
 * own prompt; returns where the run starts in the seeded list.
 */
async function expectSeededRun(gallery: GalleryPage): Promise<number> {
  const shown = await tiles(gallery);
  expect(shown.length).toBeGreaterThan(0);
  expect(shown.length).toBeLessThan(MAX_CARDS);
  const start = position.get(shown[0].id);
  expect(start, `${shown[0].id} is a seeded item`).toBeDefined();
  expect(shown).toEqual(expected.slice(start!, start! + shown.length));
  // The prompt's own number agrees: the tile at position p shows item p (ties swap neighbours).
  const number = Number(/ item (\d+) /.exec(shown[0].prompt)?.[1]);
  expect(Math.abs(number - start!)).toBeLessThanOrEqual(1);
  return start!;
}

/** The filter bar shows an estimate past the count's bound ("about 19,000 items"), never a bare number. */
async function expectEstimate(gallery: GalleryPage, words: string) {
  await expect(gallery.total).toHaveText(new RegExp(`^about [\\d,]+ ${words}$`));
  const shown = Number((await gallery.total.textContent())!.replace(/\D/g, ""));
  expect(shown).toBeGreaterThan(10_000);
  expect(shown).toBeLessThan(40_000);
}

const scrollHeight = (page: Page) => page.evaluate(() => document.documentElement.scrollHeight);

test("20,000 items: the grid keeps a bounded number of tiles and shows the right ones deep down", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const gallery = new GalleryPage(page);
  const pages: string[] = [];
  page.on("response", (response) => {
    if (/\/api\/gallery\?/.test(response.url())) pages.push(response.url());
  });
  await gallery.goto();
  // At least the seeded 20,000: past the count's bound (10,000) the total is an estimate, and says so.
  await expectEstimate(gallery, "items");
  await expect(gallery.cards.first()).toBeVisible();
  expect(await gallery.cards.count()).toBeLessThan(MAX_CARDS);

  // Scroll to the end of what is loaded, again and again: each time the next page comes by cursor.
  for (let loaded = 1; loaded <= PAGES; loaded++) {
    const height = await scrollHeight(page);
    const next = page.waitForResponse(
      (r) => /\/api\/gallery\?.*cursor=/.test(r.url()) && r.request().method() === "GET",
    );
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    expect((await next).ok()).toBe(true);
    await expect.poll(() => scrollHeight(page)).toBeGreaterThan(height);
  }
  // The grid keeps up to two pages ahead of the screen, so it has asked for more than one page per
  // scroll to the end: once those have arrived (the page stops growing), what is loaded is the first
  // page and every cursor page asked for.
  await expect
    .poll(async () => {
      const before = await scrollHeight(page);
      await page.waitForTimeout(500);
      return (await scrollHeight(page)) === before;
    })
    .toBe(true);
  const cursorPages = new Set(pages.filter((url) => url.includes("cursor="))).size;
  expect(cursorPages).toBeGreaterThanOrEqual(PAGES);
  const loadedItems = (cursorPages + 1) * 60;

  // At the bottom, past 2,400 items: still a few screens of tiles, and the right ones.
  const bottom = await expectSeededRun(gallery);
  expect(bottom).toBeGreaterThan(PAGES * 60 - 200);

  // Back to the middle of the document: the tiles there are the middle of the loaded items.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
  await expect
    .poll(async () => position.get((await tiles(gallery))[0]?.id ?? "") ?? -1)
    .toBeLessThan(bottom - 600);
  const middle = await expectSeededRun(gallery);
  expect(middle).toBeGreaterThan(loadedItems / 4);
  expect(middle).toBeLessThan((loadedItems * 3) / 4);
  await expect(gallery.card(expected[middle].id)).toContainText(expected[middle].prompt);
});

test("filters over 20,000 items narrow the count and the grid", async ({ page }) => {
  const gallery = new GalleryPage(page);
  await gallery.goto({ q: seed.label });
  // 20,000 match: past the bound, the count says "about".
  await expectEstimate(gallery, "items match");
  await expectSeededRun(gallery);

  const dragons = expected.filter((item) => / dragon /.test(item.prompt));
  expect(dragons.length).toBeGreaterThan(0);
  await gallery.searchFor(`${seed.label} dragon`);
  await expect(gallery.total).toHaveText(`${dragons.length.toLocaleString("en-US")} items match`);
  await expect
    .poll(async () => (await tiles(gallery)).slice(0, 10).map((t) => t.id))
    .toEqual(dragons.slice(0, 10).map((t) => t.id));
  for (const tile of await tiles(gallery)) expect(tile.prompt).toContain(" dragon ");

  await gallery.searchFor(`${seed.label} dragon -cinematic`);
  const notCinematic = dragons.filter((item) => !item.prompt.includes("cinematic"));
  await expect(gallery.total).toHaveText(`${notCinematic.length.toLocaleString("en-US")} items match`);
  expect(notCinematic.length).toBeLessThan(dragons.length);
});
