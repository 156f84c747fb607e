import { expect, test, type APIRequestContext } from "@playwright/test";
import { BatchPage } from "./pages/batch-page";
import { GalleryPage } from "./pages/gallery-page";
import { StudioPage } from "./pages/studio-page";
import { sandboxRequests } from "./support/sandbox-log";

const unique = (label: string) => `${label} ${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

/** Submits the sandbox received whose prompt is exactly `prompt`. */
async function upstreamSubmits(request: APIRequestContext, prompt: string) {
  const log = await sandboxRequests(request, "/v2/model-center/tasks");
  return log
    .filter((e) => e.method === "POST" && (e.body as { prompt?: unknown } | null)?.prompt === prompt)
    .map((e) => e.body as Record<string, unknown> & { model: string });
}

const MODELS = ["sd_2.5_ORelay", "sd2_disc_nvid", "vendors_5.0Pro"];

test("a batch of 3 models × 2 variations from the form: six results stored and shown in the batch grid", async ({
  page,
  request,
}) => {
  const studio = new StudioPage(page);
  const batch = new BatchPage(page);
  const prompt = unique("[fast] a kite over dunes, batch e2e");
  await studio.goto({ model: MODELS[0] });
  await studio.prompt.fill(prompt);
  await batch.variations.fill("2");
  await batch.alsoRunOn(MODELS[1], MODELS[2]);
  await expect(page.getByTestId("batch-summary")).toContainText("6 tasks: 3 models × 2 variations");
  // The image model has no duration or seed: the form says what it does not use.
  await expect(batch.panel(MODELS[2])).toContainText("Carries over: prompt");
  await expect(studio.submit).toHaveText("Run batch · 6 tasks");
  await studio.submit.click();

  const id = await batch.openedBatchId();
  await expect(page.getByTestId("batch-title")).toHaveText(prompt);
  await expect(batch.items).toHaveCount(6);
  // Every result, stored by the studio, in the grid: four videos and two images.
  await expect(batch.results).toHaveCount(6, { timeout: 90_000 });
  await expect(page.getByTestId("batch-stored-count")).toHaveText("6");
  const shown = await batch.results.evaluateAll((els) =>
    els.map((el) => ({ tag: el.tagName, url: el.getAttribute("data-media-url")! })),
  );
  expect(shown.filter((r) => r.tag === "VIDEO")).toHaveLength(4);
  expect(shown.filter((r) => r.tag === "IMG")).toHaveLength(2);
  for (const { tag, url } of shown) {
    const file = await request.get(url);
    expect(file.status()).toBe(200);
    expect(file.headers()["content-type"]).toMatch(tag === "VIDEO" ? /^video\/mp4/ : /^image\//);
    expect((await file.body()).length).toBeGreaterThan(100);
  }
  for (const model of MODELS)
    for (const variation of [1, 2])
      await expect(batch.item(model, variation).getByTestId("batch-item-status")).toHaveText("completed");

  // The upstream got each planned task once: two per model, the seeded model with two seeds.
  const submits = await upstreamSubmits(request, prompt);
  expect(submits.map((s) => s.model).sort()).toEqual([...MODELS, ...MODELS].sort());
  const seeds = submits.filter((s) => s.model === "sd2_disc_nvid").map((s) => s.seed);
  expect(new Set(seeds).size).toBe(2);
  expect(submits.filter((s) => s.model === "sd_2.5_ORelay").every((s) => s.seed === undefined)).toBe(true);

  // Review from the grid: favorite one, compare two.
  const first = batch.item(MODELS[0], 1);
  await first.getByTestId("batch-favorite").click();
  await expect(first.getByTestId("batch-favorite")).toHaveAttribute("aria-pressed", "true");
  await first.getByRole("checkbox", { name: /to compare/ }).check();
  await batch
    .item(MODELS[1], 1)
    .getByRole("checkbox", { name: /to compare/ })
    .check();
  await page.getByTestId("batch-compare").click();
  await expect(page.getByTestId("compare-view")).toBeVisible();
  await expect(page.getByTestId("compare-video")).toHaveCount(2);
  await page.getByTestId("compare-close").click();

  // The gallery filtered by this batch holds exactly its six tasks.
  await page.getByTestId("batch-open-gallery").click();
  const gallery = new GalleryPage(page);
  await expect(page).toHaveURL(new RegExp(`/gallery\\?batch=${id}`));
  await expect(gallery.total).toHaveText("6 items match");
  await expect(page.getByTestId("filter-batch")).toBeVisible();
  await expect(gallery.cards).toHaveCount(6);
});

test("one model's invalid item blocks the whole batch with its message, and nothing is sent", async ({
  page,
  request,
}) => {
  const studio = new StudioPage(page);
  const batch = new BatchPage(page);
  const prompt = unique("[fast] a heron at dawn, invalid batch e2e");
  await studio.goto({ model: "sd_2.5_ORelay" });
  await studio.prompt.fill(prompt);
  await studio.textbox("Duration (seconds)").fill("20"); // fine for sd_2.5_ORelay (4–30)
  await batch.variations.fill("2");
  await batch.alsoRunOn("sd2_disc_nvid"); // 4–15 s
  const message = "sd2_disc_nvid #1–2 · duration: must be an integer between 4 and 15 (got 20)";
  await expect(batch.panel("sd2_disc_nvid")).toContainText("must be an integer between 4 and 15 (got 20)");

  await studio.submit.click();
  await expect(batch.errors).toContainText("Nothing was sent");
  await expect(batch.errors).toContainText(message);
  await expect(page).not.toHaveURL(/\/batches\//);

  // The server refuses the same batch whole, with the same message, when a script sends it.
  const response = await request.post("/api/batches", {
    data: { models: ["sd_2.5_ORelay", "sd2_disc_nvid"], body: { prompt, duration: 20 }, variations: 2 },
  });
  expect(response.status()).toBe(400);
  const body = (await response.json()) as {
    error: { message: string; issues: { path: string; message: string }[] };
  };
  expect(body.error.issues).toEqual([
    { path: "body.duration", message, code: "range", params: { min: 4, max: 15, got: 20 } },
  ]);
  const batches = (await (await request.get("/api/batches?limit=100")).json()) as {
    items: { title: string }[];
  };
  expect(batches.items.some((b) => b.title === prompt)).toBe(false);
  expect(await upstreamSubmits(request, prompt)).toHaveLength(0);

  // A per-model override fixes it: sd2_disc_nvid runs 10 s, the other model keeps 20 s.
  await batch.panel("sd2_disc_nvid").getByRole("textbox", { name: "Duration (seconds)" }).fill("10");
  await expect(batch.panel("sd2_disc_nvid")).not.toHaveAttribute("data-invalid");
  await studio.submit.click();
  await batch.openedBatchId();
  await expect
    .poll(
      async () => (await upstreamSubmits(request, prompt)).map((s) => `${s.model}:${s.duration}`).sort(),
      {
        timeout: 30_000,
      },
    )
    .toEqual(["sd2_disc_nvid:10", "sd2_disc_nvid:10", "sd_2.5_ORelay:20", "sd_2.5_ORelay:20"]);
});
