import { expect, test, type APIRequestContext, type APIResponse, type Route } from "@playwright/test";
import { sandboxRequests } from "./support/sandbox-log";
import { StudioPage } from "./pages/studio-page";

/** A prompt no other test uses, so the shared sandbox log can be filtered by it. */
const uniquePrompt = (label: string) => `${label} ${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

/** Submits the sandbox received whose prompt is exactly `prompt`. */
async function upstreamSubmits(request: APIRequestContext, prompt: string) {
  const log = await sandboxRequests(request, "/v2/model-center/tasks");
  return log.filter(
    (entry) => entry.method === "POST" && (entry.body as { prompt?: unknown } | null)?.prompt === prompt,
  );
}

const VIDEO_MODEL = "sd_2.0_mini_discount";
/** An available image model (published without a parameter page: prompt only). */
const IMAGE_MODEL = "vendors_5.0Pro";

test("submits a video task, shows its progress and plays the stored video with byte ranges", async ({
  page,
  request,
}) => {
  const studio = new StudioPage(page);
  // [slow]: the longest run (12 s at the shared studio's time scale, e2e/support/test-speed.ts), so
  // the page sees several progress values whatever the id; a short run may show only one.
  const prompt = uniquePrompt("a paper boat on a pond, studio e2e video [slow]");
  await studio.goto({ model: VIDEO_MODEL });
  await expect(page.getByTestId("sandbox-badge")).toBeVisible();

  await studio.prompt.fill(prompt);
  await studio.submit.click();

  const taskId = await studio.openTaskId();
  await expect(studio.panel.getByRole("progressbar", { name: "Task progress" })).toBeVisible();
  await expect(studio.panel.getByTestId("task-elapsed")).toHaveText(/\d+ s/);
  // The percentage shown rises while the task runs.
  const seen = await studio.progressValuesUntilDone();
  expect(new Set(seen).size).toBeGreaterThanOrEqual(2);
  expect(seen).toEqual([...seen].sort((a, b) => a - b));
  expect(seen.at(-1)!).toBeGreaterThan(seen[0]);
  await studio.waitForStatus("completed");

  await expect(studio.video).toBeVisible({ timeout: 60_000 });
  const src = await studio.video.getAttribute("src");
  expect(src).toMatch(/\/api\/media\/[^/]+$/);
  await studio.video.evaluate(
    (video: HTMLVideoElement) =>
      new Promise<void>((resolve, reject) => {
        const ready = () => video.readyState >= 2 && video.duration > 0;
        if (ready()) return resolve();
        video.addEventListener("loadeddata", () => (ready() ? resolve() : reject(new Error("no duration"))));
        video.addEventListener("error", () => reject(new Error(`video error ${video.error?.code}`)));
        video.load();
      }),
  );
  expect(await studio.video.evaluate((video: HTMLVideoElement) => video.duration)).toBeGreaterThan(0);

  const range = await request.get(src!, { headers: { Range: "bytes=0-99" } });
  expect(range.status()).toBe(206);
  expect(range.headers()["content-range"]).toMatch(/^bytes 0-99\/\d+$/);
  expect((await range.body()).length).toBe(100);

  await expect(studio.panel.getByTestId("task-amount")).not.toHaveText("—");

  // The upstream received exactly this task, with the key and the model picked in the UI.
  const submits = await upstreamSubmits(request, prompt);
  expect(submits).toHaveLength(1);
  expect(submits[0].authorization).toBe(true);
  expect((submits[0].body as { model: string }).model).toBe(VIDEO_MODEL);

  // Closing the tab loses nothing: a fresh page lists the task and reopens it.
  await studio.goto();
  const item = studio.recent.locator(`[data-task-id="${taskId}"]`);
  await expect(item).toContainText(prompt);
  await expect(item).toContainText("completed");
  await item.click();
  await expect(page).toHaveURL(new RegExp(`task=${taskId}`));
  await expect(studio.video).toBeVisible();
});

test("a task whose page was closed one second after submit is still tracked and stored", async ({
  browser,
  request,
}) => {
  const page = await browser.newPage();
  const studio = new StudioPage(page);
  const prompt = uniquePrompt("[fast] a tram at night, closed tab e2e");
  await studio.goto({ model: VIDEO_MODEL });
  await studio.prompt.fill(prompt);
  await studio.submit.click();
  const taskId = await studio.openTaskId();
  await page.waitForTimeout(1_000);
  await page.close();

  // Nobody watches: only the server's tracker can finish the job (GET /api/tasks never refreshes).
  await expect
    .poll(
      async () => {
        const list = (await (await request.get("/api/tasks?limit=100")).json()) as {
          items: { id: string; status: string; studio: { mediaState: string } }[];
        };
        const task = list.items.find((item) => item.id === taskId);
        return task ? `${task.status}/${task.studio.mediaState}` : "missing";
      },
      { timeout: 60_000, intervals: [1_000] },
    )
    .toBe("completed/stored");
  expect(await upstreamSubmits(request, prompt)).toHaveLength(1);
});

test("submits an image task and renders the stored image", async ({ page, request }) => {
  const studio = new StudioPage(page);
  const prompt = uniquePrompt("[fast] a lighthouse at dusk, studio e2e image");
  await studio.goto();
  await studio.selectModel(IMAGE_MODEL);
  await expect(page.getByTestId("model-header")).toContainText("parameters are undocumented");

  await studio.prompt.fill(prompt);
  await studio.submit.click();
  await studio.waitForStatus("completed");

  await expect(studio.image).toBeVisible({ timeout: 60_000 });
  const src = await studio.image.getAttribute("src");
  expect(src).toMatch(/\/api\/media\/[^/]+$/);
  await expect
    .poll(() => studio.image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  expect(await upstreamSubmits(request, prompt)).toHaveLength(1);

  // The task object the studio presents is an image task: image_url (not video_url) points at the
  // studio's stored copy, the same file the page shows.
  const taskId = await studio.openTaskId();
  const task = (await (await request.get(`/api/v2/model-center/tasks/${taskId}`)).json()) as {
    object: string;
    status: string;
    image_url?: string;
    video_url?: string;
  };
  expect(task.status).toBe("completed");
  expect(task.object).toBe("image");
  expect(task).not.toHaveProperty("video_url");
  expect(task.image_url).toBeTruthy();
  const imagePath = new URL(task.image_url!, page.url()).pathname;
  expect(imagePath).toMatch(/^\/api\/media\/[^/]+$/);
  expect(imagePath).toBe(new URL(src!, page.url()).pathname);

  // The stored bytes are a real image (PNG or JPEG signature), not an HTML page or a placeholder.
  const stored = await request.get(imagePath);
  expect(stored.status()).toBe(200);
  const bytes = await stored.body();
  const isPng = bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const isJpeg = bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  expect(isPng || isJpeg, `stored image starts with ${bytes.subarray(0, 8).toString("hex")}`).toBe(true);
});

test("a failed task shows the upstream's error message", async ({ page, request }) => {
  const studio = new StudioPage(page);
  await studio.goto({ model: VIDEO_MODEL });
  await studio.prompt.fill(uniquePrompt("[fast] [fail] studio e2e failure"));
  await studio.submit.click();
  const taskId = await studio.openTaskId();

  await studio.waitForStatus("failed");
  const task = (await (await request.get(`/api/v2/model-center/tasks/${taskId}`)).json()) as {
    error: string;
  };
  expect(task.error).toBeTruthy();
  await expect(page.getByTestId("task-failed")).toContainText(task.error);
  await expect(studio.video).toHaveCount(0);
  // The form keeps what was submitted, ready to try again.
  await expect(studio.prompt).toHaveValue(/\[fail\] studio e2e failure/);
});

test("a rule violation shows the field's error and makes no upstream call", async ({ page, request }) => {
  const studio = new StudioPage(page);
  const prompt = uniquePrompt("rule violation, studio e2e");
  await studio.goto({ model: VIDEO_MODEL });

  await studio.prompt.fill(prompt);
  await studio.textbox("Duration (seconds)").fill("40");
  await studio.addMediaUrl("First frame", "https://example.com/first.png");
  await studio.addMediaUrl("Reference images", "https://example.com/reference.png");
  await studio.submit.click();

  await expect(studio.fieldError("duration")).toHaveText("must be an integer between 4 and 15 (got 40)");
  await expect(studio.fieldError("first_image")).toContainText(
    "first-frame, first+last-frame and multimodal-reference scenarios cannot be mixed",
  );
  await expect(studio.fieldError("reference_images")).toContainText("cannot be combined with first_image");
  // Focus moved to the first invalid field, and nothing was submitted.
  await expect(studio.textbox("Duration (seconds)")).toBeFocused();
  await expect(page).not.toHaveURL(/[?&]task=/);

  // Fixing one rule clears its message live; the other stays until fixed.
  await studio.textbox("Duration (seconds)").fill("6");
  await expect(studio.fieldError("duration")).toHaveCount(0);
  await expect(studio.fieldError("first_image")).toBeVisible();

  await page.waitForTimeout(500);
  expect(await upstreamSubmits(request, prompt)).toHaveLength(0);
  const tasks = (await (await request.get("/api/tasks?limit=100")).json()) as {
    items: { studio: { prompt: string } }[];
  };
  expect(tasks.items.filter((task) => task.studio.prompt === prompt)).toHaveLength(0);
});

test("a text-only request to vendorm-H3-768p-c1 is flagged (the spec also requires images) but not blocked", async ({
  page,
  request,
}) => {
  const studio = new StudioPage(page);
  const prompt = uniquePrompt("[fast] text-to-video with a notice, studio e2e");
  await studio.goto({ model: "vendorm-H3-768p-c1" });
  const notice = studio.fieldNotices("reference_images");
  const mode = page.getByTestId("generation-mode");

  await expect(mode).toHaveText("Mode: Text to video");
  await expect(notice).toHaveText(
    "text-to-video (no images): the spec's parameter table also marks reference images as required (1–9), so the upstream may reject a request without them",
  );

  // An image switches to image-to-video and the notice goes away; removing it brings both back.
  await studio.addMediaUrl("Reference images", "https://example.com/reference.png");
  await expect(mode).toHaveText("Mode: Image to video");
  await expect(notice).toHaveCount(0);
  await page.getByRole("button", { name: "Remove Reference images 1" }).click();
  await expect(mode).toHaveText("Mode: Text to video");
  await expect(notice).toBeVisible();

  // Only a warning: the text-only request is submitted as it is.
  await studio.prompt.fill(prompt);
  await studio.submit.click();
  await studio.openTaskId();
  const submits = await upstreamSubmits(request, prompt);
  expect(submits).toHaveLength(1);
  expect((submits[0].body as { reference_images?: unknown }).reference_images ?? []).toEqual([]);
});

test("bad media URLs get the server's own messages in the browser, before any request", async ({
  page,
  request,
}) => {
  const studio = new StudioPage(page);
  const prompt = uniquePrompt("media URL checks, studio e2e");
  // Not an asset-library model, so assetId:// is refused too.
  const model = "vendorm-H3-768p-c1";
  const urls = [
    "data:image/png;base64,iVBORw0KGgoAAAANSUhEUg==",
    "ftp://example.com/a.png",
    "assetId://asset-1",
  ];
  await studio.goto({ model });
  await studio.prompt.fill(prompt);
  for (const url of urls) await studio.addMediaUrl("Reference images", url);
  await studio.submit.click();

  // The server judges the same body with the same catalog: each row shows exactly its message.
  const response = await request.post("/api/v2/model-center/tasks", {
    data: { model, prompt, reference_images: urls },
  });
  expect(response.status()).toBe(400);
  const { error } = (await response.json()) as { error: { issues: { path: string; message: string }[] } };
  const serverMessage = (index: number) =>
    error.issues.find((issue) => issue.path === `reference_images[${index}]`)?.message;
  expect(serverMessage(0)).toBe("base64/data URLs are not supported; use a public http(s) URL");
  expect(serverMessage(1)).toBe("ftp: URLs are not supported; use a public http(s) URL");
  expect(serverMessage(2)).toContain("assetId:// references are accepted only by the asset-library models");
  for (const index of urls.keys()) {
    await expect(page.getByTestId(`error-param-reference_images-${index}`)).toHaveText(serverMessage(index)!);
  }
  await expect(page).not.toHaveURL(/[?&]task=/);
  expect(await upstreamSubmits(request, prompt)).toHaveLength(0);
});

test("too many media items (from an old draft) get the server's own message on the field", async ({
  page,
  request,
}) => {
  const studio = new StudioPage(page);
  const prompt = uniquePrompt("too many references, studio e2e");
  const model = "vendorm-H3-768p-c1";
  const urls = Array.from({ length: 10 }, (_, i) => `https://example.com/ref-${i}.png`);
  // The form never adds a tenth row itself; a draft saved under an older catalog can hold one.
  await page.addInitScript(([key, draft]) => window.localStorage.setItem(key, draft), [
    `model-studio:draft:v1:${model}`,
    JSON.stringify({ prompt, reference_images: urls }),
  ] as const);
  await studio.goto({ model });
  await expect(page.getByTestId("count-param-reference_images")).toHaveText("10 of 9");
  await studio.submit.click();

  const response = await request.post("/api/v2/model-center/tasks", {
    data: { model, prompt, reference_images: urls },
  });
  expect(response.status()).toBe(400);
  const { error } = (await response.json()) as { error: { issues: { path: string; message: string }[] } };
  const serverMessage = error.issues.find((issue) => issue.path === "reference_images")?.message;
  expect(serverMessage).toBeTruthy();
  await expect(studio.fieldError("reference_images")).toHaveText(serverMessage!);
  await expect(page).not.toHaveURL(/[?&]task=/);
  expect(await upstreamSubmits(request, prompt)).toHaveLength(0);
});

test("an unavailable model shows its reason and cannot be submitted", async ({ page, request }) => {
  const studio = new StudioPage(page);
  const prompt = uniquePrompt("unavailable model, studio e2e");
  await studio.goto({ model: "vendorw2.7-videoedit" });

  await expect(page.getByTestId("model-unavailable")).toContainText("brand_model_disabled");
  await expect(page.getByTestId("model-unavailable")).toContainText("disabled for your account or domain");
  await expect(studio.submit).toBeDisabled();
  await expect(page.getByTestId("submit-unavailable")).toContainText("Cannot be submitted");

  // Not even the keyboard shortcut gets it out.
  await studio.prompt.fill(prompt);
  await studio.prompt.press("Control+Enter");
  await page.waitForTimeout(500);
  await expect(page).not.toHaveURL(/[?&]task=/);
  expect(await upstreamSubmits(request, prompt)).toHaveLength(0);

  // The picker shows it greyed with the same reason.
  await studio.picker.click();
  const option = page.locator('[role="option"][data-model-id="vendorw2.7-videoedit"]');
  await expect(option).toContainText("brand_model_disabled");
  await expect(page.getByTestId("model-names")).toContainText("O3 Video Generation");

  // A model *name* in the URL is explained, not offered as a form.
  await page.goto(`/?model=${encodeURIComponent("O3 Video Generation")}`);
  await expect(page.getByTestId("unknown-model")).toContainText("published model name");
  await expect(studio.form).toHaveCount(0);
});

/**
 * The test's own fetch of a chunk, retried: a reused keep-alive connection the server has just closed
 * answers ECONNRESET (the browser retries such a request itself; Playwright's fetch does not).
 */
async function fetchRetrying(route: Route): Promise<APIResponse> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await route.fetch();
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

test("a model list that fails to load says so, and Try again loads it", async ({ page }) => {
  // The open list's options are a chunk of their own, fetched after the page is up: the first
  // fetch of it is cut, as a dropped connection would.
  let cut = true;
  await page.route("**/_next/static/chunks/*.js", async (route) => {
    const response = await fetchRetrying(route);
    const body = await response.text();
    const optionChunk = body.includes("data-active") && body.includes("data-model-id");
    if (optionChunk && cut) return route.abort("connectionreset");
    return route.fulfill({ response, body });
  });
  const studio = new StudioPage(page);
  await studio.goto();
  await studio.picker.click();
  const alert = page.getByRole("alert").filter({ hasText: "The model list could not be loaded" });
  await expect(alert).toBeVisible();
  const search = page.getByRole("combobox", { name: "Search models by id, name or group" });
  // The search box points at no listbox while there is none.
  await expect(search).not.toHaveAttribute("aria-controls", /.+/);

  cut = false;
  await alert.getByRole("button", { name: "Try again" }).click();
  await expect(page.locator(`[role="option"][data-model-id="${VIDEO_MODEL}"]`)).toBeVisible();
  const listbox = await search.getAttribute("aria-controls");
  await expect(page.locator(`[id="${listbox}"]`)).toHaveAttribute("role", "listbox");
});

test("keyboard only: pick a model, toggle a switch and submit", async ({ page, request }) => {
  const studio = new StudioPage(page);
  const prompt = uniquePrompt("[fast] keyboard only, studio e2e");
  await studio.goto({ model: IMAGE_MODEL });

  // Tab from the top of the page to the picker (past the header: nine sections, badges, the user menu).
  for (let i = 0; i < 25 && !(await studio.picker.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press("Tab");
  }
  await expect(studio.picker).toBeFocused();
  await page.keyboard.press("ArrowDown");
  const search = page.getByRole("combobox", { name: /search models/i });
  await expect(search).toBeFocused();
  await page.keyboard.type("mini_disc");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("Enter");
  await expect(studio.picker).toBeFocused();
  await expect(page).toHaveURL(new RegExp(`model=${VIDEO_MODEL}`));
  // The address changes at once, the form in the render that follows: typing before it is there
  // would go into the previous model's form.
  await expect(studio.form).toHaveAccessibleName(`Parameters for ${VIDEO_MODEL}`);

  await page.keyboard.press("Tab");
  await expect(studio.prompt).toBeFocused();
  await page.keyboard.type(prompt);
  const audio = studio.switch("Generate audio");
  for (let i = 0; i < 12 && !(await audio.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press("Tab");
  }
  await expect(audio).toBeFocused();
  await expect(audio).toHaveAttribute("aria-checked", "true");
  await page.keyboard.press("Space");
  await expect(audio).toHaveAttribute("aria-checked", "false");

  for (let i = 0; i < 30 && !(await studio.submit.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press("Tab");
  }
  await expect(studio.submit).toBeFocused();
  await page.keyboard.press("Enter");
  await studio.openTaskId();

  await expect.poll(async () => (await upstreamSubmits(request, prompt)).length).toBe(1);
  const [submitted] = await upstreamSubmits(request, prompt);
  expect(submitted.body).toMatchObject({ model: VIDEO_MODEL, prompt, generate_audio: false, duration: 5 });
});

test("drafts survive a reload, and the gallery's remix and reference links prefill the form", async ({
  page,
  request,
}) => {
  const studio = new StudioPage(page);
  const prompt = uniquePrompt("draft and remix, studio e2e");
  await studio.goto({ model: VIDEO_MODEL });
  await studio.prompt.fill(prompt);
  await studio.select("Aspect ratio").selectOption("9:16");
  // The draft is saved after a short pause in typing: reload once it holds both edits.
  await expect
    .poll(() =>
      page.evaluate(
        (text) =>
          Object.keys(localStorage).some((key) => {
            const draft = key.startsWith("model-studio:draft:v1:") ? (localStorage.getItem(key) ?? "") : "";
            return draft.includes(text) && draft.includes('"9:16"');
          }),
        prompt,
      ),
    )
    .toBe(true);
  await page.reload();
  await expect(studio.prompt).toHaveValue(prompt);
  await expect(studio.select("Aspect ratio")).toHaveValue("9:16");

  // A task submitted through the API, remixed from its id.
  const remixPrompt = uniquePrompt("remix source, studio e2e");
  const created = await request.post("/api/v2/model-center/tasks", {
    data: { model: VIDEO_MODEL, prompt: remixPrompt, duration: 7, resolution: "480p", generate_audio: false },
  });
  expect(created.ok()).toBe(true);
  const { id } = (await created.json()) as { id: string };
  await studio.goto({ remix: id });
  await expect(page.getByTestId("prefill-notice")).toContainText(`Prefilled from task ${id}`);
  await expect(page).toHaveURL(new RegExp(`model=${VIDEO_MODEL}`));
  await expect(page).not.toHaveURL(/remix=/);
  await expect(studio.prompt).toHaveValue(remixPrompt);
  await expect(studio.textbox("Duration (seconds)")).toHaveValue("7");
  await expect(studio.select("Resolution")).toHaveValue("480p");
  await expect(studio.switch("Generate audio")).toHaveAttribute("aria-checked", "false");

  // Use as reference: the URL lands in the named media field.
  const ref = "https://example.com/reference-from-gallery.png";
  await studio.goto({ model: VIDEO_MODEL, ref, field: "reference_images" });
  await expect(page.getByTestId("prefill-notice")).toContainText("Added to Reference images");
  await expect(studio.form.getByRole("textbox", { name: "Reference images 1" })).toHaveValue(ref);
  await expect(page.getByTestId("count-param-reference_images")).toHaveText("1 of 9");
  await expect(page).not.toHaveURL(/ref=/);
});

test("the browser never receives the API key or the upstream address", async ({ page }) => {
  const bodies: string[] = [];
  page.on("response", async (response) => {
    const type = response.headers()["content-type"] ?? "";
    if (/javascript|html|json|css/.test(type)) bodies.push(await response.text().catch(() => ""));
  });
  const studio = new StudioPage(page);
  const taskList = page.waitForResponse((response) => response.url().includes("/api/tasks?"));
  await studio.goto({ model: VIDEO_MODEL });
  await taskList;
  await page.waitForTimeout(500);
  expect(bodies.length).toBeGreaterThan(3);
  for (const body of bodies) {
    expect(body).not.toContain("sandbox-key");
    expect(body).not.toMatch(/127\.0\.0\.1:\d+\/api\/sandbox/);
    expect(body).not.toContain("UPSTREAM_API_KEY");
  }
});
