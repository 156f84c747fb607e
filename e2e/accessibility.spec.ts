import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousViolations } from "./support/axe";
import { ACCESSIBILITY_PORT } from "./support/ports";
import { freshDatabase, startStudio, waitUntilReady, type StudioProcess } from "./support/studio-start";
import { ChatPage } from "./pages/chat-page";
import { GalleryPage } from "./pages/gallery-page";
import { StudioPage } from "./pages/studio-page";
import { seedGallery, uniqueWord } from "./support/seed";

// Issue 27: every page and main dialog passes axe-core (WCAG 2.1 A and AA, colour contrast in the
// dark theme included) with no serious or critical violation; dialogs take focus and give it back.

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

async function seedTwo(word: string) {
  return seedGallery([
    {
      prompt: `${word} a lighthouse in fog`,
      submittedAt: minutesAgo(3),
      rating: 4,
      favorite: true,
      tags: ["coast"],
      files: [{ kind: "video" }],
    },
    {
      prompt: `${word} a lighthouse at noon`,
      kind: "image",
      submittedAt: minutesAgo(2),
      files: [{ kind: "image" }],
    },
  ]);
}

/** Waits for the page's main landmark and settles spinners that axe would otherwise catch mid-way. */
async function settled(page: Page) {
  await expect(page.locator("main")).toBeVisible();
  await page.waitForLoadState("networkidle").catch(() => {});
}

test("the studio: its form and the model picker", async ({ page }) => {
  const studio = new StudioPage(page);
  await studio.goto({ model: "sd_2.0_mini_discount" });
  await settled(page);
  await expectNoSeriousViolations(page, "studio form");

  await studio.picker.click();
  await expect(page.getByRole("combobox", { name: /search models/i })).toBeFocused();
  await expectNoSeriousViolations(page, "model picker");
  await page.keyboard.press("Escape");
  await expect(studio.picker).toBeFocused();
});

test("the gallery: grid, detail view, compare, keys help and filters", async ({ page }) => {
  const word = uniqueWord("a11y");
  const [video, image] = await seedTwo(word);
  const gallery = new GalleryPage(page);
  await gallery.goto({ q: word });
  await gallery.expectCards([image.id, video.id]);
  await settled(page);
  await expectNoSeriousViolations(page, "gallery grid");

  // The keys help: a modal dialog that takes focus and gives it back.
  await gallery.search.focus();
  await page.keyboard.press("Escape"); // leave the field: the culling keys do not fire while typing
  const before = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 80));
  await page.keyboard.press("?");
  const help = page.getByTestId("keys-help");
  await expect(help).toBeVisible();
  await expectNoSeriousViolations(page, "keys help");
  await page.keyboard.press("Escape");
  await expect(help).toBeHidden();
  expect(await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 80))).toBe(before);

  await gallery.open(video.id);
  await expect(gallery.detail.getByTestId("detail-model")).toBeVisible();
  await expect(gallery.detail).toBeFocused();
  // Tab stays inside the detail view.
  for (let i = 0; i < 40; i++) await page.keyboard.press("Tab");
  expect(await gallery.detail.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  await expectNoSeriousViolations(page, "gallery detail");
  // Where 40 Tabs end depends on how many controls the view has; in a field (the video, a text box)
  // Esc first leaves the field, so close from the view itself.
  await gallery.detail.focus();
  await page.keyboard.press("Escape");
  await expect(gallery.detail).toBeHidden();
  await expect(gallery.card(video.id).getByRole("button", { name: /^Open/ })).toBeFocused();

  await gallery.select(image.id);
  await gallery.select(video.id, ["Shift"]);
  await page.getByTestId("bulk-compare").click();
  const compare = page.getByTestId("compare-view");
  await expect(compare.getByTestId("compare-row").first()).toBeVisible();
  await expectNoSeriousViolations(page, "gallery compare");
  await page.getByTestId("compare-close").click();
  await expect(compare).toBeHidden();
  await expect(page.getByTestId("bulk-compare")).toBeFocused();
});

test("a batch's page", async ({ page, request }) => {
  const created = await request.post("/api/batches", {
    data: {
      models: ["sd_2.5_ORelay"],
      body: { prompt: uniqueWord("a11y batch"), duration: 5 },
      variations: 2,
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await page.goto(`/batches/${id}`);
  await expect(page.getByTestId("batch-item").first()).toBeVisible();
  await settled(page);
  await expectNoSeriousViolations(page, "batch page");
  await page.goto("/batches");
  await settled(page);
  await expectNoSeriousViolations(page, "batch list");
});

test("chat: an empty thread, then an exchange", async ({ page }) => {
  const chat = new ChatPage(page);
  await chat.newChat();
  await settled(page);
  await expectNoSeriousViolations(page, "chat (new)");
  await chat.send(`Describe a lighthouse ${uniqueWord()}`);
  await chat.waitForAnswer();
  await expectNoSeriousViolations(page, "chat (answered)");
  await page.getByTestId("settings-toggle").click();
  await expect(page.getByTestId("settings-panel")).toBeVisible();
  await expectNoSeriousViolations(page, "chat settings");
});

test("spend, assets, admin and account", async ({ page }) => {
  for (const path of ["/spend", "/assets", "/admin", "/account"]) {
    await page.goto(path);
    await settled(page);
    await expectNoSeriousViolations(page, path);
  }
});

// A test of its own: the reference is one long page (every operation and model body), the slowest
// for axe to go through.
test("the API docs", async ({ page }) => {
  await page.goto("/docs/api");
  await settled(page);
  await expectNoSeriousViolations(page, "/docs/api");
});

test("collections, a collection, and its share page", async ({ page, request, browser }) => {
  const word = uniqueWord("a11ycoll");
  const items = await seedTwo(word);
  const created = await request.post("/api/collections", {
    data: { name: `Picks ${word}`, taskIds: items.map((i) => i.id) },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  await page.goto("/collections");
  await settled(page);
  await expectNoSeriousViolations(page, "collections");
  await page.goto(`/collections/${id}`);
  await expect(page.getByTestId("gallery-card")).toHaveCount(2);
  await settled(page);
  await expectNoSeriousViolations(page, "a collection");

  const share = await request.post("/api/shares", {
    data: { collectionId: id, allowComments: true, showPrompts: true, allowDownload: true },
  });
  expect(share.status()).toBe(201);
  const { path } = (await share.json()) as { path: string };
  const guest = await (await browser.newContext()).newPage();
  await guest.goto(path);
  await expect(guest.getByTestId("share-item")).toHaveCount(2);
  await guest.waitForLoadState("networkidle").catch(() => {});
  await expectNoSeriousViolations(guest, "share page");
  await guest.getByTestId("share-item").first().click();
  await guest.waitForLoadState("networkidle").catch(() => {});
  await expectNoSeriousViolations(guest, "share page (an item)");
  await guest.context().close();
});

test("sequences and a sequence", async ({ page, request }) => {
  const created = await request.post("/api/sequences", {
    data: {
      name: uniqueWord("A11y film"),
      shots: [
        { model: "sd_2.5_ORelay", body: { prompt: "a harbour at dawn", duration: 5 }, chained: false },
        { model: "sd_2.5_ORelay", body: { prompt: "the boats leave", duration: 5 }, chained: true },
      ],
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await page.goto("/sequences");
  await settled(page);
  await expectNoSeriousViolations(page, "sequences");
  await page.goto(`/sequences/${id}`);
  await expect(page.getByTestId("shot-card")).toHaveCount(2);
  await settled(page);
  await expectNoSeriousViolations(page, "a sequence");
});

test("reduced motion: nothing spins or slides, and videos wait to be played", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  const word = uniqueWord("calm");
  const [video] = await seedTwo(word);
  const gallery = new GalleryPage(page);
  await gallery.goto({ q: word });
  await gallery.open(video.id);
  const player = gallery.detail.getByTestId("detail-video");
  await expect(player).toBeVisible();
  expect(await player.evaluate((v: HTMLVideoElement) => v.autoplay)).toBe(false);
  expect(await player.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
  // Any animation the stylesheet declares runs for an instant, once.
  const animation = await page.evaluate(() => {
    const probe = document.createElement("div");
    probe.className = "animate-spin";
    document.body.append(probe);
    const style = getComputedStyle(probe);
    const result = { seconds: parseFloat(style.animationDuration), count: style.animationIterationCount };
    probe.remove();
    return result;
  });
  expect(animation.seconds).toBeLessThan(0.001);
  expect(animation.count).toBe("1");
});

test.describe("with accounts on: set-up, login, account, admin, audit log and a share page", () => {
  // A studio of its own, fresh, so that /setup is what it shows first.
  test.describe.configure({ mode: "serial" });
  const ADMIN = { email: "a11y@example.com", password: "an accessible password 1" };
  let studio: StudioProcess;

  test.beforeAll(async () => {
    studio = await startStudio({
      ...freshDatabase(`a11y-${ACCESSIBILITY_PORT}`),
      HOST: "127.0.0.1",
      PORT: String(ACCESSIBILITY_PORT),
      AUTH: "on",
    });
    await waitUntilReady(studio);
  });
  test.afterAll(async () => {
    await studio?.stop();
  });

  test("every page an account sees, and what a guest sees", async ({ browser }) => {
    const context = await browser.newContext({ baseURL: studio.url });
    const page = await context.newPage();
    await page.goto("/");
    await expect(page).toHaveURL(/\/setup$/);
    await settled(page);
    await expectNoSeriousViolations(page, "set-up");

    await page.getByLabel("E-mail").fill(ADMIN.email);
    await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
    await page.getByLabel("Password again").fill(ADMIN.password);
    await page.getByRole("button", { name: "Create admin account" }).click();
    await expect(page.getByTestId("user-menu")).toContainText(ADMIN.email);

    for (const path of ["/account", "/admin", "/admin/audit"]) {
      await page.goto(path);
      await settled(page);
      await expectNoSeriousViolations(page, `${path} (accounts on)`);
    }
    await page.goto("/admin");
    await page.getByRole("button", { name: "Reset password" }).click();
    await expectNoSeriousViolations(page, "admin: reset form");

    const submitted = await page.request.post("/api/v2/model-center/tasks", {
      data: { model: "sd_2.5_ORelay", prompt: "a lighthouse for everyone", duration: 5 },
    });
    expect(submitted.ok()).toBe(true);
    const { id: taskId } = (await submitted.json()) as { id: string };
    const shared = await page.request.post("/api/shares", {
      data: { taskId, allowComments: true, password: "guest password 1" },
    });
    expect(shared.status()).toBe(201);
    const { path } = (await shared.json()) as { path: string };

    await page.getByRole("button", { name: "Log out" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await settled(page);
    await expectNoSeriousViolations(page, "login");

    const guest = await (await browser.newContext({ baseURL: studio.url })).newPage();
    await guest.goto(path);
    await expect(guest.getByLabel("Password")).toBeVisible();
    await expectNoSeriousViolations(guest, "share page (password)");
    await guest.getByLabel("Password").fill("guest password 1");
    await guest.getByRole("button", { name: "Open" }).click();
    await expect(guest.getByTestId("share-item")).toHaveCount(1);
    await guest.waitForLoadState("networkidle").catch(() => {});
    await expectNoSeriousViolations(guest, "share page (accounts on)");
    await guest.context().close();
    await context.close();
  });
});
