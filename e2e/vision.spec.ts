import path from "node:path";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { createDb } from "@/lib/db-client";
import { seedTasks } from "@/lib/gallery/testing/seed-tasks";
import { makePng } from "@/lib/testing/media-fixtures";
import { StudioPage } from "./pages/studio-page";
import { signIn } from "./support/accounts";
import { VISION_PORT } from "./support/ports";
import { freshDatabase, startStudio, waitUntilReady, type StudioProcess } from "./support/studio-start";
import { E2E_SPEED } from "./support/test-speed";

/**
 * Issue 25's "done means", on a studio of its own with accounts on: Improve prompt shows a diff,
 * accepting it and submitting sends the improved text upstream; with describing on, the stored
 * result gets a caption from the vision model (the sandbox's, from what it generated); searching a
 * word only in the caption finds the item with the word highlighted; a member over budget gets no
 * description and sees why.
 */
test.describe.configure({ mode: "serial" });

const baseURL = `http://127.0.0.1:${VISION_PORT}`;
const ADMIN = { email: "vision-admin@example.com", password: "vision admin password" };
const MEMBER = { email: "vision-member@example.com", password: "vision member password" };
const IMAGE_MODEL = "vendors_5.0Pro";
const PROMPT = `[fast] a quiet morning ${Date.now().toString(36)}`;
const IMPROVED = `${PROMPT}, cinematic lighting, rich detail`;

let studio: StudioProcess;
let database: { DATABASE_URL: string; MEDIA_DIR: string };
let memberTask = "";

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(180_000);
  database = freshDatabase(`vision-${VISION_PORT}`);
  studio = await startStudio({
    ...database,
    ...E2E_SPEED,
    HOST: "127.0.0.1",
    PORT: String(VISION_PORT),
    AUTH: "on",
    SANDBOX_REQUEST_LOG: "1",
    DESCRIBE_PACE_MS: "100",
  });
  await waitUntilReady(studio, 120_000);
  const api = await playwright.request.newContext({ baseURL });
  expect((await api.post("/api/auth/setup", { data: { ...ADMIN, name: "Admin" } })).status()).toBe(201);
  const made = await api.post("/api/admin/users", {
    data: { ...MEMBER, name: "Max Member", role: "member", adminPassword: ADMIN.password },
  });
  expect(made.status()).toBe(201);
  const memberId = ((await made.json()) as { id: string }).id;
  await api.dispose();

  // The member is over their text budget (no tokens a day) and has a stored image.
  const media = path.resolve(database.MEDIA_DIR);
  const image = await makePng(path.join(media, "seed/vision-member.png"), { width: 320, height: 200 });
  const db = createDb(database.DATABASE_URL);
  memberTask = `vision-member-${Date.now()}`;
  await seedTasks(db, [
    {
      id: memberTask,
      userId: memberId,
      kind: "image",
      prompt: "a member's picture",
      media: [{ path: "seed/vision-member.png", contentType: "image/png", size: image.length }],
    },
  ]);
  await db.budget.create({ data: { userId: memberId, dailyTokens: 0 } });
  await db.$disconnect();
});

test.afterAll(async () => {
  await studio?.stop();
});

async function upstreamPrompts(request: APIRequestContext): Promise<string[]> {
  // A kept-alive connection the server closed while the task ran answers ECONNRESET: ask again.
  const response = await request
    .get("/api/sandbox/_requests")
    .catch(() => request.get("/api/sandbox/_requests"));
  const log = (await response.json()) as {
    method: string;
    path: string;
    body: { prompt?: string } | null;
  }[];
  return log
    .filter((e) => e.method === "POST" && e.path.startsWith("/v2/model-center/tasks"))
    .map((e) => e.body?.prompt ?? "");
}

test("Improve prompt, accept, submit: the improved text goes upstream and the result gets a caption", async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signIn(page, ADMIN);
  // Describing on for this admin's results.
  const settings = await page.request.put("/api/vision/settings", { data: { mine: true } });
  expect(await settings.json()).toMatchObject({ mine: true });

  const studioPage = new StudioPage(page);
  await studioPage.goto();
  await studioPage.selectModel(IMAGE_MODEL);
  await studioPage.prompt.fill(PROMPT);
  await page.getByRole("button", { name: "Improve prompt" }).click();
  const panel = page.getByTestId("improve-prompt-panel");
  await panel.getByRole("button", { name: "Improve", exact: true }).click();
  await expect(panel.getByTestId("prompt-diff").locator("ins")).toHaveText(
    ", cinematic lighting, rich detail",
  );
  await expect(panel.getByTestId("improve-cost")).toContainText("tokens");
  // Nothing is sent upstream until the user submits.
  expect(await upstreamPrompts(page.request)).toEqual([]);
  await panel.getByRole("button", { name: "Accept" }).click();
  await expect(studioPage.prompt).toHaveValue(IMPROVED);
  await studioPage.submit.click();
  await studioPage.waitForStatus("completed");
  await expect.poll(() => upstreamPrompts(page.request)).toEqual([IMPROVED]);

  // The stored result is described: its caption in the detail view.
  const taskId = await studioPage.openTaskId();
  await page.goto(`/gallery?item=${taskId}`);
  await expect(page.getByTestId("shown-caption")).toHaveText(
    /^A \w+ sky over rolling hills with a pale sun\.$/,
    {
      timeout: 60_000,
    },
  );
  await page.keyboard.press("Escape");

  // A word only in the caption finds it, with the word highlighted on the card.
  await page.goto(`/gallery?q=hills`);
  const card = page.getByTestId("gallery-card");
  await expect(card).toHaveCount(1);
  await expect(card).toHaveAttribute("data-item-id", taskId);
  await expect(card.getByTestId("shown-match").locator("mark")).toHaveText("hills");
  await context.close();
});

test("a member over budget gets no description and sees why", async ({ browser }) => {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signIn(page, MEMBER);
  await page.goto(`/gallery?item=${memberTask}`);
  const panel = page.getByRole("region", { name: "What is shown" });
  await expect(panel).toContainText("Not described yet.");
  await panel.getByRole("button", { name: "Describe", exact: true }).click();
  await expect(panel.getByTestId("shown-reason")).toContainText("Over your daily token budget", {
    timeout: 30_000,
  });
  await expect(panel.getByTestId("shown-caption")).toHaveCount(0);
  await context.close();
});
