import { expect, test, type Browser } from "@playwright/test";
import { listModelGroups, listModelNames, textModelFamilies } from "@/lib/catalog";
import { ChatPage } from "./pages/chat-page";
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
    // The header and the page, then the "finished" toast (components/activity/announcements.ts).
    for (const part of ["header", "main"])
      expect(await englishLeft(page.locator(part), [...MODEL_WORDS, prompt])).toEqual([]);
    const toast = page.getByTestId("toast").filter({ hasText: prompt });
    await expect(toast).toContainText("已就绪");
    expect(await englishLeft(toast, [...MODEL_WORDS, prompt])).toEqual([]);
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

  test.describe("admin, audit log, webhooks, API docs and a share page in Chinese", () => {
    // Names that are the same in every language (the account page calls them so too), and what the
    // test itself put on the page.
    const SAME = ["Webhook", "CSV", "UTC", "OpenAPI", ADMIN.email];

    test("the admin's pages speak Chinese, and a guest's share page too", async ({ browser }) => {
      const { context, page } = await open(browser, ZH);
      await signIn(page, "电子邮箱", "密码", "登录"); // the account chose Chinese above

      await page.goto("/admin");
      await expect(page.getByRole("heading", { name: "添加用户" })).toBeVisible();
      await expect(page.getByTestId("user-row")).toHaveCount(1);
      await page.getByLabel("电子邮箱").fill("mei@example.com");
      await page.getByLabel("初始密码").fill("another long password 1");
      await page.getByRole("button", { name: "创建用户" }).click();
      const reauth = page.getByTestId("reauth-dialog");
      await expect(reauth).toContainText("为 mei@example.com 创建成员账户？");
      expect(await englishLeft(page.locator("body"), [...SAME, "mei@example.com"])).toEqual([]);
      await reauth.getByLabel("你的密码").fill(ADMIN.password);
      await reauth.getByTestId("reauth-confirm").click();
      await expect(page.getByTestId("user-row")).toHaveCount(2);
      expect(await englishLeft(page.locator("body"), [...SAME, "mei@example.com"])).toEqual([]);

      await page.getByRole("link", { name: "审计日志" }).click();
      await expect(page.getByRole("heading", { name: "审计日志" })).toBeVisible();
      await expect(page.getByTestId("audit-row").filter({ hasText: "创建了用户" })).toHaveCount(1);
      expect(await englishLeft(page.locator("body"), SAME)).toEqual([]);

      await page.goto("/account/webhooks");
      await page.getByLabel("URL").fill("https://example.com/hooks/studio");
      await page.getByRole("button", { name: "添加端点" }).click();
      await expect(page.getByTestId("new-webhook-secret")).toContainText("请立即复制签名密钥");
      await expect(page.getByTestId("webhook-row")).toContainText("已启用");
      // The page (the header was checked above; on a loaded machine its dependency warning may carry
      // the server's English detail, which is not this page's text).
      expect(await englishLeft(page.locator("main"), SAME)).toEqual([]);

      await page.goto("/docs/api");
      await expect(page.getByRole("navigation", { name: "API 分区" })).toBeVisible();
      expect(await englishLeft(page.locator("main"), SAME)).toEqual([]);

      // A guest (no account, no cookie) asking for Chinese: the share page's own small script.
      const submitted = await page.request.post("/api/v2/model-center/tasks", {
        data: { model: "sd_2.5_ORelay", prompt: "海边的灯塔", duration: 5 },
      });
      expect(submitted.ok()).toBe(true);
      const { id: taskId } = (await submitted.json()) as { id: string };
      const shared = await page.request.post("/api/shares", { data: { taskId, allowComments: true } });
      expect(shared.status()).toBe(201);
      const { path } = (await shared.json()) as { path: string };
      await context.close();

      const guest = await open(browser, ZH);
      await guest.page.goto(path);
      await expect(guest.page.getByTestId("share-item")).toHaveCount(1);
      await expect(guest.page.locator("html")).toHaveAttribute("lang", "zh-CN");
      await expect(guest.page.getByText("1 项")).toBeVisible();
      expect(await englishLeft(guest.page.locator("body"))).toEqual([]);
      await guest.context.close();
    });
  });

  test("the account page in Chinese: a new token, listed, no English left", async ({ browser }) => {
    const { context, page } = await open(browser, ZH);
    await signIn(page, "电子邮箱", "密码", "登录");
    await page.goto("/account");
    await expect(page.getByRole("heading", { name: "你的账户" })).toBeVisible();
    // "Webhook" is the name Chinese products use too.
    const allowed = [ADMIN.email, "Webhook"];
    expect(await englishLeft(page.locator("main"), allowed)).toEqual([]);

    await page.getByLabel("名称").fill("笔记本上的脚本");
    await page.getByLabel("有效期（天）").fill("30");
    await page.getByRole("button", { name: "创建令牌" }).click();
    await expect(page.getByTestId("new-token")).toContainText("请立即复制新令牌");
    await expect(page.getByTestId("token-row").first()).toContainText("有效");
    expect(await englishLeft(page.locator("main"), allowed)).toEqual([]);
    await context.close();
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

test.describe("chat, spend and the account notice in Chinese (accounts off)", () => {
  test.use(ZH);
  /** Key names read the same in Chinese; the text models' ids and names are the catalog's. */
  const allowed = (...typed: string[]) => [
    ...MODEL_WORDS,
    ...textModelFamilies().flatMap((family) => [family.family, ...family.variants.map((v) => v.id)]),
    "Shift",
    "Esc",
    ...typed,
  ];

  test("a chat exchange with the sandbox, the history searched, no English left", async ({ page }) => {
    const chat = new ChatPage(page);
    await chat.newChat();
    await expect(page.getByRole("heading", { name: "与视觉模型对话" })).toBeVisible();
    // Other tests' conversations share this studio: their titles are their own words, and the
    // history's rename/delete buttons name them ("重命名 <title>").
    const listed = (await (await page.request.get("/api/chat/conversations")).json()) as {
      conversations: { title: string }[];
    };
    const titles = listed.conversations.map((conversation) => conversation.title);
    for (const part of [page.getByRole("banner"), page.locator("main")])
      expect(await englishLeft(part, allowed(...titles))).toEqual([]);

    const question = `图里有几只猫？${Date.now().toString().slice(-6)}`;
    await chat.send(question);
    await chat.waitForAnswer();
    await expect(chat.lastAnswer().getByTestId("usage")).toHaveText(
      /^提示 \d+ · 输出 \d+ · 合计 \d+ 个词元$/,
    );
    await expect(page.getByTestId("conversation-usage")).toContainText("本对话共");
    // The history, searched down to this conversation (others' titles are their own words).
    await page.getByRole("searchbox", { name: "搜索对话标题" }).fill(question);
    await expect(page.getByTestId("conversation-item")).toHaveCount(1);
    for (const part of [page.getByRole("banner"), page.locator("main")])
      expect(await englishLeft(part, allowed(question))).toEqual([]);
  });

  test("/spend and /account", async ({ page }) => {
    await page.goto("/spend");
    await expect(page.getByRole("heading", { name: "消耗" })).toBeVisible();
    await expect(page.getByTestId("spend-total")).toBeVisible();
    await expect(page.getByTestId("chart-per-day").or(page.getByTestId("spend-empty"))).toBeVisible();
    await expect(page.getByText("正在加载图表")).toHaveCount(0);
    for (const part of [page.getByRole("banner"), page.locator("main")])
      expect(await englishLeft(part, allowed())).toEqual([]);

    await page.goto("/account");
    await expect(page.getByText("账户功能已关闭")).toBeVisible();
    for (const part of [page.getByRole("banner"), page.locator("main")])
      expect(await englishLeft(part)).toEqual([]);
  });
});

test.describe("assets, batches, collections and sequences in Chinese", () => {
  test.use(ZH);
  const unique = (label: string) => `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  // A parameter's field name, as the studio's label for it writes it ("帧图像（image_roles）").
  const FIELD_NAMES = ["image_roles"];

  test("the asset library: record an asset, no English left", async ({ page, request }) => {
    const assetId = unique("asset-zh");
    const label = "海报素材";
    await page.goto("/assets");
    await expect(page.getByRole("heading", { name: "素材库" })).toBeVisible();
    const form = page.getByTestId("record-asset-form");
    await form.getByLabel("素材 ID").fill(assetId);
    await form.getByLabel("名称").fill(label);
    await form.getByRole("button", { name: "登记素材" }).click();
    await expect(form.getByRole("status")).toHaveText(`已登记 assetId://${assetId}。`);
    const card = page.locator(`[data-testid="asset-card"][data-asset-id="${assetId}"]`);
    await expect(card).toContainText("图片 · 已登记");
    await expect(card.getByTestId("review-badge")).toHaveText("审核状态未知");
    // Other tests' assets share this studio: their labels are names people typed.
    const listed = (await (await request.get("/api/assets")).json()) as { assets: { label: string }[] };
    const labels = listed.assets.map((asset) => asset.label);
    expect(await englishLeft(page.locator("main"), [...MODEL_WORDS, ...labels])).toEqual([]);
  });

  test("a batch and the batch list, no English left", async ({ page, request }) => {
    const prompt = `[fast] ${unique("沙丘上的风筝")}`;
    const model = "vendors_5.0Pro";
    const created = await request.post("/api/batches", {
      data: { models: [model], body: { prompt }, variations: 2 },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    await page.goto(`/batches/${id}`);
    await expect(page.getByTestId("batch-title")).toHaveText(prompt);
    await expect(page.getByTestId("batch-item-status")).toHaveText(["已完成", "已完成"], { timeout: 60_000 });
    await expect(page.getByTestId("batch-counts")).toContainText("2 个任务");
    expect(await englishLeft(page.locator("main"), [...MODEL_WORDS, prompt])).toEqual([]);

    await page.goto("/batches");
    await expect(page.getByRole("heading", { name: "批量任务", level: 1 })).toBeVisible();
    await expect(page.locator(`[data-testid="batch-row"][data-batch-id="${id}"]`)).toContainText("已结束");
    const batches = (await (await request.get("/api/batches?limit=100")).json()) as {
      items: { title: string }[];
    };
    const titles = batches.items.map((batch) => batch.title);
    expect(await englishLeft(page.locator("main"), [...MODEL_WORDS, ...titles])).toEqual([]);
  });

  test("a collection made on its page, its members, no English left", async ({ page }) => {
    const name = unique("精选");
    await page.goto("/collections");
    await expect(page.getByRole("heading", { name: "合集", level: 1 })).toBeVisible();
    expect(await englishLeft(page.locator("main"))).toEqual([]);
    await page.getByRole("textbox", { name: "新合集名称" }).fill(name);
    await page.getByRole("button", { name: "新建合集" }).click();
    await expect(page.getByTestId("collection-name")).toHaveText(name);
    await expect(page.getByTestId("collection-count")).toHaveText("0 个作品");
    await expect(page.getByTestId("approval-progress")).toContainText("0 个中已通过 0 个");
    // The grid, its filters and keys around it are the gallery's (converted on their own).
    expect(await englishLeft(page.getByTestId("collection-header"))).toEqual([]);
    expect(await englishLeft(page.getByTestId("gallery-empty"))).toEqual([]);
    await page.getByTestId("members-open").click();
    const members = page.getByTestId("members-dialog");
    await expect(members).toContainText("尚未与任何人共享。");
    expect(await englishLeft(members)).toEqual([]);
  });

  test("a sequence run, a take picked, the list, no English left", async ({ page, request }) => {
    const name = unique("航行");
    const prompt = `[fast] ${unique("一艘小船驶离港口")}`;
    const created = await request.post("/api/sequences", {
      data: { name, shots: [{ model: "sd_2.5_ORelay", body: { prompt, duration: 5 } }] },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    await page.goto(`/sequences/${id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    await expect(page.getByTestId("sequence-state")).toHaveText("草稿");
    const allowed = [...MODEL_WORDS, ...FIELD_NAMES, name, prompt];
    expect(await englishLeft(page.locator("main"), allowed)).toEqual([]);
    await page.getByRole("button", { name: "运行", exact: true }).click();
    // The page stops polling once the take's task completes, before its file is stored: wait for the
    // stored take on the API, then read the page again.
    await expect
      .poll(
        async () => {
          const sequence = (await (await request.get(`/api/sequences/${id}`)).json()) as {
            shots: { takeList: { mediaState: string }[] }[];
          };
          return sequence.shots[0].takeList[0]?.mediaState;
        },
        { timeout: 60_000 },
      )
      .toBe("stored");
    await page.reload();
    const pick = page.getByTestId("take").first().getByRole("button", { name: "选用" });
    await pick.click();
    await expect(page.getByTestId("take").first().getByRole("button", { name: "已选用" })).toBeVisible();
    await expect(page.getByTestId("cut-length")).toContainText("剪辑时长：");
    expect(await englishLeft(page.locator("main"), allowed)).toEqual([]);

    await page.goto("/sequences");
    await expect(page.getByRole("heading", { name: "分镜序列", level: 1 })).toBeVisible();
    await expect(page.getByTestId("sequence-row").filter({ hasText: name })).toContainText("1 个镜头");
    const sequences = (await (await request.get("/api/sequences")).json()) as { items: { name: string }[] };
    const names = sequences.items.map((sequence) => sequence.name);
    expect(await englishLeft(page.locator("main"), names)).toEqual([]);
  });
});

test.describe("validation messages in Chinese (accounts off)", () => {
  test.use(ZH);

  test("the form's own checks and the server's refusal are worded in Chinese, naming the field", async ({
    page,
  }) => {
    await page.goto("/?model=sd2_disc_nvid");
    const form = page.getByTestId("task-form");
    await expect(form).toBeVisible();
    const fieldError = (param: string) => page.getByTestId(`error-param-${param}`);

    // The browser's check (the catalog's rules): an out-of-range value and a too long prompt.
    await form.getByRole("textbox", { name: "提示词", exact: true }).fill("猫".repeat(20_001));
    await form.getByRole("textbox", { name: "时长（秒）", exact: true }).fill("20");
    await page.getByTestId("submit-task").click();
    await expect(fieldError("duration")).toHaveText("时长（秒）须为 4 到 15 之间的整数（当前为 20）");
    await expect(fieldError("prompt")).toHaveText("提示词最多 20000 个字符（当前为 20001）");
    expect(await englishLeft(page.locator("main"), MODEL_WORDS)).toEqual([]);

    // The server's check: a body the form let through, changed on its way so the server refuses it.
    const prompt = "一只在雨中奔跑的橘猫";
    await form.getByRole("textbox", { name: "提示词", exact: true }).fill(prompt);
    await form.getByRole("textbox", { name: "时长（秒）", exact: true }).fill("5");
    await page.route("**/api/v2/model-center/tasks", async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      const body = { ...route.request().postDataJSON(), duration: 40 };
      await route.continue({ postData: JSON.stringify(body) });
    });
    const answer = page.waitForResponse((r) => r.url().endsWith("/api/v2/model-center/tasks"));
    await page.getByTestId("submit-task").click();
    const refused = await (await answer).json();
    expect(refused.error.issues).toEqual([
      {
        path: "duration",
        message: "must be an integer between 4 and 15 (got 40)",
        code: "range",
        params: { min: 4, max: 15, got: 40 },
      },
    ]);
    await expect(fieldError("duration")).toHaveText("时长（秒）须为 4 到 15 之间的整数（当前为 40）");
    await expect(page.getByTestId("submit-error")).toBeVisible();
    expect(await englishLeft(page.locator("main"), [...MODEL_WORDS, prompt])).toEqual([]);
  });
});

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
