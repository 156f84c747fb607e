import path from "node:path";
import { expect, test, type Page, type Response as PwResponse } from "@playwright/test";
import { createDb } from "@/lib/db-client";
import { seedTasks } from "@/lib/gallery/testing/seed-tasks";
import { makeMp4, makePng } from "@/lib/testing/media-fixtures";
import { signIn } from "./support/accounts";
import { freshDatabase, startStudio, waitUntilReady, type StudioProcess } from "./support/studio-start";
import { E2E_SPEED } from "./support/test-speed";

/**
 * Issue 21's "done means", on a studio of its own with accounts on: a member builds a collection
 * from the gallery with the keyboard and shares a link (comments allowed, prompts hidden); a
 * browser without an account opens it, sees no prompt in the page or any response, plays the video,
 * pauses at ~1.5 s, draws a rectangle and comments; the owner is notified, and the notification
 * opens the item at that moment with the rectangle; the guest approves an item and the owner's
 * progress shows it; revoking turns the guest's next load into the revoked page.
 */
test.describe.configure({ mode: "serial" });

const port = Number(process.env.E2E_PORT ?? 3100) + 5;
const baseURL = `http://127.0.0.1:${port}`;
const ADMIN = { email: "review-admin@example.com", password: "review admin password" };
const MEMBER = { email: "review-member@example.com", password: "review member password" };
const WORD = `lighthouse${Date.now().toString(36)}`;
const PROMPT = `${WORD} secret recipe: a red kite over wet slate roofs`;

let studio: StudioProcess;
let linkUrl = "";
let collectionUrl = "";
const ids = { video: "", image: "" };

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(180_000);
  const database = freshDatabase(`review-${port}`);
  studio = await startStudio({
    ...database,
    ...E2E_SPEED,
    HOST: "127.0.0.1",
    PORT: String(port),
    AUTH: "on",
  });
  await waitUntilReady(studio, 120_000);
  const api = await playwright.request.newContext({ baseURL });
  expect((await api.post("/api/auth/setup", { data: { ...ADMIN, name: "Admin" } })).status()).toBe(201);
  const made = await api.post("/api/admin/users", {
    data: { ...MEMBER, name: "Mia Member", role: "member", adminPassword: ADMIN.password },
  });
  expect(made.status()).toBe(201);
  const memberId = ((await made.json()) as { id: string }).id;
  await api.dispose();

  // Two finished items of the member's, with real files: a 3 s video and an image.
  const media = path.resolve(database.MEDIA_DIR);
  const video = makeMp4(path.join(media, "seed/review-video.mp4"), { width: 320, height: 180, seconds: 3 });
  const image = await makePng(path.join(media, "seed/review-image.png"), { width: 320, height: 180 });
  const db = createDb(database.DATABASE_URL);
  const now = Date.now();
  ids.video = `review-video-${now}`;
  ids.image = `review-image-${now}`;
  await seedTasks(db, [
    {
      id: ids.video,
      userId: memberId,
      kind: "video",
      prompt: PROMPT,
      submittedAt: new Date(now - 1000),
      media: [
        {
          path: "seed/review-video.mp4",
          contentType: "video/mp4",
          size: video.length,
          width: 320,
          height: 180,
          durationSec: 3,
        },
      ],
    },
    {
      id: ids.image,
      userId: memberId,
      kind: "image",
      prompt: PROMPT,
      submittedAt: new Date(now - 2000),
      media: [
        {
          path: "seed/review-image.png",
          contentType: "image/png",
          size: image.length,
          width: 320,
          height: 180,
        },
      ],
    },
  ]);
  await db.$disconnect();
});

test.afterAll(async () => {
  await studio?.stop();
});

async function memberPage(browser: import("@playwright/test").Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signIn(page, MEMBER);
  return page;
}

test("a member builds a collection from the gallery with the keyboard and shares a link", async ({
  browser,
}) => {
  const page = await memberPage(browser);
  await page.goto(`/gallery?q=${WORD}`);
  const cards = page.getByTestId("gallery-card");
  await expect(cards).toHaveCount(2);
  const focused = page.locator('[data-testid="gallery-card"][data-focused]');

  // The video (newest) into a new collection: J focuses it, A asks where, Enter makes it.
  await page.keyboard.press("j");
  await expect(focused).toHaveAttribute("data-item-id", ids.video);
  await page.keyboard.press("a");
  const dialog = page.getByTestId("add-to-collection");
  await expect(page.getByTestId("new-collection-name")).toBeFocused();
  await page.keyboard.type(`Client cut ${Date.now().toString(36)}`);
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("add-to-collection-done")).toBeVisible();
  collectionUrl =
    (await page.getByTestId("add-to-collection-done").getByRole("link").getAttribute("href")) ?? "";
  expect(collectionUrl).toMatch(/^\/collections\/.+/);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  // The image into the same collection: J, A, Tab to the collection, Enter.
  await page.keyboard.press("j");
  await expect(focused).toHaveAttribute("data-item-id", ids.image);
  await page.keyboard.press("a");
  await expect(page.getByTestId("add-to-existing")).toHaveCount(1);
  await page.keyboard.press("Tab");
  await expect(page.getByTestId("add-to-existing")).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("add-to-collection-done")).toContainText("Added 1");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  // Share it: comments allowed, prompts hidden (the default).
  await page.goto(collectionUrl);
  await page.getByTestId("share-links-button").click();
  const share = page.getByTestId("share-links-dialog");
  await expect(share.getByTestId("share-allow-comments")).toHaveAttribute("aria-checked", "true");
  await expect(share.getByTestId("share-show-prompts")).toHaveAttribute("aria-checked", "false");
  await share.getByTestId("share-create").click();
  linkUrl = await share.getByTestId("share-link-url").first().inputValue();
  expect(linkUrl).toMatch(new RegExp(`^${baseURL}/s/[A-Za-z0-9_-]{43}$`));
  await page.context().close();
});

/** Every text response the guest's browser receives, to search for the prompt's unique word. */
function recordResponses(page: Page): string[] {
  const bodies: string[] = [];
  page.on("response", (response: PwResponse) => {
    const type = response.headers()["content-type"] ?? "";
    if (/^(video|image)\//.test(type)) return;
    void response
      .text()
      .then((text) => bodies.push(`${response.url()}\n${text}`))
      .catch(() => undefined);
  });
  return bodies;
}

test("a guest reviews without an account; the owner is notified and opens the comment at its moment", async ({
  browser,
}) => {
  // The owner has the studio open while the guest reviews (the activity feed announces what is new).
  const owner = await memberPage(browser);
  await owner.goto("/gallery");

  const context = await browser.newContext();
  const guest = await context.newPage();
  const bodies = recordResponses(guest);
  const rangeAnswers: number[] = [];
  guest.on("response", (r) => {
    if (r.url().includes("/media/") && r.status() === 206) rangeAnswers.push(r.status());
  });
  const first = await guest.goto(linkUrl);
  expect(first?.status()).toBe(200);
  expect(first?.headers()["x-robots-tag"]).toContain("noindex");
  await expect(guest.getByTestId("share-item")).toHaveCount(2);
  await expect(guest.getByTestId("user-menu")).toHaveCount(0); // no studio navigation

  // Play the video, pause it at 1.5 s (the file answers ranges: it seeks).
  await guest.locator(`[data-testid="share-item"][data-item-id="${ids.video}"]`).click();
  const video = guest.getByTestId("share-video");
  await expect(video).toBeVisible();
  await video.evaluate(async (v: HTMLVideoElement) => {
    v.muted = true;
    await v.play();
  });
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(0.2);
  await video.evaluate(async (v: HTMLVideoElement) => {
    v.pause();
    v.currentTime = 1.5;
    await new Promise((resolve) => v.addEventListener("seeked", resolve, { once: true }));
  });
  expect(rangeAnswers.length).toBeGreaterThan(0);

  // Draw a rectangle on the paused frame, then comment under a name.
  const layer = guest.getByTestId("review-draw-layer");
  const box = (await layer.boundingBox())!;
  await guest.mouse.move(box.x + box.width * 0.2, box.y + box.height * 0.2);
  await guest.mouse.down();
  await guest.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.6, { steps: 5 });
  await guest.mouse.up();
  await expect(guest.getByTestId("composer-shape")).toBeVisible();
  await expect(guest.getByTestId("composer-moment")).toHaveText("0:01.5");
  await guest.getByTestId("guest-name").fill("Carla Client");
  await guest.getByTestId("comment-input").fill("The hand looks wrong here");
  await guest.getByTestId("comment-submit").click();
  const comment = guest.getByTestId("comment").filter({ hasText: "The hand looks wrong here" });
  await expect(comment).toBeVisible();
  await expect(comment.getByTestId("guest-badge")).toBeVisible();

  // Approve the video: the page's progress counts it.
  await guest.getByTestId("approval-approved").click();
  await expect(guest.getByTestId("approval-approved")).toHaveAttribute("aria-checked", "true");
  await expect(guest.getByTestId("share-progress")).toContainText("1 of 2 approved");

  // No prompt in the page or in any response it received.
  expect(await guest.content()).not.toContain(WORD);
  await expect.poll(() => bodies.length).toBeGreaterThan(3);
  for (const body of bodies) expect(body, "a response carried the prompt").not.toContain(WORD);
  await context.close();

  // The owner's notification opens the item at the comment's moment, with the rectangle.
  const toast = owner.getByTestId("toast").filter({ hasText: /commented/ });
  await expect(toast).toBeVisible({ timeout: 30_000 });
  await expect(toast).toContainText("Carla Client (guest) commented at 0:01.5");
  await toast.getByRole("link").click();
  await expect(owner).toHaveURL(new RegExp(`item=${ids.video}.*comment=`));
  const ownerVideo = owner.locator('[data-testid="detail-dialog"] video');
  await expect.poll(() => ownerVideo.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeCloseTo(1.5, 1);
  await expect(owner.getByTestId("review-shape").first()).toBeVisible();

  // The collection's progress shows the guest's approval.
  await owner.goto(collectionUrl);
  await expect(owner.getByText(/1 of 2 approved/).first()).toBeVisible();
  await owner.context().close();
});

test("revoking the link turns the guest's next load into the revoked page", async ({ browser }) => {
  const page = await memberPage(browser);
  await page.goto(collectionUrl);
  await page.getByTestId("share-links-button").click();
  await page.getByTestId("share-link-revoke").first().click();
  await expect(page.getByTestId("share-link-row").first()).toHaveAttribute("data-state", "revoked");
  await page.context().close();

  const context = await browser.newContext();
  const guest = await context.newPage();
  const answer = await guest.goto(linkUrl);
  expect(answer?.status()).toBe(404);
  await expect(guest.getByTestId("share-gone")).toHaveText("This link was revoked");
  await context.close();
});
