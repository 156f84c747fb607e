import { expect, test, type Browser } from "@playwright/test";
import { listModelGroups, listModelNames } from "@/lib/catalog";
import { englishLeft } from "./support/english-left";
import { I18N_PORT } from "./support/ports";
import { seedGallery, uniqueWord } from "./support/seed";
import { freshDatabase, startStudio, waitUntilReady, type StudioProcess } from "./support/studio-start";

/**
 * English and Simplified Chinese (issue 27): a browser asking for zh-CN gets the converted pages in
 * Chinese with no English left (a check over the rendered text), the first admin is set up and signs
 * in in Chinese, and the header's switcher is remembered per user — on the account, so a new browser
 * asking for English still gets the chosen language once signed in.
 */
const ADMIN = { email: "lin@example.com", password: "a long password 1234" };
const ZH = { locale: "zh-CN", extraHTTPHeaders: { "Accept-Language": "zh-CN,zh;q=0.9,en;q=0.5" } };
const EN = { locale: "en-US", extraHTTPHeaders: { "Accept-Language": "en-US,en;q=0.9" } };

/** Model ids and published names: the same in every language. */
const MODEL_WORDS = [
  ...listModelGroups().flatMap((group) => group.models.flatMap((model) => [model.id, model.name])),
  ...listModelNames().map((entry) => entry.name),
];

test.describe("the shared studio (accounts off) in Chinese", () => {
  test.use(ZH);

  test("the studio page: picker, form, estimate and a submitted task's progress", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByTestId("task-form")).toBeVisible();
    await expect(page.getByRole("heading", { name: "最近的任务" })).toBeVisible();
    expect(await englishLeft(page.locator("body"), MODEL_WORDS)).toEqual([]);

    await page.getByTestId("model-picker").click();
    await expect(page.getByRole("combobox", { name: "按 ID、名称或分组搜索模型" })).toBeVisible();
    expect(await englishLeft(page.locator("body"), MODEL_WORDS)).toEqual([]);
    await page.keyboard.press("Escape");

    const prompt = "一只在雨中奔跑的橘猫";
    await page.getByLabel("提示词").fill(prompt);
    await expect(page.getByTestId("prompt-stats")).toContainText("个汉字");
    await page.getByTestId("submit-task").click();
    await expect(page.getByTestId("task-status")).toHaveText(/排队中|处理中|已完成/);
    await expect(page.getByTestId("task-status")).toHaveText("已完成", { timeout: 60_000 });
    // The header and the page; the "finished" toast (components/activity/announcements.ts) is not
    // converted yet (docs/decisions/i18n.md, left for later).
    for (const part of ["header", "main"])
      expect(await englishLeft(page.locator(part), [...MODEL_WORDS, prompt])).toEqual([]);
  });

  test("the header and the login page speak Chinese", async ({ page }) => {
    await page.goto("/login");
    await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
    await expect(page.getByRole("navigation", { name: "主导航" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "账户功能已关闭" })).toBeVisible();
    expect(await englishLeft(page.locator("body"))).toEqual([]);
  });

  test("the switcher turns the page to English and back, remembered in the cookie", async ({ page }) => {
    await page.goto("/login");
    const switcher = page.getByTestId("locale-switcher");
    await switcher.selectOption("en");
    await expect(page.getByRole("heading", { name: "Accounts are off" })).toBeVisible();
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await switcher.selectOption("zh-CN");
    await expect(page.getByRole("heading", { name: "账户功能已关闭" })).toBeVisible();
  });
});

test.describe("a studio with accounts, set up and used in Chinese", () => {
  test.describe.configure({ mode: "serial" });
  let studio: StudioProcess;
  let url: string;

  test.beforeAll(async () => {
    studio = await startStudio({
      ...freshDatabase(`i18n-${I18N_PORT}`),
      HOST: "127.0.0.1",
      PORT: String(I18N_PORT),
      AUTH: "on",
    });
    await waitUntilReady(studio);
    url = studio.url;
  });
  test.afterAll(async () => {
    await studio?.stop();
  });

  const open = async (browser: Browser, options: typeof ZH | typeof EN) => {
    const context = await browser.newContext({ ...options, baseURL: url });
    return { context, page: await context.newPage() };
  };

  test("the first admin is set up and signs in in Chinese, no English left", async ({ browser }) => {
    const { context, page } = await open(browser, ZH);
    await page.goto("/");
    await expect(page).toHaveURL(/\/setup$/);
    await expect(page.getByRole("heading", { name: "创建第一个管理员" })).toBeVisible();
    expect(await englishLeft(page.locator("body"))).toEqual([]);

    await page.getByLabel("电子邮箱").fill(ADMIN.email);
    await page.getByLabel("密码", { exact: true }).fill(ADMIN.password);
    await page.getByLabel("再次输入密码").fill("something else entirely");
    await page.getByRole("button", { name: "创建管理员账户" }).click();
    await expect(page.getByTestId("setup-error")).toHaveText("两次输入的密码不一致。");
    await page.getByLabel("再次输入密码").fill(ADMIN.password);
    await page.getByRole("button", { name: "创建管理员账户" }).click();
    await expect(page.getByTestId("user-menu")).toContainText("退出登录");
    expect(await englishLeft(page.locator("header"), [ADMIN.email])).toEqual([]);

    await page.getByRole("button", { name: "退出登录" }).click();
    await expect(page.getByRole("heading", { name: "登录模型工作室" })).toBeVisible();
    expect(await englishLeft(page.locator("body"))).toEqual([]);
    // A wrong password: the server's code, worded in Chinese by the browser.
    await page.getByLabel("电子邮箱").fill(ADMIN.email);
    await page.getByLabel("密码").fill("not the password at all");
    await page.getByRole("button", { name: "登录" }).click();
    await expect(page.getByTestId("login-error")).toHaveText("电子邮箱或密码错误。");
    await context.close();
  });

  test("the switcher's choice is kept on the account, whatever the browser asks for", async ({ browser }) => {
    const first = await open(browser, ZH);
    await signIn(first.page, "电子邮箱", "密码", "登录");
    await first.page.getByTestId("locale-switcher").selectOption("en");
    await expect(first.page.getByRole("link", { name: "Gallery" })).toBeVisible();
    await first.context.close();

    // Another browser, asking for Chinese: English once signed in, because the account chose it.
    const second = await open(browser, ZH);
    await signIn(second.page, "电子邮箱", "密码", "登录");
    await expect(second.page.getByRole("link", { name: "Gallery" })).toBeVisible();
    await expect(second.page.locator("html")).toHaveAttribute("lang", "en");
    await second.page.getByTestId("locale-switcher").selectOption("zh-CN");
    await expect(second.page.getByRole("link", { name: "图库" })).toBeVisible();
    await second.context.close();

    // And one asking for English gets Chinese now.
    const third = await open(browser, EN);
    await signIn(third.page, "E-mail", "Password", "Sign in");
    await expect(third.page.getByRole("link", { name: "图库" })).toBeVisible();
    await third.context.close();
  });
});

async function signIn(
  page: import("@playwright/test").Page,
  email: string,
  password: string,
  button: string,
) {
  await page.goto("/login");
  await page.getByLabel(email).fill(ADMIN.email);
  await page.getByLabel(password).fill(ADMIN.password);
  await page.getByRole("button", { name: button }).click();
  await expect(page.getByTestId("user-menu")).toBeVisible();
}

test.describe("the gallery in Chinese", () => {
  test.use(ZH);

  test("grid, filters (and the phone's sheet), keys, detail view, bulk bar and compare: no English left", async ({
    page,
  }) => {
    const word = uniqueWord("zh");
    const prompts = [`${word} 海边的灯塔`, `${word} 雪山下的小木屋`];
    const seeded = await seedGallery([
      { prompt: prompts[0], files: [{ kind: "video" }], rating: 4, favorite: true },
      { prompt: prompts[1], kind: "image", files: [{ kind: "image" }] },
    ]);
    const allowed = [...MODEL_WORDS, ...prompts, word];
    await page.goto(`/gallery?q=${word}`);
    await expect(page.getByRole("heading", { name: "图库" })).toBeVisible();
    await expect(page.getByTestId("gallery-card")).toHaveCount(2);
    await expect(page.getByTestId("gallery-total")).toHaveText("2 项符合");
    expect(await englishLeft(page.locator("body"), allowed)).toEqual([]);

    await page.getByTestId("keys-help-open").click();
    await expect(page.getByTestId("keys-help")).toContainText("清除评分");
    expect(await englishLeft(page.getByTestId("keys-help"), allowed)).toEqual([]);
    await page.keyboard.press("Escape");

    // A phone: the filters open in a sheet.
    await page.setViewportSize({ width: 390, height: 800 });
    await page.getByTestId("open-filter-sheet").click();
    await expect(page.getByTestId("filter-sheet")).toContainText("全部类型");
    expect(await englishLeft(page.getByTestId("filter-sheet"), allowed)).toEqual([]);
    await page.getByTestId("close-filter-sheet").click();
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.locator(`[data-testid="gallery-card"][data-item-id="${seeded[0].id}"] [data-tile]`).click();
    const detail = page.getByTestId("detail-dialog");
    await expect(detail.getByTestId("detail-prompt")).toHaveText(prompts[0]);
    await expect(detail.getByTestId("comment-panel")).toContainText("还没有评论");
    await expect(detail.getByRole("button", { name: /^(描述|重新描述)$/ })).toBeVisible();
    expect(await englishLeft(detail, allowed)).toEqual([]);
    await detail.getByTestId("detail-close").click();

    for (const item of seeded)
      await page
        .locator(`[data-testid="gallery-card"][data-item-id="${item.id}"]`)
        .getByTestId("select-item")
        .check();
    await expect(page.getByTestId("selected-count")).toHaveText("已选 2 项");
    expect(await englishLeft(page.getByTestId("bulk-bar"), allowed)).toEqual([]);
    await page.getByTestId("bulk-delete").click();
    const confirm = page.getByTestId("bulk-bar").getByTestId("confirm-dialog");
    await expect(confirm).toContainText("删除 2 项？");
    expect(await englishLeft(confirm, allowed)).toEqual([]);
    await confirm.getByRole("button", { name: "取消" }).click();

    await page.getByTestId("bulk-compare").click();
    const compare = page.getByTestId("compare-view");
    await expect(compare.getByRole("heading", { name: "比较 2 项" })).toBeVisible();
    await expect(compare.getByTestId("compare-row").first()).toBeVisible();
    expect(await englishLeft(compare, allowed)).toEqual([]);
  });
});
