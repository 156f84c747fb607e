import { expect, test } from "@playwright/test";
import { GalleryPage } from "./pages/gallery-page";
import { StudioPage } from "./pages/studio-page";
import { sandboxRequests } from "./support/sandbox-log";

/**
 * A v1 family model from the form to the gallery. With the built-in sandbox and no mapping file the
 * studio lists the sandbox's demo families (family-a … family-e, lib/catalog/v1/mapping.ts).
 */
test("a v1 family task goes from the generated form to the gallery with a v1 badge", async ({
  page,
  request,
}) => {
  const studio = new StudioPage(page);
  const prompt = `a kite over dunes, v1 e2e ${Date.now()} [fast]`;
  await studio.goto();
  await studio.selectModel("family-a-standard");
  await expect(page.getByText("Sent to the v1 endpoint POST /v1/family-a/videos")).toBeVisible();

  // The family's rules drive the form: seconds is a choice of 4, 8 or 12; the ratio is free text.
  const seconds = studio.select("Length (seconds)");
  await expect(seconds.locator("option")).toHaveText(["Default (4)", "4", "8", "12"]);
  await studio.prompt.fill(prompt);
  await seconds.selectOption("8");
  await studio.textbox("Aspect ratio").fill("wide");
  await studio.submit.click();
  await expect(studio.fieldError("aspect_ratio")).toContainText("must be width:height, such as 16:9 or 9:16");
  await studio.textbox("Aspect ratio").fill("9:16");
  await studio.submit.click();

  const taskId = await studio.openTaskId();
  await studio.waitForStatus("completed");
  await expect(studio.video).toBeVisible({ timeout: 60_000 });

  // The upstream received the spec's v1 create body at the family's path.
  const creates = (await sandboxRequests(request, "/v1/family-a/videos")).filter(
    (entry) => entry.method === "POST" && (entry.body as { prompt?: string }).prompt === prompt,
  );
  expect(creates).toHaveLength(1);
  expect(creates[0].body).toEqual({ model: "family-a-standard", prompt, aspect_ratio: "9:16", seconds: 8 });

  const gallery = new GalleryPage(page);
  await gallery.goto();
  const card = gallery.card(taskId);
  await expect(card).toBeVisible();
  await expect(card.getByTestId("item-badges")).toContainText("v1 · family-a");
  await gallery.open(taskId);
  await expect(gallery.detail).toContainText("family-a-standard");
  await expect(gallery.detail.locator("video")).toBeVisible();
});
