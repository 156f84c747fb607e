import { expect, test, type Locator, type Page } from "@playwright/test";
import { ChatPage } from "./pages/chat-page";
import { GalleryPage } from "./pages/gallery-page";
import { StudioPage } from "./pages/studio-page";
import { seedGallery, uniqueWord } from "./support/seed";

// Issue 27: the studio on a phone (390 × 844, touch): the header's menu, a studio submit, a gallery
// review (filters in a sheet, rate, favorite, open the detail view, swipe between items) and a chat
// exchange, with nothing wider than the screen and every control at least 44 px.

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

/** Nothing scrolls sideways: the page is no wider than the screen. */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

/** Every visible button (and select, and text field) inside `scope` is at least 44 px tall and wide. */
async function expectTouchTargets(scope: Locator) {
  const small = await scope.evaluate((root) =>
    [...root.querySelectorAll<HTMLElement>("button, select, [role=button], [role=tab]")]
      .filter((el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden")
      .map((el) => ({ el, box: el.getBoundingClientRect() }))
      .filter(({ box }) => box.height < 43.5 || box.width < 43.5)
      .map(
        ({ el, box }) => `${el.outerHTML.slice(0, 90)} ${Math.round(box.width)}×${Math.round(box.height)}`,
      ),
  );
  expect(small, "controls smaller than 44 × 44 px").toEqual([]);
}

/**
 * A one-finger swipe across `target` (CDP touch events, as a phone's screen sends them), stamped
 * 150 ms from start to end whatever the machine's load, so that it always reads as a flick.
 */
async function swipe(page: Page, target: Locator, direction: "left" | "right") {
  const box = (await target.boundingBox())!;
  const y = box.y + box.height * 0.4;
  const [from, to] = direction === "left" ? [0.8, 0.2] : [0.2, 0.8];
  const cdp = await page.context().newCDPSession(page);
  const point = (share: number) => [{ x: box.x + box.width * share, y }];
  const start = Date.now() / 1000;
  const send = (type: "touchStart" | "touchMove" | "touchEnd", share: number | null, ms: number) =>
    cdp.send("Input.dispatchTouchEvent", {
      type,
      touchPoints: share === null ? [] : point(share),
      timestamp: start + ms / 1000,
    });
  await send("touchStart", from, 0);
  await send("touchMove", from + (to - from) / 2, 75);
  await send("touchMove", to, 140);
  await send("touchEnd", null, 150);
  await cdp.detach();
}

test("the header: a menu with every page, which closes on a choice and on Esc", async ({ page }) => {
  await page.goto("/");
  const menuButton = page.getByTestId("menu-button");
  await expect(menuButton).toBeVisible();
  // The wide screen's row of links is not there: only the menu's.
  await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await expectTouchTargets(page.locator("header"));

  await menuButton.tap();
  const menu = page.getByTestId("main-menu");
  await expect(menu).toBeVisible();
  await expect(menuButton).toHaveAttribute("aria-expanded", "true");
  for (const name of [
    "Studio",
    "Gallery",
    "Collections",
    "Batches",
    "Sequences",
    "Chat",
    "Assets",
    "Spend",
  ]) {
    await expect(menu.getByRole("link", { name, exact: true })).toBeVisible();
  }
  await expect(menu.getByRole("link", { name: "Studio", exact: true })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(menuButton).toBeFocused();

  await menuButton.tap();
  await menu.getByRole("link", { name: "Gallery", exact: true }).tap();
  await expect(page).toHaveURL(/\/gallery$/);
  await expect(menu).toBeHidden();
  await menuButton.tap();
  await expect(menu.getByRole("link", { name: "Gallery", exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );
});

test("the studio: fill the form and submit, the result shows below it", async ({ page }) => {
  const studio = new StudioPage(page);
  await studio.goto({ model: "vendors_5.0Pro" });
  await expectNoSidewaysScroll(page);
  await expectTouchTargets(studio.form);
  await studio.prompt.tap();
  await studio.prompt.fill(`a kite over the dunes ${uniqueWord("phone")}`);
  await studio.submit.tap();
  await studio.openTaskId();
  await studio.waitForStatus("completed");
  await expect(studio.image).toBeVisible({ timeout: 60_000 });
  await expect(studio.panel).toBeInViewport();
  await expectNoSidewaysScroll(page);
});

test("the gallery: filters in a sheet, then rate, favorite and swipe in the detail view", async ({
  page,
}) => {
  const word = uniqueWord("phone");
  const [first, second, third] = await seedGallery(
    [3, 2, 1].map((n) => ({
      prompt: `${word} harbour ${n}`,
      kind: "image" as const,
      submittedAt: minutesAgo(n),
      files: [{ kind: "image" as const }],
    })),
  );
  const gallery = new GalleryPage(page);
  await gallery.goto({ q: word });
  await gallery.expectCards([third.id, second.id, first.id]);
  await expectNoSidewaysScroll(page);
  // The filters' row is not on the first screen: it is behind a button.
  await expect(page.getByTestId("filter-type")).toBeHidden();
  const openSheet = page.getByTestId("open-filter-sheet");
  await openSheet.tap();
  const sheet = page.getByTestId("filter-sheet");
  await expect(sheet).toBeVisible();
  await expectTouchTargets(sheet);
  await sheet.getByTestId("filter-type").selectOption("image");
  await expect(page).toHaveURL(/type=image/);
  await sheet.getByTestId("close-filter-sheet").tap();
  await expect(sheet).toBeHidden();
  await expect(openSheet).toBeFocused();
  await expect(openSheet).toContainText("Filters (1)");
  await gallery.expectCards([third.id, second.id, first.id]);

  await gallery.card(second.id).getByRole("button", { name: /^Open/ }).tap();
  await expect(gallery.detail).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`[?&]item=${second.id}`));
  await expect(gallery.detail.getByTestId("detail-image")).toBeVisible();
  await expectNoSidewaysScroll(page);

  await gallery.detail.getByTestId("rate-4").tap();
  await expect(gallery.detail.getByTestId("rate-4")).toHaveAttribute("aria-checked", "true");
  await gallery.detail.getByTestId("favorite-toggle").tap();
  await expect(gallery.detail.getByTestId("favorite-toggle")).toHaveAttribute("aria-pressed", "true");
  await expectTouchTargets(gallery.detail.getByTestId("rating"));

  // Swipe left: the next (older) item; swipe right: back.
  const media = gallery.detail.getByTestId("detail-media");
  await swipe(page, media, "left");
  await expect(page).toHaveURL(new RegExp(`[?&]item=${first.id}`));
  await swipe(page, media, "right");
  await expect(page).toHaveURL(new RegExp(`[?&]item=${second.id}`));
  // A flick is no comment mark: nothing was drafted on the image.
  await expect(gallery.detail.getByText("Area marked")).toHaveCount(0);

  await gallery.detail.getByTestId("detail-close").tap();
  await expect(gallery.detail).toBeHidden();
  await expect(gallery.card(second.id).getByTestId("favorite-mark")).toBeVisible();
  await expect(gallery.card(second.id).getByRole("img", { name: "Rated 4 of 5" })).toBeVisible();
});

test("chat: one column, a question and its answer, the conversations behind a button", async ({ page }) => {
  const chat = new ChatPage(page);
  await chat.newChat();
  await expectNoSidewaysScroll(page);
  await expect(page.getByRole("complementary", { name: "Conversations" })).toBeHidden();
  await expectTouchTargets(page.getByTestId("chat-main"));

  const question = `Describe a harbour at dawn ${uniqueWord()}`;
  await chat.input.tap();
  await chat.input.fill(question);
  await chat.sendButton.tap();
  await page.waitForURL(/\/chat\/[\w-]+$/);
  await chat.waitForAnswer();
  await expect(chat.userMessages.last()).toContainText(question);
  await expect(chat.answerText()).not.toBeEmpty();
  await expect(chat.sendButton).toBeInViewport();
  await expectNoSidewaysScroll(page);

  await page.getByTestId("show-conversations").tap();
  const list = page.getByRole("complementary", { name: "Conversations" });
  await expect(list).toBeVisible();
  await expect(list.getByTestId("conversation-item").first()).toBeVisible();
  await page.getByTestId("close-conversations").tap();
  await expect(list).toBeHidden();
});

test("installable: the manifest and its icons are served, and no service worker caches anything", async ({
  page,
  request,
}) => {
  const answer = await request.get("/manifest.webmanifest");
  expect(answer.status()).toBe(200);
  const manifest = (await answer.json()) as { display: string; icons: { src: string; sizes: string }[] };
  expect(manifest.display).toBe("standalone");
  expect(manifest.icons.map((icon) => icon.sizes)).toEqual(["192x192", "512x512", "512x512"]);
  for (const icon of manifest.icons) {
    const file = await request.get(icon.src);
    expect(file.status(), icon.src).toBe(200);
    expect(file.headers()["content-type"]).toBe("image/png");
  }
  await page.goto("/");
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/manifest.webmanifest");
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
});
