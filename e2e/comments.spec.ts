import { expect, test, type Page } from "@playwright/test";
import { e2eDb, seedGallery, uniqueWord } from "./support/seed";

/** The detail view's player, paused at `seconds` (seeked and settled). */
async function pauseAt(page: Page, seconds: number) {
  const video = page.getByTestId("detail-video");
  await expect(video)
    .toHaveJSProperty("readyState", 4, { timeout: 20_000 })
    .catch(() => undefined);
  await video.evaluate(async (v: HTMLVideoElement, at) => {
    v.pause();
    if (Math.abs(v.currentTime - at) < 0.01) return;
    await new Promise<void>((resolve) => {
      v.addEventListener("seeked", () => resolve(), { once: true });
      v.currentTime = at;
    });
  }, seconds);
}

const videoState = (page: Page) =>
  page
    .getByTestId("detail-video")
    .evaluate((v: HTMLVideoElement) => ({ paused: v.paused, time: v.currentTime }));

test("pause, draw a rectangle, comment; the comment seeks back there and shows it, also from a link", async ({
  page,
}) => {
  const word = uniqueWord("comments");
  const [item] = await seedGallery([{ prompt: `${word} a kite`, files: [{ kind: "video", seconds: 3 }] }]);
  await page.goto(`/gallery?item=${item.id}`);
  await expect(page.getByTestId("detail-video")).toBeVisible();
  await expect(page.getByTestId("comment-panel")).toContainText("No comments yet.");

  await pauseAt(page, 1.5);
  await expect(page.getByTestId("composer-moment")).toHaveText("0:01.5");
  const layer = page.getByTestId("review-draw-layer");
  const box = (await page.getByTestId("review-overlay").boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.2, box.y + box.height * 0.2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.4, box.y + box.height * 0.35, { steps: 4 });
  await page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.5, { steps: 4 });
  await page.mouse.up();
  await expect(layer).toBeVisible();
  await expect(page.locator('[data-testid="review-shape"][data-draft="true"]')).toHaveAttribute(
    "data-kind",
    "rect",
  );
  await expect(page.getByTestId("composer-shape")).toHaveText(/Area marked/);

  const text = '<b>the hand</b> looks wrong <img src=x onerror="document.title=1">';
  await page.getByTestId("comment-input").fill(text);
  await page.getByTestId("comment-submit").click();
  const thread = page.getByTestId("comment-thread");
  await expect(thread).toHaveCount(1);
  // Markup stays text: the exact characters, and no element made of them.
  await expect(thread.getByTestId("comment-body")).toHaveText(text);
  await expect(thread.getByTestId("comment-body").locator("b, img")).toHaveCount(0);
  await expect(thread.getByTestId("comment-moment")).toHaveText("0:01.5");
  const commentId = (await thread.getAttribute("data-thread-id"))!;

  // Play from the start elsewhere, then click the moment: paused at 1.5 s with the rectangle shown.
  await page.getByTestId("detail-video").evaluate((v: HTMLVideoElement) => {
    v.currentTime = 0.1;
    return v.play();
  });
  await thread.getByTestId("comment-moment").click();
  await expect.poll(async () => videoState(page)).toMatchObject({ paused: true });
  expect((await videoState(page)).time).toBeCloseTo(1.5, 1);
  const shown = page.locator('[data-testid="review-shape"][data-selected="true"]');
  await expect(shown).toHaveAttribute("data-kind", "rect");
  const rect = (await shown.boundingBox())!;
  expect(rect.width / box.width).toBeCloseTo(0.4, 1);
  expect(rect.height / box.height).toBeCloseTo(0.3, 1);

  // Reply, then resolve the thread; it leaves the open list and can be shown again.
  await thread.getByTestId("comment-reply").click();
  await page.getByTestId("reply-input").fill("fixed in the next take");
  await page.getByTestId("reply-submit").click();
  await expect(thread.getByTestId("comment-body")).toHaveText([text, "fixed in the next take"]);

  // A fresh page from the activity link opens the item on the comment: seeked, paused, shape shown.
  const fresh = await page.context().newPage();
  await fresh.goto(`/gallery?item=${item.id}&comment=${commentId}`);
  await expect(fresh.locator(`[data-thread-id="${commentId}"]`)).toHaveAttribute("data-selected", "true");
  await expect.poll(async () => (await videoState(fresh)).time, { timeout: 20_000 }).toBeCloseTo(1.5, 1);
  expect((await videoState(fresh)).paused).toBe(true);
  await expect(fresh.locator('[data-testid="review-shape"][data-selected="true"]')).toBeVisible();
  await fresh.close();

  await thread.getByTestId("comment-resolve").click();
  await expect(page.getByTestId("comment-thread")).toHaveCount(0);
  await page.getByTestId("toggle-resolved").click();
  await expect(page.getByTestId("thread-resolved")).toHaveText("Resolved by Local user");
});

test("on an image a click marks a point that stays over the image", async ({ page }) => {
  const word = uniqueWord("pointed");
  const [item] = await seedGallery([
    { prompt: `${word} a still`, kind: "image", files: [{ kind: "image" }] },
  ]);
  await page.goto(`/gallery?item=${item.id}`);
  await expect(page.getByTestId("detail-image")).toBeVisible();
  // The layer that takes the click is there once the page knows I may comment (and the panel has settled).
  await expect(page.getByTestId("comment-panel")).toContainText("No comments yet.");
  await expect(page.getByTestId("review-draw-layer")).toBeVisible();
  const box = (await page.getByTestId("review-overlay").boundingBox())!;
  await page.mouse.click(box.x + box.width * 0.75, box.y + box.height * 0.25);
  await expect(page.getByTestId("composer-shape")).toHaveText(/Point marked/);
  await page.getByTestId("comment-input").fill("crop here");
  await page.getByTestId("comment-submit").click();
  await expect(page.getByTestId("comment-thread")).toHaveCount(1);
  await expect(page.getByTestId("composer-moment")).toHaveCount(0);
  const point = page.locator('[data-testid="review-shape"][data-draft="false"]');
  await expect(point).toHaveAttribute("data-kind", "point");
  const mark = (await point.boundingBox())!;
  expect((mark.x + mark.width / 2 - box.x) / box.width).toBeCloseTo(0.75, 1);
  expect((mark.y + mark.height / 2 - box.y) / box.height).toBeCloseTo(0.25, 1);
});

test("a guest's comment on my item reaches me as a toast that opens the item on it", async ({ page }) => {
  const word = uniqueWord("toasted");
  const [item] = await seedGallery([{ prompt: `${word} a boat`, files: [{ kind: "video", seconds: 3 }] }]);
  // The watcher's first answer sets its cursor; what comes after it is announced.
  const firstAsk = page.waitForResponse((r) => r.url().includes("/api/activity"));
  await page.goto("/gallery");
  await firstAsk;
  const comment = await e2eDb().comment.create({
    data: {
      taskId: item.id,
      shareLinkId: `link-${word}`,
      guestId: `guest-${word}`,
      guestName: "Gina",
      body: `${word}: the hand looks wrong`,
      atSeconds: 1.5,
      shape: JSON.stringify({ kind: "rect", x: 0.25, y: 0.25, w: 0.5, h: 0.5 }),
    },
  });

  const toast = page.getByTestId("toast").filter({ hasText: word });
  await expect(toast).toBeVisible({ timeout: 40_000 });
  await expect(toast).toContainText("Gina (guest) commented at 0:01.5");
  await toast.getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`item=${item.id}&comment=${comment.id}$`));
  const thread = page.locator(`[data-thread-id="${comment.id}"]`);
  await expect(thread).toHaveAttribute("data-selected", "true");
  await expect(thread.getByTestId("guest-badge")).toHaveText("guest");
  await expect.poll(async () => (await videoState(page)).time, { timeout: 20_000 }).toBeCloseTo(1.5, 1);
  expect((await videoState(page)).paused).toBe(true);
  await expect(page.locator('[data-testid="review-shape"][data-selected="true"]')).toHaveAttribute(
    "data-kind",
    "rect",
  );
});
