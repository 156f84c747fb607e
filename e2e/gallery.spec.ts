import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { GalleryPage } from "./pages/gallery-page";
import { e2eDb, e2eMediaDir, seedGallery, uniqueWord } from "./support/seed";

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

test("filters and search narrow the grid, and live in the URL", async ({ page }) => {
  const word = uniqueWord("filter");
  const [video, favorite, image, failed] = await seedGallery([
    { prompt: `${word} a red kite over dunes`, submittedAt: minutesAgo(4), files: [{ kind: "video" }] },
    {
      prompt: `${word} a blue boat at dawn`,
      submittedAt: minutesAgo(3),
      favorite: true,
      rating: 5,
      files: [{ kind: "video" }],
    },
    {
      prompt: `${word} a red apple still life`,
      kind: "image",
      submittedAt: minutesAgo(2),
      files: [{ kind: "image" }],
    },
    {
      prompt: `${word} a failing render`,
      status: "failed",
      error: "content review failed",
      submittedAt: minutesAgo(1),
    },
  ]);
  const gallery = new GalleryPage(page);
  await gallery.goto();
  await gallery.searchFor(word);
  await gallery.expectCards([failed.id, image.id, favorite.id, video.id]);
  await expect(gallery.total).toHaveText("4 items match");
  // The failed task is an item with its error, not a hole in the grid.
  await expect(gallery.card(failed.id)).toContainText("failed");
  await expect(gallery.card(failed.id)).toContainText("content review failed");

  await gallery.searchFor(`${word} red`);
  await gallery.expectCards([image.id, video.id]);
  await page.getByTestId("filter-type").selectOption("image");
  await gallery.expectCards([image.id]);
  await expect(page).toHaveURL(/type=image/);

  await gallery.searchFor(word);
  await page.getByTestId("filter-type").selectOption("");
  await page.getByTestId("filter-favorite").click();
  await gallery.expectCards([favorite.id]);
  await page.getByTestId("filter-favorite").click();
  await page.getByTestId("filter-status").selectOption("failed");
  await gallery.expectCards([failed.id]);

  // Bookmarkable: the same URL in a fresh page shows the same view.
  const url = page.url();
  await page.goto("about:blank");
  await page.goto(url);
  await expect(page.getByTestId("filter-status")).toHaveValue("failed");
  await expect(gallery.search).toHaveValue(word);
  await gallery.expectCards([failed.id]);
});

test("the detail view shows the submitted parameters and plays the stored video", async ({ page }) => {
  const word = uniqueWord("detail");
  const request = {
    model: "sd_2.5_ORelay",
    prompt: `${word} a lighthouse in a storm`,
    duration: 8,
    resolution: "1080p",
    aspect_ratio: "16:9",
    return_last_frame: true,
  };
  const [older, item] = await seedGallery([
    { prompt: `${word} older neighbour`, submittedAt: minutesAgo(2), files: [{ kind: "image" }] },
    {
      prompt: request.prompt,
      request,
      submittedAt: minutesAgo(1),
      amount: 1.5,
      actualDuration: 8,
      files: [
        { kind: "video", width: 480, height: 270 },
        { kind: "image", role: "last_frame" },
      ],
    },
  ]);

  const gallery = new GalleryPage(page);
  await gallery.goto({ q: word });
  await gallery.open(item.id);
  await expect(gallery.detail.getByTestId("detail-prompt")).toHaveText(request.prompt);
  await expect(gallery.param("duration")).toHaveText("8");
  await expect(gallery.param("resolution")).toHaveText("1080p");
  await expect(gallery.param("aspect_ratio")).toHaveText("16:9");
  await expect(gallery.param("return_last_frame")).toHaveText("true");
  await expect(gallery.detail.getByTestId("detail-amount")).toHaveText("1.5");
  await expect(gallery.detail.getByTestId("file-sha256").first()).toHaveText(
    `sha256 ${item.media[0].sha256}`,
  );
  await expect(gallery.detail.getByRole("tab", { name: "Last frame" })).toBeVisible();

  const video = gallery.detail.getByTestId("detail-video");
  await expect(video).toHaveAttribute("src", `/api/media/${item.media[0].id}`);
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { message: "the video plays" })
    .toBeGreaterThan(0.2);
  expect(await video.evaluate((v: HTMLVideoElement) => [v.videoWidth, v.videoHeight])).toEqual([480, 270]);

  await page.keyboard.press("ArrowRight");
  await expect(page).toHaveURL(new RegExp(`item=${older.id}`));
  await expect(gallery.detail.getByTestId("detail-prompt")).toHaveText(`${word} older neighbour`);
  await page.keyboard.press("ArrowLeft");
  await expect(page).toHaveURL(new RegExp(`item=${item.id}`));
  await page.keyboard.press("Escape");
  await expect(gallery.detail).toBeHidden();
  await expect(page).not.toHaveURL(/item=/);
});

test("rating, tags and notes persist across a reload", async ({ page }) => {
  const word = uniqueWord("review");
  const [neighbour, item] = await seedGallery([
    { prompt: `${word} older neighbour`, submittedAt: minutesAgo(2), files: [{ kind: "image" }] },
    { prompt: `${word} review me`, submittedAt: minutesAgo(1), files: [{ kind: "image" }] },
  ]);
  const tag = uniqueWord("tag");
  const gallery = new GalleryPage(page);
  await gallery.goto({ q: word });
  await gallery.open(item.id);

  await gallery.detail.getByTestId("rate-4").click();
  await gallery.detail.getByTestId("favorite-toggle").click();
  await gallery.detail.getByTestId("tag-input").fill(tag);
  await gallery.detail.getByTestId("tag-input").press("Enter");
  await expect(gallery.detail.getByTestId("tag-chip")).toHaveText([`${tag}`]);
  await gallery.detail.getByTestId("review-notes").fill("Keep the second half");
  await gallery.detail.getByTestId("save-notes").click();
  await expect(gallery.detail.getByTestId("notes-state")).toHaveText("Saved");

  await page.reload();
  await expect(gallery.detail).toBeVisible();
  await expect(gallery.detail.getByTestId("rate-4")).toHaveAttribute("aria-checked", "true");
  await expect(gallery.detail.getByTestId("favorite-toggle")).toHaveAttribute("aria-pressed", "true");
  await expect(gallery.detail.getByTestId("tag-chip")).toHaveText([`${tag}`]);
  await expect(gallery.detail.getByTestId("review-notes")).toHaveValue("Keep the second half");

  // Notes typed and left without Save are not lost: moving to the next item saves them.
  const notesSaved = page.waitForResponse(
    (r) => r.url().includes(`/api/gallery/items/${item.id}`) && r.request().method() === "PATCH",
  );
  await gallery.detail.getByTestId("review-notes").fill("Keep the second half, tighten the ending");
  await gallery.detail.getByTestId("detail-next").click();
  await expect(page).toHaveURL(new RegExp(`item=${neighbour.id}`));
  expect((await notesSaved).ok()).toBe(true);
  await page.reload();
  await expect(gallery.detail.getByTestId("detail-prompt")).toHaveText(`${word} older neighbour`);
  await page.keyboard.press("ArrowLeft");
  await expect(gallery.detail.getByTestId("detail-prompt")).toHaveText(`${word} review me`);
  await expect(gallery.detail.getByTestId("review-notes")).toHaveValue(
    "Keep the second half, tighten the ending",
  );

  await page.keyboard.press("Escape");
  await page.getByTestId("filter-tag").selectOption(tag);
  await gallery.expectCards([item.id]);
  await expect(gallery.card(item.id).getByTestId("favorite-mark")).toBeVisible();
});

test("remix opens the studio form prefilled with the item's prompt", async ({ page }) => {
  const word = uniqueWord("remix");
  const request = { model: "sd_2.5_ORelay", prompt: `${word} a paper crane unfolding`, duration: 6 };
  const [item] = await seedGallery([{ prompt: request.prompt, request, files: [{ kind: "video" }] }]);
  const gallery = new GalleryPage(page);
  await gallery.goto({ q: word });
  await gallery.open(item.id);
  await gallery.detail.getByTestId("remix-link").click();
  await expect(page).toHaveURL(/model=sd_2\.5_ORelay/);
  const form = page.getByRole("form", { name: "Parameters for sd_2.5_ORelay" });
  await expect(form.getByRole("textbox", { name: "Prompt", exact: true })).toHaveValue(request.prompt);
  await expect(form.getByRole("textbox", { name: "Duration (seconds)" })).toHaveValue("6");
});

test("use as reference offers the live original and the studio copy, and fills the chosen field", async ({
  page,
  baseURL,
}) => {
  const word = uniqueWord("reference");
  // An "original upstream URL" that answers (not under the sandbox's base, so it is not masked);
  // the server may probe it because scripts/e2e-server.sh lists it in FETCH_ALLOW_PRIVATE.
  const original = `${baseURL}/api/health?original=${word}.mp4`;
  const [item] = await seedGallery([
    { prompt: `${word} a reference clip`, files: [{ kind: "video", sourceUrl: original }] },
  ]);
  const studioCopy = `${baseURL}/api/media/${item.media[0].id}`;
  const gallery = new GalleryPage(page);
  await gallery.goto({ q: word });
  await gallery.open(item.id);
  await gallery.detail.getByTestId("use-as-reference").click();
  const candidates = gallery.detail.getByTestId("reference-candidate");
  await expect(candidates).toHaveCount(2);
  // Best first: the original answered the server's probe, so it is the default.
  await expect(candidates.nth(0)).toHaveAttribute("data-source", "upstream");
  await expect(candidates.nth(0).getByRole("radio")).toBeChecked();
  await expect(candidates.nth(0)).toContainText(original);
  await expect(candidates.nth(1)).toContainText(studioCopy);
  // The built-in sandbox fetches the local copy itself: no warning.
  await candidates.nth(1).getByRole("radio").check();
  await expect(gallery.detail.getByTestId("reference-warning")).toHaveCount(0);

  await gallery.detail
    .locator('[data-testid="reference-target"][data-model="sd_2.5_ORelay"][data-field="reference_videos"]')
    .click();
  await expect(page).toHaveURL(/model=sd_2\.5_ORelay/);
  await expect(page.getByTestId("prefill-notice")).toContainText("Added to Reference videos");
  const form = page.getByRole("form", { name: "Parameters for sd_2.5_ORelay" });
  await expect(form.getByRole("textbox", { name: "Reference videos 1" })).toHaveValue(studioCopy);
});

test("delete asks first, then removes the rows, files and thumbnails", async ({ page }) => {
  const word = uniqueWord("delete");
  const [item] = await seedGallery([
    { prompt: `${word} to be deleted`, files: [{ kind: "video" }, { kind: "image", role: "last_frame" }] },
  ]);
  const gallery = new GalleryPage(page);
  await gallery.goto({ q: word });
  // The gallery makes missing thumbnails on first sight; wait for them so their removal is tested too.
  await expect
    .poll(
      async () =>
        (await e2eDb().media.findMany({ where: { taskId: item.id, thumbPath: { not: null } } })).length,
    )
    .toBe(2);
  const thumbs = item.media.map((m) => path.join(e2eMediaDir, `thumbs/${m.id}.webp`));
  for (const file of [...thumbs, ...item.media.map((m) => m.absolutePath)])
    expect(fs.existsSync(file)).toBe(true);

  await gallery.open(item.id);
  await gallery.detail.getByTestId("detail-delete").click();
  await expect(gallery.confirm).toBeVisible();
  await gallery.confirm.getByRole("button", { name: "Cancel" }).click();
  expect(fs.existsSync(item.media[0].absolutePath)).toBe(true);

  await gallery.detail.getByTestId("detail-delete").click();
  await gallery.confirm.getByTestId("confirm-button").click();
  await expect(gallery.detail).toBeHidden();
  await expect(gallery.card(item.id)).toHaveCount(0);
  for (const file of [...thumbs, ...item.media.map((m) => m.absolutePath)])
    expect(fs.existsSync(file)).toBe(false);
  expect(await e2eDb().task.count({ where: { id: item.id } })).toBe(0);
  const response = await page.request.get(`/api/gallery/items/${item.id}`);
  expect(response.status()).toBe(404);
});

test("bulk zip download holds the selected files byte-identical", async ({ page }) => {
  const word = uniqueWord("zip");
  const [a, b, c] = await seedGallery([
    { prompt: `${word} first`, submittedAt: minutesAgo(3), files: [{ kind: "video" }] },
    {
      prompt: `${word} second`,
      submittedAt: minutesAgo(2),
      files: [{ kind: "image" }, { kind: "image", role: "last_frame" }],
    },
    { prompt: `${word} third`, submittedAt: minutesAgo(1), files: [{ kind: "video" }] },
  ]);
  const gallery = new GalleryPage(page);
  await gallery.goto({ q: word });
  await gallery.expectCards([c.id, b.id, a.id]);
  await gallery.select(b.id);
  await gallery.select(a.id, ["Shift"]);
  await expect(page.getByTestId("selected-count")).toHaveText("2 selected");

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByTestId("bulk-download").click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^model-studio_2-items_\d{4}-\d{2}-\d{2}\.zip$/);
  const zip = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "gallery-zip-")), "out.zip");
  await download.saveAs(zip);
  const names = execFileSync("unzip", ["-Z1", zip], { encoding: "utf8" }).trim().split("\n");
  expect(names).toHaveLength(3);
  const expected = [...b.media, ...a.media];
  for (const media of expected) {
    const name = names.find((n) => execFileSync("unzip", ["-p", zip, n]).equals(media.bytes));
    expect(name, `${media.path} is in the zip`).toBeTruthy();
  }
  expect(names.some((n) => n.includes("last-frame"))).toBe(true);
  expect(names.every((n) => n.includes("_sd_2.5_ORelay_") && n.includes(word.toLowerCase()))).toBe(true);
});

test("changing the filters clears the selection and its shift-click anchor", async ({ page }) => {
  const word = uniqueWord("select");
  const [a, b, c] = await seedGallery([
    { prompt: `${word} alpha`, submittedAt: minutesAgo(3) },
    { prompt: `${word} beta`, submittedAt: minutesAgo(2) },
    { prompt: `${word} gamma`, submittedAt: minutesAgo(1) },
  ]);
  const gallery = new GalleryPage(page);
  await gallery.goto({ q: word });
  await gallery.expectCards([c.id, b.id, a.id]);
  await gallery.select(c.id);
  await expect(page.getByTestId("selected-count")).toHaveText("1 selected");

  await gallery.searchFor(`${word} beta`);
  await gallery.expectCards([b.id]);
  await expect(gallery.bulkBar).toBeHidden();

  // Back under the first filters: the old selection does not come back, and a shift-click does not
  // extend a range from the tile clicked before the change.
  await gallery.searchFor(word);
  await gallery.expectCards([c.id, b.id, a.id]);
  await expect(gallery.bulkBar).toBeHidden();
  await gallery.select(a.id, ["Shift"]);
  await expect(page.getByTestId("selected-count")).toHaveText("1 selected");
});

test("compare shows two items side by side with differences and synchronized playback", async ({ page }) => {
  const word = uniqueWord("compare");
  const [a, b] = await seedGallery([
    {
      prompt: `${word} one`,
      request: { model: "sd_2.5_ORelay", prompt: `${word} one`, duration: 5 },
      // The shorter clip comes first: it must not lead the longer one.
      files: [{ kind: "video", seconds: 3 }],
    },
    {
      prompt: `${word} two`,
      request: { model: "sd_2.5_ORelay", prompt: `${word} two`, duration: 10 },
      files: [{ kind: "video", seconds: 6 }],
    },
  ]);
  const gallery = new GalleryPage(page);
  await gallery.goto({ q: word });
  await gallery.select(a.id);
  await gallery.select(b.id);
  await page.getByTestId("bulk-compare").click();
  const compare = page.getByTestId("compare-view");
  await expect(compare).toBeVisible();
  await expect(compare.locator('[data-testid="compare-row"][data-differs="true"]').first()).toContainText(
    "prompt",
  );
  await expect(compare.locator('[data-testid="compare-row"][data-differs="false"]').first()).toContainText(
    "model",
  );
  await expect(
    compare.locator('[data-testid="compare-row"][data-differs="true"]', { hasText: "duration" }),
  ).toHaveCount(1);

  const videos = compare.getByTestId("compare-video");
  await expect(videos).toHaveCount(2);
  await expect
    .poll(() => videos.evaluateAll((vs) => vs.every((v) => (v as HTMLVideoElement).readyState >= 1)))
    .toBe(true);
  const currentTimes = () => videos.evaluateAll((vs) => vs.map((v) => (v as HTMLVideoElement).currentTime));

  // Scrubbing moves every video to the same moment.
  await page.getByTestId("compare-scrubber").evaluate((input: HTMLInputElement) => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!.call(input, "1.5");
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });
  await expect
    .poll(async () => (await currentTimes()).every((t) => Math.abs(t - 1.5) < 0.05), {
      message: "every video at 1.5 s",
    })
    .toBe(true);

  await page.getByTestId("compare-play").click();
  await expect
    .poll(() => videos.evaluateAll((vs) => vs.map((v) => !(v as HTMLVideoElement).paused)))
    .toEqual([true, true]);
  const [short, long] = await currentTimes();
  expect(short).toBeGreaterThanOrEqual(1.4);
  expect(Math.abs(short - long)).toBeLessThan(0.3);
  // Past the end of the 3 s clip the 6 s one keeps playing (it is not pulled back to 3 s).
  await expect
    .poll(async () => (await currentTimes())[1], { message: "the longer video plays on", timeout: 10_000 })
    .toBeGreaterThan(4);
  const [ended, playing] = await currentTimes();
  expect(ended).toBeGreaterThan(2.9);
  expect(playing).toBeGreaterThan(4);
  await page.getByTestId("compare-play").click();
});

test("a task run through the API appears with its stored video and a poster", async ({
  page,
  request,
  baseURL,
}) => {
  const word = uniqueWord("live");
  const submit = await request.post("/api/v2/model-center/tasks", {
    data: { model: "sd_2.5_ORelay", prompt: `[fast] ${word} a comet over a lake`, duration: 5 },
  });
  expect(submit.ok()).toBe(true);
  const { id } = (await submit.json()) as { id: string };
  await expect
    .poll(
      async () => {
        const page = await (await request.get(`/api/gallery?q=${word}`)).json();
        const media = page.items[0]?.media[0];
        return media?.status === "stored" && Boolean(media.thumbnailUrl);
      },
      { timeout: 60_000, intervals: [1000] },
    )
    .toBe(true);
  const gallery = new GalleryPage(page);
  await gallery.goto({ q: word });
  await gallery.expectCards([id]);
  const poster = gallery.card(id).locator("img");
  await expect(poster).toHaveAttribute("src", /\/thumbnail$/);
  await expect.poll(() => poster.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await gallery.card(id).hover();
  await expect(gallery.card(id).getByTestId("hover-preview")).toBeVisible();

  // The sandbox's result URLs lie under the configured base URL, which no response reveals.
  const detail = await (await request.get(`/api/gallery/items/${id}`)).text();
  expect(detail).toContain("{base_url}/");
  expect(detail).not.toContain(`${baseURL}/api/sandbox`);
});

test("the gallery API names the parameter and the rule it rejects", async ({ request }) => {
  const list = await request.get("/api/gallery?rating=9&type=gif");
  expect(list.status()).toBe(400);
  const body = (await list.json()) as {
    error: { code: string; issues: { path: string; message: string }[] };
  };
  expect(body.error.code).toBe("invalid_request");
  expect(body.error.issues).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ path: "type", message: "must be video, image or sequence" }),
      expect.objectContaining({ path: "rating", message: "must be a whole number from 1 to 5" }),
    ]),
  );
  const word = uniqueWord("api");
  const [item] = await seedGallery([{ prompt: `${word} api item` }]);
  const patch = await request.patch(`/api/gallery/items/${item.id}`, { data: { rating: 0, colour: "red" } });
  expect(patch.status()).toBe(400);
  const missing = await request.patch("/api/gallery/items/no-such-task", { data: { favorite: true } });
  expect(missing.status()).toBe(404);
  const zip = await request.post("/api/gallery/zip", { data: { ids: [] } });
  expect(((await zip.json()) as { error: { issues: { path: string }[] } }).error.issues[0].path).toBe("ids");
});

test.describe("in New York", () => {
  // Days are the user's local days: 03:00 UTC on 10 March is still 9 March in New York.
  test.use({ timezoneId: "America/New_York" });

  test("a date range narrows the grid to the user's local days, and lives in the URL", async ({ page }) => {
    const word = uniqueWord("dates");
    const at = (iso: string) => new Date(iso);
    const [ninthLate, tenthMorning, tenthLate, eleventh] = await seedGallery([
      { prompt: `${word} 9 Mar 22:00 local`, submittedAt: at("2021-03-10T03:00:00Z") },
      { prompt: `${word} 10 Mar 07:00 local`, submittedAt: at("2021-03-10T12:00:00Z") },
      { prompt: `${word} 10 Mar 23:30 local`, submittedAt: at("2021-03-11T04:30:00Z") },
      { prompt: `${word} 11 Mar 07:00 local`, submittedAt: at("2021-03-11T12:00:00Z") },
    ]);
    const gallery = new GalleryPage(page);
    await gallery.goto({ q: word });
    await gallery.expectCards([eleventh.id, tenthLate.id, tenthMorning.id, ninthLate.id]);

    await page.getByTestId("filter-from").fill("2021-03-10");
    await expect(page).toHaveURL(/from=2021-03-10/);
    await gallery.expectCards([eleventh.id, tenthLate.id, tenthMorning.id]);
    await page.getByTestId("filter-to").fill("2021-03-10");
    await expect(page).toHaveURL(/to=2021-03-10/);
    await gallery.expectCards([tenthLate.id, tenthMorning.id]);
    await expect(gallery.total).toHaveText("2 items match");

    await page.reload();
    await expect(page.getByTestId("filter-from")).toHaveValue("2021-03-10");
    await expect(page.getByTestId("filter-to")).toHaveValue("2021-03-10");
    await gallery.expectCards([tenthLate.id, tenthMorning.id]);

    await page.getByTestId("filter-from").fill("");
    await gallery.expectCards([tenthLate.id, tenthMorning.id, ninthLate.id]);
  });
});

test("the expired filter shows lost results, including one whose last frame alone expired", async ({
  page,
}) => {
  const word = uniqueWord("expired");
  const [lost, partly, stored, failed] = await seedGallery([
    { prompt: `${word} result lost`, submittedAt: minutesAgo(4), mediaState: "expired" },
    {
      prompt: `${word} last frame lost`,
      submittedAt: minutesAgo(3),
      mediaState: "partial",
      files: [{ kind: "video" }, { kind: "image", role: "last_frame", expired: true }],
    },
    { prompt: `${word} all stored`, submittedAt: minutesAgo(2), files: [{ kind: "image" }] },
    {
      prompt: `${word} failed`,
      submittedAt: minutesAgo(1),
      status: "failed",
      error: "content review failed",
    },
  ]);
  const gallery = new GalleryPage(page);
  await gallery.goto({ q: word });
  await gallery.expectCards([failed.id, stored.id, partly.id, lost.id]);

  await page.getByTestId("filter-status").selectOption("expired");
  await expect(page).toHaveURL(/status=expired/);
  await gallery.expectCards([partly.id, lost.id]);
  await expect(gallery.total).toHaveText("2 items match");
  await expect(gallery.card(lost.id)).toContainText("Result expired before it was stored");
  await expect(gallery.card(partly.id)).toContainText("partly expired");

  await page.getByTestId("filter-status").selectOption("completed");
  await gallery.expectCards([stored.id, partly.id, lost.id]);
});

test("bulk favorite and bulk tag reach every selected item and persist", async ({ page }) => {
  const word = uniqueWord("bulk");
  const tag = uniqueWord("bulktag");
  const [a, b, c] = await seedGallery([
    { prompt: `${word} first`, submittedAt: minutesAgo(3), files: [{ kind: "image" }] },
    { prompt: `${word} second`, submittedAt: minutesAgo(2), files: [{ kind: "image" }] },
    { prompt: `${word} third`, submittedAt: minutesAgo(1), files: [{ kind: "image" }] },
  ]);
  const gallery = new GalleryPage(page);
  await gallery.goto({ q: word });
  await gallery.expectCards([c.id, b.id, a.id]);
  await gallery.select(b.id);
  await gallery.select(a.id);
  await expect(page.getByTestId("selected-count")).toHaveText("2 selected");

  await gallery.bulkBar.getByRole("button", { name: "Favorite", exact: true }).click();
  await expect(gallery.card(a.id).getByTestId("favorite-mark")).toBeVisible();
  await expect(gallery.card(b.id).getByTestId("favorite-mark")).toBeVisible();
  await gallery.bulkBar.getByTestId("bulk-tag-input").fill(tag);
  const tagged = page.waitForResponse((r) => r.url().endsWith("/api/gallery/bulk"));
  await gallery.bulkBar.getByTestId("bulk-tag-input").press("Enter");
  expect((await tagged).ok()).toBe(true);
  await expect(gallery.bulkBar.getByTestId("bulk-tag-input")).toHaveValue("");

  await page.reload();
  await gallery.expectCards([c.id, b.id, a.id]);
  await expect(gallery.card(a.id).getByTestId("favorite-mark")).toBeVisible();
  await expect(gallery.card(b.id).getByTestId("favorite-mark")).toBeVisible();
  await expect(gallery.card(c.id).getByTestId("favorite-mark")).toHaveCount(0);
  await page.getByTestId("filter-tag").selectOption(tag);
  await gallery.expectCards([b.id, a.id]);
  await gallery.open(a.id);
  await expect(gallery.detail.getByTestId("tag-chip")).toHaveText([`${tag}`]);
  await expect(gallery.detail.getByTestId("favorite-toggle")).toHaveAttribute("aria-pressed", "true");
});

test("use as reference shows the fields the stored file cannot meet as disabled, with the reason", async ({
  page,
}) => {
  const word = uniqueWord("limits");
  const [item] = await seedGallery([
    { prompt: `${word} a five second clip`, files: [{ kind: "video", seconds: 5, width: 640, height: 360 }] },
  ]);
  const gallery = new GalleryPage(page);
  await gallery.goto({ q: word });
  await gallery.open(item.id);
  await gallery.detail.getByTestId("use-as-reference").click();
  const target = (model: string, field: string) =>
    gallery.detail.locator(`[data-testid="reference-target"][data-model="${model}"][data-field="${field}"]`);

  // vendorm-H3-768p-c2 takes reference videos of at most 4 s in total.
  const tooLong = target("vendorm-H3-768p-c2", "reference_videos");
  await expect(tooLong).toHaveAttribute("aria-disabled", "true");
  await expect(tooLong).not.toHaveAttribute("href", /.*/);
  await expect(tooLong.getByTestId("reference-unmet")).toHaveText(
    "Length must be at most 4 s; this one is 5 s.",
  );
  // The asset library's 2–15 s and sd_2.5_ORelay take it.
  await expect(target("sd2_disc_nvid", "reference_videos")).toHaveAttribute("href", /model=sd2_disc_nvid/);
  await expect(target("sd_2.5_ORelay", "reference_videos")).not.toHaveAttribute("aria-disabled", "true");

  await expect(tooLong).toBeDisabled();
  await target("sd2_disc_nvid", "reference_videos").click();
  await expect(page).toHaveURL(/model=sd2_disc_nvid/);
  await expect(page.getByTestId("prefill-notice")).toContainText("Added to Reference videos");
});
