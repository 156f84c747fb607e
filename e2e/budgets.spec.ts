import path from "node:path";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { createDb, type Db } from "@/lib/db-client";
import { freshDatabase, startStudio, waitUntilReady, type StudioProcess } from "./support/studio-start";

/**
 * Budgets with accounts on, in a studio of its own (its own users and spend, apart from the
 * accounts spec's server): an admin sets a member's daily budget on /admin; the member's form shows
 * the estimate and what is left, a submit that would pass the budget is refused with its numbers and
 * never reaches the upstream; /spend draws the charts; a batch whose owner's spend rises while it
 * runs is held at the budget ("held: budget") and resumed after the admin raises it (issue 18).
 */
test.describe.configure({ mode: "serial" });

const port = Number(process.env.E2E_PORT ?? 3100) + 4;
const ADMIN = { email: "boss@example.com", password: "boss password 123" };
const MEMBER = { email: "spender@example.com", password: "spender password 123" };
const MODEL = "sd_2.5_ORelay";

let studio: StudioProcess;
let db: Db;
let url: string;

test.beforeAll(async () => {
  const files = freshDatabase(`budgets-${port}`);
  studio = await startStudio({
    ...files,
    HOST: "127.0.0.1",
    PORT: String(port),
    AUTH: "on",
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SANDBOX_REQUEST_LOG: "1",
  });
  await waitUntilReady(studio);
  url = studio.url;
  db = createDb(`file:${path.resolve(files.DATABASE_URL.slice("file:".length))}`);
});

test.afterAll(async () => {
  await db?.$disconnect();
  await studio?.stop();
});

async function signIn(browser: Browser, who: { email: string; password: string }): Promise<Page> {
  const context = await browser.newContext({ baseURL: url });
  const page = await context.newPage();
  await page.goto("/login");
  await page.getByLabel("E-mail").fill(who.email);
  await page.getByLabel("Password").fill(who.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("user-menu")).toContainText(who.email);
  return page;
}

/** Completed tasks as the tracker leaves them: the estimate's history and the member's spend. */
async function seedHistory(memberId: string) {
  const at = new Date();
  const task = (id: string, amount: number, userId: string | null) => ({
    id,
    model: MODEL,
    kind: "video",
    status: "completed",
    prompt: "history",
    request: JSON.stringify({ model: MODEL, prompt: "history", duration: 4 }),
    amount,
    userId,
    submittedAt: at,
    finishedAt: at,
  });
  await db.task.createMany({
    data: [
      task("hist-1", 2, null),
      task("hist-2", 2, null),
      task("hist-3", 2.5, null),
      task("mine-1", 2, memberId),
    ],
  });
}

test("a submit over the member's daily budget is refused in the form with its numbers; the upstream hears nothing", async ({
  browser,
}) => {
  const admin = await signIn(browser, ADMIN);
  const created = await admin.request.post("/api/admin/users", {
    data: { email: MEMBER.email, password: MEMBER.password, role: "member", adminPassword: ADMIN.password },
  });
  expect(created.status()).toBe(201);
  const memberId = ((await created.json()) as { id: string }).id;
  await seedHistory(memberId);

  await admin.goto("/admin");
  const row = admin.locator(`[data-testid="user-row"][data-email="${MEMBER.email}"]`);
  await row.getByLabel(`Daily budget of ${MEMBER.email} (credits)`).fill("3");
  await row.getByRole("button", { name: "Save" }).click();
  await expect(row.getByRole("status")).toHaveText("Saved");

  const member = await signIn(browser, MEMBER);
  await member.goto(`/?model=${encodeURIComponent(MODEL)}`);
  const form = member.getByTestId("task-form");
  await form.getByRole("textbox", { name: "Prompt", exact: true }).fill("a lighthouse at dusk");
  // Median of the completed 4 s tasks: 2 credits; 3 − 2 spent = 1 left today.
  await expect(member.getByTestId("cost-estimate")).toHaveText("≈ 2 credits · 1 of 3 left today");

  await member.request.delete("/api/sandbox/_requests");
  await member.getByTestId("submit-task").click();
  const alert = member.getByTestId("submit-error");
  await expect(alert).toContainText("Over your daily budget: nothing was sent");
  await expect(alert).toContainText("2 credits spent today, this task ≈ 2 credits; the limit is 3 credits");

  // No submit reached the upstream (the tracker may still ask it about the seeded tasks).
  const log = (await (await member.request.get("/api/sandbox/_requests")).json()) as {
    method: string;
    path: string;
  }[];
  expect(log.filter((entry) => entry.method === "POST")).toEqual([]);
  expect(await db.task.count({ where: { prompt: "a lighthouse at dusk" } })).toBe(0);

  // The API answers the same, with the numbers as fields.
  const api = await member.request.post("/api/v2/model-center/tasks", {
    data: { model: MODEL, prompt: "through the API" },
  });
  expect(api.status()).toBe(402);
  expect((await api.json()).error).toMatchObject({
    code: "budget_exceeded",
    period: "day",
    spent: 2,
    limit: 3,
    estimate: 2,
  });

  // Settings nobody ran yet: the 4 s tasks scaled by duration (2 × 30 / 4), marked uncertain.
  await form.getByLabel("Duration (seconds)").fill("30");
  await expect(member.getByTestId("cost-estimate")).toHaveText(
    "≈ 15 credits (estimate uncertain) · 1 of 3 left today",
  );
});

test("/spend draws the member's credits per day and model, and every user's for the admin", async ({
  browser,
}) => {
  const member = await signIn(browser, MEMBER);
  await member.getByRole("link", { name: "Spend" }).click();
  await expect(member).toHaveURL(/\/spend$/);
  await expect(member.getByTestId("spend-total")).toHaveText("2");
  await expect(member.getByTestId("spend-budget")).toContainText("Today: 2 spent of 3 credits");
  // A drawn chart: its SVG with at least one bar (today's credits).
  const perDay = member.getByTestId("chart-per-day");
  await expect(perDay.getByRole("application")).toBeVisible();
  await expect(perDay.locator(".recharts-bar-rectangle path").first()).toBeVisible();
  await expect(member.getByTestId("chart-per-model")).toContainText(MODEL);
  await expect(member.getByTestId("chart-per-user")).toHaveCount(0);
  // A member cannot ask for someone else's.
  expect((await member.request.get("/api/spend?user=all")).status()).toBe(403);

  const admin = await signIn(browser, ADMIN);
  await admin.goto("/spend");
  await expect(admin.getByTestId("spend-total")).toHaveText("8.5");
  const perUser = admin.getByTestId("chart-per-user");
  await expect(perUser.locator(".recharts-bar-rectangle path")).toHaveCount(2);
  await expect(perUser).toContainText(MEMBER.email);
  await expect(perUser).toContainText("Local user");
});

test("a member's batch stops at the budget with its items held, and resumes after an admin raises it", async ({
  browser,
}) => {
  const admin = await signIn(browser, ADMIN);
  const member = await signIn(browser, MEMBER);
  const memberId = (await db.user.findUniqueOrThrow({ where: { email: MEMBER.email } })).id;
  const setDaily = async (credits: string) => {
    await admin.goto("/admin");
    const row = admin.locator(`[data-testid="user-row"][data-email="${MEMBER.email}"]`);
    await row.getByLabel(`Daily budget of ${MEMBER.email} (credits)`).fill(credits);
    await row.getByRole("button", { name: "Save" }).click();
    await expect(row.getByRole("status")).toHaveText("Saved");
  };
  // 2 spent today; three 4 s tasks ≈ 2 each: 8 of 9, admitted as a whole.
  await setDaily("9");
  const prompt = "a held batch of lighthouses";
  const created = await member.request.post("/api/batches", {
    data: { models: [MODEL], body: { prompt, duration: 4 }, variations: 3, intervalMs: 4000 },
  });
  expect(created.status()).toBe(201);
  const batchId = ((await created.json()) as { id: string }).id;
  const states = async () =>
    (await db.batchItem.findMany({ where: { batchId }, orderBy: { index: "asc" } })).map((i) => i.state);
  await expect.poll(states, { timeout: 20_000 }).toContain("sent");

  // Meanwhile another of the member's tasks settles dearer than anyone guessed: 5.5 credits. The
  // runner checks the budget again before each send, so the rest of the batch is held, not sent.
  const at = new Date();
  await db.task.create({
    data: {
      id: "mine-dear",
      model: MODEL,
      kind: "video",
      status: "completed",
      prompt: "dear",
      request: JSON.stringify({ model: MODEL, prompt: "dear", duration: 4 }),
      amount: 5.5,
      userId: memberId,
      submittedAt: at,
      finishedAt: at,
    },
  });
  await expect.poll(states, { timeout: 20_000 }).toEqual(["sent", "held_budget", "held_budget"]);
  const sends = async () =>
    (
      (await (await member.request.get("/api/sandbox/_requests")).json()) as {
        method: string;
        body?: unknown;
      }[]
    ).filter((entry) => entry.method === "POST" && JSON.stringify(entry).includes(prompt)).length;
  expect(await sends()).toBe(1);

  await member.goto(`/batches/${batchId}`);
  const held = member.getByTestId("batch-held");
  await expect(held).toContainText("2 items held: budget");
  await expect(held).toContainText("Over your daily budget");
  await expect(member.getByTestId("batch-counts")).toContainText("2 held: budget");
  // Resuming before the budget is raised is refused with the numbers; nothing is sent.
  await member.getByTestId("batch-resume").click();
  await expect(member.getByTestId("batch-resume-error")).toContainText("Over your daily budget");
  expect(await states()).toEqual(["sent", "held_budget", "held_budget"]);

  await setDaily("30");
  await member.getByTestId("batch-resume").click();
  await expect(held).toHaveCount(0);
  await expect.poll(states, { timeout: 30_000 }).toEqual(["sent", "sent", "sent"]);
  await expect.poll(sends, { timeout: 10_000 }).toBe(3);
});
