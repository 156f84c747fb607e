import { expect, test, type Browser, type Page } from "@playwright/test";
import { ADMIN, signIn } from "./support/accounts";
import { OWNERSHIP_PORT } from "./support/ports";
import { freshDatabase, startStudio, waitUntilReady, type StudioProcess } from "./support/studio-start";

/**
 * Ownership with accounts on (AUTH=on), in a studio of its own whose admin is set up from the
 * environment (so this spec need not wait for e2e/accounts.spec.ts to set one up in the browser):
 * two members who cannot see each other's tasks, gallery items or chats — in the pages and in the
 * API, where another member's item is a 404 — and an admin who sees both and filters the gallery
 * by user.
 */
test.describe.configure({ mode: "serial" });

// playwright.config.ts's "ownership" project points its baseURL at this studio.
const port = OWNERSHIP_PORT;
let studio: StudioProcess;

test.beforeAll(async () => {
  studio = await startStudio({
    ...freshDatabase(`ownership-${port}`),
    HOST: "127.0.0.1",
    PORT: String(port),
    AUTH: "on",
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  });
  await waitUntilReady(studio);
});

test.afterAll(async () => {
  await studio?.stop();
});

const stamp = Date.now();
const ADA = { email: `ada.${stamp}@example.com`, password: "ada password 123" };
const BOB = { email: `bob.${stamp}@example.com`, password: "bob password 123" };
const made: Record<string, { taskId: string; prompt: string; chatId: string; chatTitle: string }> = {};
const userIds: Record<string, string> = {};

async function pageAs(browser: Browser, baseURL: string, who: { email: string; password: string }) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signIn(page, who);
  return page;
}

/** One task (through the studio form's API) and one conversation, as `page`'s user. */
async function makeThings(page: Page, name: string) {
  const prompt = `${name}'s lighthouse ${stamp}`;
  const submitted = await page.request.post("/api/v2/model-center/tasks", {
    data: { model: "sd_2.5_ORelay", prompt, duration: 5 },
  });
  expect(submitted.status()).toBe(200);
  const chatTitle = `${name}'s secret plans ${stamp}`;
  const chat = await page.request.post("/api/chat/conversations", { data: { title: chatTitle } });
  expect(chat.status()).toBe(201);
  made[name] = {
    taskId: ((await submitted.json()) as { id: string }).id,
    prompt,
    chatId: ((await chat.json()) as { id: string }).id,
    chatTitle,
  };
}

test("an admin creates two members, each of whom makes a task and a chat", async ({
  page,
  browser,
  baseURL,
}) => {
  await signIn(page, ADMIN);
  for (const who of [ADA, BOB]) {
    const created = await page.request.post("/api/admin/users", {
      data: { ...who, role: "member", adminPassword: ADMIN.password },
    });
    expect(created.status()).toBe(201);
    userIds[who.email] = ((await created.json()) as { id: string }).id;
  }
  const ada = await pageAs(browser, baseURL!, ADA);
  const bob = await pageAs(browser, baseURL!, BOB);
  await makeThings(ada, "Ada");
  await makeThings(bob, "Bob");
  await ada.context().close();
  await bob.context().close();
});

test("a member sees only their own items and chats; the other's answer 404 in the API", async ({
  browser,
  baseURL,
}) => {
  const bob = await pageAs(browser, baseURL!, BOB);
  const ada = made.Ada;

  // Pages: the gallery and the chat list hold Bob's things, none of Ada's.
  await bob.goto("/gallery");
  await expect(bob.getByTestId("gallery-card")).toHaveCount(1);
  await expect(bob.locator(`[data-item-id="${made.Bob.taskId}"]`)).toBeVisible();
  await expect(bob.locator(`[data-item-id="${ada.taskId}"]`)).toHaveCount(0);
  await expect(bob.getByTestId("gallery-total")).toHaveText("1 item");
  await expect(bob.getByTestId("filter-user")).toHaveCount(0); // members get no user filter
  await bob.getByTestId("gallery-search").fill("lighthouse");
  await expect(bob.getByTestId("gallery-total")).toHaveText("1 item matches");

  await bob.goto("/chat");
  await expect(bob.getByTestId("conversation-list")).toContainText(made.Bob.chatTitle);
  await expect(bob.getByTestId("conversation-list")).not.toContainText(ada.chatTitle);
  await bob.goto(`/chat/${ada.chatId}`);
  await expect(bob.getByText(`Conversation ${ada.chatId} does not exist`)).toBeVisible();
  await expect(bob.getByText(ada.chatTitle)).toHaveCount(0);

  // API: every way to Ada's items answers like an id that never existed, without its content.
  const media = await bob.request.get(`/api/gallery/items/${ada.taskId}`);
  const missing = await bob.request.get(`/api/gallery/items/no-such-item`);
  expect(media.status()).toBe(404);
  expect(((await media.json()) as { error: { message: string } }).error.message).toBe(
    ((await missing.json()) as { error: { message: string } }).error.message.replace(
      "no-such-item",
      ada.taskId,
    ),
  );
  for (const path of [
    `/api/v2/model-center/tasks/${ada.taskId}`,
    `/api/gallery/items/${ada.taskId}/download`,
    `/api/chat/conversations/${ada.chatId}`,
    `/api/chat/conversations/${ada.chatId}/messages`,
  ]) {
    const response = await bob.request.get(path);
    const text = await response.text();
    expect({ path, status: response.status() }).toEqual({ path, status: 404 });
    expect(text).not.toContain(ada.prompt);
    expect(text).not.toContain(ada.chatTitle);
  }
  const patch = await bob.request.patch(`/api/gallery/items/${ada.taskId}`, { data: { rating: 1 } });
  expect(patch.status()).toBe(404);
  const del = await bob.request.delete(`/api/chat/conversations/${ada.chatId}`);
  expect(del.status()).toBe(404);
  const list = (await (await bob.request.get("/api/gallery")).json()) as { items: { id: string }[] };
  expect(list.items.map((i) => i.id)).toEqual([made.Bob.taskId]);
  const tasks = (await (await bob.request.get("/api/tasks")).json()) as { items: { id: string }[] };
  expect(tasks.items.map((i) => i.id)).toEqual([made.Bob.taskId]);

  // Ada's things are untouched and still hers.
  const adaPage = await pageAs(browser, baseURL!, ADA);
  const own = (await (await adaPage.request.get(`/api/gallery/items/${ada.taskId}`)).json()) as {
    rating: number | null;
  };
  expect(own.rating).toBeNull();
  expect((await adaPage.request.get(`/api/chat/conversations/${ada.chatId}`)).status()).toBe(200);
  await adaPage.context().close();
  await bob.context().close();
});

test("an admin sees both members' items and chats, and filters the gallery by user", async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto("/gallery");
  for (const name of ["Ada", "Bob"])
    await expect(page.locator(`[data-item-id="${made[name].taskId}"]`)).toBeVisible();

  const filter = page.getByTestId("filter-user");
  await expect(filter).toBeVisible();
  await expect(filter.locator("option")).toContainText([ADA.email, BOB.email]);
  await filter.selectOption(userIds[ADA.email]);
  await expect(page).toHaveURL(new RegExp(`user=${userIds[ADA.email]}`));
  await expect(page.getByTestId("gallery-total")).toHaveText("1 item matches");
  await expect(page.locator(`[data-item-id="${made.Ada.taskId}"]`)).toBeVisible();
  await expect(page.locator(`[data-item-id="${made.Bob.taskId}"]`)).toHaveCount(0);

  const api = (await (await page.request.get(`/api/gallery?user=${userIds[BOB.email]}`)).json()) as {
    items: { id: string }[];
  };
  expect(api.items.map((i) => i.id)).toEqual([made.Bob.taskId]);
  expect((await page.request.get(`/api/chat/conversations/${made.Ada.chatId}`)).status()).toBe(200);
  expect((await page.request.get(`/api/v2/model-center/tasks/${made.Bob.taskId}`)).status()).toBe(200);

  await page.goto("/chat");
  await expect(page.getByTestId("conversation-list")).toContainText(made.Ada.chatTitle);
  await expect(page.getByTestId("conversation-list")).toContainText(made.Bob.chatTitle);
});
