import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { makePng } from "@/lib/testing/media-fixtures";
import { AssetsPage } from "./pages/assets-page";
import { StudioPage } from "./pages/studio-page";
import { sandboxRequests } from "./support/sandbox-log";

const unique = (label: string) => `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

async function png(label: string) {
  const buffer = await makePng(path.join(os.tmpdir(), `${label}.png`), { width: 320, height: 240, label });
  return { name: `${label}.png`, mimeType: "image/png", buffer };
}

test("an asset recorded with review passed is picked into an asset-library model and the task is accepted", async ({
  page,
  request,
}) => {
  const assets = new AssetsPage(page);
  const assetId = unique("hero");
  const pendingId = unique("draft");
  const label = `Hero frame ${assetId}`;
  await assets.goto();
  await assets.record({ assetId, label, review: "Review passed", preview: await png(assetId) });
  await assets.record({ assetId: pendingId, label: `Draft ${pendingId}`, review: "Review pending" });

  const card = assets.card(assetId);
  await expect(card.getByTestId("review-badge")).toHaveText("Review passed");
  await expect(card.getByRole("img", { name: `Preview of ${label}` })).toBeVisible();
  expect(await card.getByRole("img").evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
  // The same id again is refused on its field, naming the rule.
  await assets.record({ assetId: unique("other"), label: "Other" });
  await assets.recordForm.getByLabel("Asset id").fill(assetId);
  await assets.recordForm.getByLabel("Label").fill("Duplicate");
  await assets.recordForm.getByRole("button", { name: "Record asset" }).click();
  await expect(page.getByTestId("error-asset-id")).toContainText(`you already recorded "${assetId}"`);

  const studio = new StudioPage(page);
  const prompt = unique("a lighthouse at dawn, assets e2e");
  await studio.goto({ model: "sd2_disc_nvid" });
  await studio.prompt.fill(prompt);
  const images = studio.form.getByRole("group", { name: "Reference images" });
  await images.getByRole("button", { name: "Pick from asset library" }).click();
  const picker = images.getByTestId("asset-picker");
  await expect(picker).toBeVisible();
  // A not-passed asset is offered with a visible warning; the passed one without.
  const pending = picker.locator(`[data-testid="asset-option"][data-asset-id="${pendingId}"]`);
  await expect(pending).toContainText("Review has not passed (pending): the task may fail review.");
  await expect(pending.getByRole("button", { name: /^Use anyway/ })).toBeVisible();
  const passed = picker.locator(`[data-testid="asset-option"][data-asset-id="${assetId}"]`);
  await expect(passed).not.toContainText("may fail review");
  await passed.getByRole("button", { name: `Use ${label}` }).click();
  await expect(picker).toBeHidden();
  await expect(images.getByRole("textbox", { name: "Reference images 1" })).toHaveValue(
    `assetId://${assetId}`,
  );

  await studio.submit.click();
  await studio.openTaskId();
  const submits = (await sandboxRequests(request, "/v2/model-center/tasks")).filter(
    (entry) => entry.method === "POST" && (entry.body as { prompt?: string } | null)?.prompt === prompt,
  );
  expect(submits).toHaveLength(1);
  expect((submits[0].body as { reference_images?: string[] }).reference_images).toEqual([
    `assetId://${assetId}`,
  ]);
  await expect(studio.status).not.toHaveText(/failed/i);
});

test("a model outside the asset library offers no picker and refuses a typed assetId://", async ({
  page,
}) => {
  const studio = new StudioPage(page);
  await studio.goto({ model: "vendorm-H3-768p-c2" });
  await expect(studio.form.getByRole("button", { name: "Pick from asset library" })).toHaveCount(0);
  await studio.prompt.fill(unique("no assets here"));
  await studio.addMediaUrl("Reference images", "assetId://x");
  await studio.submit.click();
  await expect(page.getByTestId("error-param-reference_images-0")).toHaveText(
    "assetId:// references are accepted only by the asset-library models sd2_disc_nvid and sd_2.0_mini_discount; use a public http(s) URL",
  );
  await expect(page).not.toHaveURL(/[?&]task=/);
});

test("uploading through the studio records the endpoint's id as pending", async ({ page, request }) => {
  const assets = new AssetsPage(page);
  const label = unique("upload");
  await assets.goto();
  await page.getByRole("button", { name: "Upload to the asset library" }).click();
  await assets.uploadForm.getByLabel("File").setInputFiles(await png(label));
  await assets.uploadForm.getByLabel("Label").fill(label);
  await assets.uploadForm.getByRole("button", { name: "Upload to the asset library" }).click();
  await expect(assets.uploadForm.getByRole("status")).toContainText(
    /Uploaded: assetId:\/\/sbx-asset-[0-9a-f]{16}, review pending\./,
  );
  const card = page.getByTestId("asset-card").filter({ hasText: label });
  await expect(card.getByTestId("review-badge")).toHaveText("Review pending");
  await expect(card).toContainText("uploaded through the studio");
  // The sandbox received the file; the key was sent and never shows in the page.
  const uploads = await sandboxRequests(request, "/assets/upload");
  expect(uploads.length).toBeGreaterThan(0);
  expect(uploads.every((entry) => entry.authorization)).toBe(true);
  await expect(page.locator("body")).not.toContainText("sandbox-key");

  // Review state is edited on the card and survives a reload.
  await card.getByRole("combobox", { name: `Review state of ${label}` }).selectOption("passed");
  await expect(card.getByTestId("review-badge")).toHaveText("Review passed");
  await page.reload();
  await expect(
    page.getByTestId("asset-card").filter({ hasText: label }).getByTestId("review-badge"),
  ).toHaveText("Review passed");
  // Delete asks first.
  await page
    .getByTestId("asset-card")
    .filter({ hasText: label })
    .getByRole("button", { name: "Delete" })
    .click();
  await page.getByRole("dialog").getByTestId("confirm-button").click();
  await expect(page.getByTestId("asset-card").filter({ hasText: label })).toHaveCount(0);
});
