import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { makeMp4, makePng } from "@/lib/testing/media-fixtures";
import { sandboxRequests } from "./support/sandbox-log";
import { seedGallery, uniqueWord } from "./support/seed";
import { BatchPage } from "./pages/batch-page";
import { StudioPage } from "./pages/studio-page";

/** Media checked before spending (issue 11 part 3): real files uploaded through the form. */
const MODEL = "sd2_disc_nvid";
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "e2e-media-"));
test.afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const uniquePrompt = (label: string) => `${label} ${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

async function upstreamSubmits(request: APIRequestContext, prompt: string) {
  const log = await sandboxRequests(request, "/v2/model-center/tasks");
  return log.filter(
    (entry) => entry.method === "POST" && (entry.body as { prompt?: unknown } | null)?.prompt === prompt,
  );
}

test("an uploaded 200×200 image is refused on the 300 px limit and nothing reaches the upstream", async ({
  page,
  request,
}) => {
  const small = path.join(dir, "small.png");
  await makePng(small, { width: 200, height: 200 });
  const studio = new StudioPage(page);
  const prompt = uniquePrompt("media check small image");
  await studio.goto({ model: MODEL });
  await studio.prompt.fill(prompt);

  await page.getByTestId("upload-input-param-reference_images").setInputFiles(small);
  const row = studio.form.getByRole("textbox", { name: "Reference images 1" });
  await expect(row).toHaveValue(/\/api\/uploads\/[\w-]+$/);
  await studio.submit.click();

  const error = page.getByTestId("error-param-reference_images-0");
  await expect(error).toContainText("300 px");
  await expect(error).toContainText("200×200");
  expect(await upstreamSubmits(request, prompt)).toEqual([]);
});

test("an uploaded 20 s video is refused on the 15 s limit with its measured length", async ({
  page,
  request,
}) => {
  const long = path.join(dir, "long.mp4");
  makeMp4(long, { seconds: 20, width: 320, height: 240 });
  const studio = new StudioPage(page);
  const prompt = uniquePrompt("media check long video");
  await studio.goto({ model: MODEL });
  await studio.prompt.fill(prompt);

  await page.getByTestId("upload-input-param-reference_videos").setInputFiles(long);
  await expect(studio.form.getByRole("textbox", { name: "Reference videos 1" })).toHaveValue(
    /\/api\/uploads\//,
  );
  await studio.submit.click();

  const error = page.getByTestId("error-param-reference_videos-0");
  await expect(error).toContainText("15 s");
  await expect(error).toContainText("this one is 20 s");
  expect(await upstreamSubmits(request, prompt)).toEqual([]);
});

test("a file the studio cannot fetch is a warning the user can override with Send anyway", async ({
  page,
  request,
}) => {
  const studio = new StudioPage(page);
  const prompt = uniquePrompt("media check unreachable");
  await studio.goto({ model: MODEL });
  await studio.prompt.fill(prompt);
  // A private address the SSRF guard refuses: the studio cannot check it, a real upstream might reach it.
  await studio.addMediaUrl("Reference images", "http://10.255.255.1/frame.png");
  await studio.submit.click();

  const alert = page.getByTestId("submit-error");
  await expect(alert).toContainText("could not be checked");
  await expect(page.getByTestId("media-unverified")).toContainText("reference_images[0]");
  expect(await upstreamSubmits(request, prompt)).toEqual([]);

  await page.getByTestId("send-anyway").click();
  await studio.openTaskId();
  await expect.poll(async () => (await upstreamSubmits(request, prompt)).length).toBe(1);
});

test("a batch with a file the studio cannot fetch is sent only after Send anyway", async ({
  page,
  request,
}) => {
  const studio = new StudioPage(page);
  const batch = new BatchPage(page);
  const prompt = uniquePrompt("media check unreachable batch");
  await studio.goto({ model: MODEL });
  await studio.prompt.fill(prompt);
  await studio.addMediaUrl("Reference images", "http://10.255.255.1/frame.png");
  await batch.variations.fill("2");
  await studio.submit.click();

  await expect(page.getByTestId("media-unverified")).toContainText("reference_images[0]");
  expect(await upstreamSubmits(request, prompt)).toEqual([]);
  await page.getByTestId("send-anyway").click();
  await batch.openedBatchId();
  await expect.poll(async () => (await upstreamSubmits(request, prompt)).length, { timeout: 30_000 }).toBe(2);
});

test("a valid uploaded image is sent and the task is accepted", async ({ page, request }) => {
  const good = path.join(dir, "good.png");
  await makePng(good, { width: 640, height: 480 });
  const studio = new StudioPage(page);
  const prompt = uniquePrompt("media check good image");
  await studio.goto({ model: MODEL });
  await studio.prompt.fill(prompt);

  await page.getByTestId("upload-input-param-reference_images").setInputFiles(good);
  const row = studio.form.getByRole("textbox", { name: "Reference images 1" });
  await expect(row).toHaveValue(/\/api\/uploads\/[\w-]+$/);
  const url = await row.inputValue();
  // The stored upload is served with byte ranges, as the upstream may fetch it.
  const range = await request.get(url, { headers: { Range: "bytes=0-7" } });
  expect(range.status()).toBe(206);
  expect(Buffer.from(await range.body())).toEqual(fs.readFileSync(good).subarray(0, 8));

  await studio.submit.click();
  const taskId = await studio.openTaskId();
  expect(taskId).toBeTruthy();
  const submits = await upstreamSubmits(request, prompt);
  expect(submits).toHaveLength(1);
  expect((submits[0].body as { reference_images?: string[] }).reference_images).toEqual([url]);
});

test("a gallery file picked into a media field is checked from the studio's own copy", async ({
  page,
  request,
}) => {
  const word = uniqueWord("refpick");
  await seedGallery([
    { prompt: `${word} small frame`, kind: "image", files: [{ kind: "image", width: 200, height: 120 }] },
  ]);
  const studio = new StudioPage(page);
  const prompt = uniquePrompt("media check gallery pick");
  await studio.goto({ model: MODEL });
  await studio.prompt.fill(prompt);
  const field = studio.form.getByRole("group", { name: "Reference images" });
  await field.getByRole("button", { name: /Pick from gallery/ }).click();
  await page.getByTestId("gallery-picker-search").fill(word);
  await expect(page.getByTestId("gallery-pick")).toHaveCount(1);
  await page.getByTestId("gallery-pick").click();
  await expect(field.getByRole("textbox").last()).toHaveValue(/^https?:\/\/.+/);

  await studio.submit.click();
  const error = page.getByTestId("error-param-reference_images-0");
  await expect(error).toContainText("300 px");
  await expect(error).toContainText("200×120");
  expect(await upstreamSubmits(request, prompt)).toEqual([]);
});
