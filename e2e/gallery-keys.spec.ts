import { expect, test, type APIRequestContext } from "@playwright/test";
import { GalleryPage } from "./pages/gallery-page";
import { seedGallery, uniqueWord, type SeededItem } from "./support/seed";

// Culling from the keyboard: everything below after the page loads goes through page.keyboard.

async function review(request: APIRequestContext, id: string) {
  const response = await request.get(`/api/gallery/items/${id}`);
  expect(response.status()).toBe(200);
  const item = (await response.json()) as { rating: number | null; favorite: boolean; tags: string[] };
  return { rating: item.rating, favorite: item.favorite, tags: item.tags };
}

/** `count` items, newest first in the grid (index 0 is the newest). */
async function seedNewestFirst(word: string, count: number): Promise<SeededItem[]> {
  const now = Date.now();
  const seeded = await seedGallery(
    Array.from({ length: count }, (_, i) => ({
      prompt: `${word} frame ${i}`,
      kind: "image" as const,
      submittedAt: new Date(now - (i + 1) * 60_000),
      files: [{ kind: "image" as const }],
    })),
  );
  return seeded;
}

test("rate 10 items and favorite 3 with the keyboard only; typing in the search box never rates", async ({
  page,
  request,
}) => {
  const word = uniqueWord("keys");
  const items = await seedNewestFirst(word, 12);
  const gallery = new GalleryPage(page);
  await gallery.goto({ q: word });
  await gallery.expectCards(items.map((i) => i.id));
  const status = page.getByTestId("keys-status");
  const focused = page.locator('[data-testid="gallery-card"][data-focused]');

  // The first move focuses the first tile, visibly and for screen readers.
  await page.keyboard.press("j");
  await expect(focused).toHaveAttribute("data-item-id", items[0].id);
  await expect(gallery.card(items[0].id).getByRole("button", { name: /^Open/ })).toBeFocused();
  await expect(status).toHaveText(`Item 1 of 12 loaded: “${word} frame 0”, not rated`);

  // In the search box "1" is text, not a rating.
  await gallery.search.focus();
  await page.keyboard.press("End");
  await page.keyboard.type("1");
  await expect(gallery.search).toHaveValue(`${word}1`);
  await page.keyboard.press("Backspace");
  await expect(gallery.search).toHaveValue(word);
  await gallery.expectCards(items.map((i) => i.id));
  // Leave the field (Esc would also empty a search box: Chromium's own behaviour).
  await page.keyboard.press("Shift+Tab");
  await expect(gallery.search).not.toBeFocused();
  expect((await review(request, items[0].id)).rating).toBeNull();

  // Rate items 0–9 (1,2,3,4,5,1,2,3,4,5), favorite 0, 4 and 9; move with → and J alternately.
  const favorites = new Set([0, 4, 9]);
  await page.keyboard.press("k"); // still on the first tile (nothing before it)
  await expect(focused).toHaveAttribute("data-item-id", items[0].id);
  for (let i = 0; i < 10; i++) {
    await expect(focused).toHaveAttribute("data-item-id", items[i].id);
    await expect(focused).toBeInViewport();
    await page.keyboard.press(String((i % 5) + 1));
    if (favorites.has(i)) await page.keyboard.press("f");
    await page.keyboard.press(i % 2 ? "j" : "ArrowRight");
  }
  // Item 10: a rating and then 0 clears it again.
  await expect(focused).toHaveAttribute("data-item-id", items[10].id);
  await expect(focused).toBeInViewport();
  await page.keyboard.press("3");
  await expect(status).toHaveText(`“${word} frame 10”: rated 3 of 5`);
  await page.keyboard.press("0");
  await expect(status).toHaveText(`“${word} frame 10”: rating cleared`);

  // ↑ and ↓ move by a grid row.
  const columns = Number(await gallery.grid.getAttribute("data-columns"));
  await page.keyboard.press("ArrowUp");
  await expect(focused).toHaveAttribute("data-item-id", items[Math.max(0, 10 - columns)].id);
  await expect(focused).toBeInViewport();
  await page.keyboard.press("ArrowDown");
  await expect(focused).toHaveAttribute("data-item-id", items[10].id);

  // Stored: the API answers with what the keys set (polled: each key press saves on its own).
  for (let i = 0; i < 12; i++) {
    await expect
      .poll(() => review(request, items[i].id), { message: `review of item ${i}` })
      .toEqual({ rating: i < 10 ? (i % 5) + 1 : null, favorite: favorites.has(i), tags: [] });
  }
  // And on the page, after a reload.
  await page.reload();
  await gallery.expectCards(items.map((i) => i.id));
  await expect(page.getByTestId("favorite-mark")).toHaveCount(3);
  await expect(gallery.card(items[4].id).getByLabel("Rated 5 of 5")).toBeVisible();
  await expect(gallery.card(items[9].id).getByTestId("favorite-mark")).toBeVisible();
});

test("the item view: open, rate, tag, compare, help, and delete after asking — from the keyboard", async ({
  page,
  request,
}) => {
  const word = uniqueWord("keysitem");
  const items = await seedNewestFirst(word, 4);
  const gallery = new GalleryPage(page);
  await gallery.goto({ q: word });
  await gallery.expectCards(items.map((i) => i.id));
  // The bulk bar has a confirmation of its own: the one that is open.
  const confirm = page.locator('dialog[open][data-testid="confirm-dialog"]');

  // C marks tiles for compare (the bulk selection).
  await page.keyboard.press("j");
  await page.keyboard.press("c");
  await page.keyboard.press("j");
  await page.keyboard.press("c");
  await expect(page.getByTestId("selected-count")).toHaveText("2 selected");
  await expect(page.getByTestId("keys-status")).toContainText("Marked for compare: 2 selected");
  await page.keyboard.press("c"); // unmark
  await expect(page.getByTestId("selected-count")).toHaveText("1 selected");

  // Enter opens the focused tile; keys then act on the open item.
  await page.keyboard.press("Enter");
  await expect(gallery.detail).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`item=${items[1].id}`));
  await expect(gallery.detail.getByTestId("detail-prompt")).toHaveText(`${word} frame 1`);
  await page.keyboard.press("4");
  await expect(gallery.detail.getByTestId("rating")).toContainText("4/5");
  await page.keyboard.press("f");
  await expect(gallery.detail.getByTestId("favorite-toggle")).toHaveAttribute("aria-pressed", "true");

  // T focuses the tags input; letters typed there are text (no "f" favorite toggle).
  const tag = uniqueWord("tag");
  await page.keyboard.press("t");
  await expect(gallery.detail.getByTestId("tag-input")).toBeFocused();
  await page.keyboard.type(`${tag}f`);
  await page.keyboard.press("Enter");
  await expect(gallery.detail.getByTestId("tag-chip")).toHaveText([`${tag}f`]);
  await expect
    .poll(() => review(request, items[1].id))
    .toEqual({ rating: 4, favorite: true, tags: [`${tag}f`] });

  // J moves to the next item in the view; Esc leaves the field, then closes the view.
  await page.keyboard.press("Escape");
  await page.keyboard.press("j");
  await expect(page).toHaveURL(new RegExp(`item=${items[2].id}`));
  await page.keyboard.press("Escape");
  await expect(gallery.detail).toBeHidden();
  // Back in the grid on the item last seen.
  await expect(page.locator('[data-testid="gallery-card"][data-focused]')).toHaveAttribute(
    "data-item-id",
    items[2].id,
  );

  // ? lists the keys; Esc closes the list.
  await page.keyboard.press("?");
  await expect(page.getByTestId("keys-help")).toBeVisible();
  await expect(page.getByTestId("keys-help")).toContainText("Clear the rating");
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("keys-help")).toBeHidden();

  // Delete asks first: Esc (Cancel) keeps the item, confirming deletes it.
  await page.keyboard.press("Delete");
  await expect(confirm).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(confirm).toBeHidden();
  expect((await request.get(`/api/gallery/items/${items[2].id}`)).status()).toBe(200);
  await page.keyboard.press("Delete");
  await expect(confirm).toBeVisible();
  // The dialog focuses Cancel once it has opened; Tab before that would land elsewhere.
  await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Tab"); // from Cancel to Delete
  await page.keyboard.press("Enter");
  await expect(confirm).toBeHidden();
  await gallery.expectCards([items[0].id, items[1].id, items[3].id]);
  expect((await request.get(`/api/gallery/items/${items[2].id}`)).status()).toBe(404);
  // The next item takes the focus.
  await expect(page.locator('[data-testid="gallery-card"][data-focused]')).toHaveAttribute(
    "data-item-id",
    items[3].id,
  );
});
