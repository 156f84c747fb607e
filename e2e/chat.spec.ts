import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { ChatPage } from "./pages/chat-page";
import { sandboxRequests } from "./support/sandbox-log";
import { seedGallery, uniqueWord } from "./support/seed";

/**
 * The chat against the built-in sandbox upstream: what the user sees in the thread and what the
 * upstream actually received. Every test uses its own conversation and a unique prompt.
 */
const unique = (label: string) =>
  `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

type TextCallBody = {
  contents: { role?: string; parts: { text?: string; inlineData?: { mimeType: string; data: string } }[] }[];
};

test("a streamed answer appears progressively, then shows finishReason and usage", async ({ page }) => {
  const chat = new ChatPage(page);
  await chat.newChat();
  await chat.send(unique("[slow] tell me something"));

  const answer = chat.lastAnswer();
  await expect(answer).toHaveAttribute("data-status", "streaming");
  await expect(chat.answerText()).toContainText("Sandbox reply");
  // Part of the answer is on screen while the rest is still streaming.
  const partial = await chat.answerText().innerText();
  await expect(answer).toHaveAttribute("data-status", "streaming");
  expect(partial).not.toContain("no model was called");

  await chat.waitForAnswer("complete");
  const full = await chat.answerText().innerText();
  expect(full.length).toBeGreaterThan(partial.length);
  expect(full).toContain("no model was called");
  await expect(answer.getByTestId("finish-reason")).toHaveText("STOP");
  await expect(answer.getByTestId("usage")).toHaveText(/^Prompt \d+ · Output \d+ · Total \d+ tokens$/);
  await expect(page.getByTestId("conversation-usage")).toContainText("tokens in this thread");
  // Also on a phone-sized screen.
  await page.setViewportSize({ width: 390, height: 800 });
  await expect(page.getByTestId("conversation-usage")).toBeVisible();
});

test("stop keeps the partial answer, marked stopped, also after a reload", async ({ page }) => {
  const chat = new ChatPage(page);
  await chat.newChat();
  // [stall]: one chunk, then silence until the studio gives up (its idle limit is 60 s), so the stop
  // lands mid-answer however loaded the machine is; a [slow] answer is whole after 3 s.
  await chat.send(unique("[stall] a long story"));
  await expect(chat.answerText()).toContainText("Sandbox reply");
  await chat.stopButton.click();

  await chat.waitForAnswer("stopped");
  await expect(chat.lastAnswer().getByTestId("stopped-note")).toBeVisible();
  const kept = await chat.answerText().innerText();
  expect(kept).toContain("Sandbox reply");
  expect(kept).not.toContain("no model was called");
  await expect(chat.sendButton).toBeVisible();

  await page.reload();
  await chat.waitForAnswer("stopped");
  await expect(chat.answerText()).toHaveText(kept);
});

test("Esc stops a streaming answer", async ({ page }) => {
  const chat = new ChatPage(page);
  await chat.newChat();
  await chat.send(unique("[stall] escape me"));
  await expect(chat.answerText()).toContainText("Sandbox reply");
  await page.keyboard.press("Escape");
  await chat.waitForAnswer("stopped");
});

test("an attached image is sent inline, described by the upstream and previewed in the thread", async ({
  page,
  request,
}) => {
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#e11d48" } })
    .png()
    .toBuffer();
  const chat = new ChatPage(page);
  await chat.newChat();
  await chat.fileInput.setInputFiles({ name: "red-box.png", mimeType: "image/png", buffer: png });
  await expect(page.getByTestId("draft-attachment")).toHaveAttribute("data-status", "ready");

  const prompt = unique("What is in this picture?");
  await chat.send(prompt);
  await chat.waitForAnswer();
  await expect(chat.answerText()).toContainText(
    `Attachment 1: image/png, 64×48 px, ${png.length} bytes (inline)`,
  );

  const preview = chat.userMessages.last().getByTestId("attachment-image");
  await expect(preview).toBeVisible();
  expect(await preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);

  const calls = (await sandboxRequests(request, "/v1/models/")).filter((c) =>
    JSON.stringify(c.body).includes(prompt),
  );
  expect(calls).toHaveLength(1);
  const parts = (calls[0].body as TextCallBody).contents.at(-1)!.parts;
  expect(parts[0].inlineData?.mimeType).toBe("image/png");
  expect(Buffer.from(parts[0].inlineData!.data, "base64").equals(png)).toBe(true);
  expect(parts[1].text).toBe(prompt);

  await page.reload();
  await expect(chat.userMessages.last().getByTestId("attachment-image")).toBeVisible();
});

test("the thread survives a reload exactly, with usage", async ({ page }) => {
  const chat = new ChatPage(page);
  await chat.newChat();
  const first = unique("First question");
  await chat.send(first);
  await chat.waitForAnswer();
  await chat.input.fill("Second question");
  await chat.input.press("Enter");
  await expect(chat.modelMessages).toHaveCount(2);
  await chat.waitForAnswer();

  const before = await chat.messages.allInnerTexts();
  const usage = await chat.lastAnswer().getByTestId("usage").innerText();
  const total = await page.getByTestId("conversation-usage").innerText();
  await page.reload();
  await expect(chat.modelMessages).toHaveCount(2);
  await chat.waitForMarkdown();
  expect(await chat.messages.allInnerTexts()).toEqual(before);
  await expect(chat.lastAnswer().getByTestId("usage")).toHaveText(usage);
  await expect(page.getByTestId("conversation-usage")).toHaveText(total);
  await expect(page.getByTestId("conversation-title")).toHaveText(first);
});

test("a code block is highlighted once its language has loaded, on demand", async ({ page }) => {
  const chat = new ChatPage(page);
  await chat.newChat();
  await chat.send(unique("Show me some code"));
  await chat.waitForAnswer();
  // The sandbox's answer ends with a ```ts block: TypeScript's highlighting arrives as its own chunk.
  await expect(chat.lastAnswer().locator("pre code.hljs .hljs-keyword").first()).toHaveText("const");
});

test("HTML in a markdown answer (<script>, <img onerror>) is shown as text and never runs", async ({
  page,
}) => {
  const chat = new ChatPage(page);
  await chat.newChat();
  await chat.send(unique("[script] show me html"));
  await chat.waitForAnswer();
  await expect(chat.answerText()).toContainText("<script>window.__pwned=1</script>");
  // An inserted <img onerror> would run at once (unlike a React-inserted <script>): this can fail.
  await expect(chat.answerText()).toContainText(`<img src=x onerror="window.__pwned=1">`);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(await chat.answerText().locator("script").count()).toBe(0);
  expect(await page.locator("img[onerror]").count()).toBe(0);
});

test("an upstream 429 shows the error with what to do and keeps the draft", async ({ page, request }) => {
  const chat = new ChatPage(page);
  await chat.newChat();
  const prompt = unique("[error:429] are you there?");
  await chat.send(prompt);
  await chat.waitForAnswer("error");
  const error = chat.lastAnswer().getByTestId("message-error");
  await expect(error).toContainText("Quota or rate limit reached");
  await expect(error).toContainText("HTTP 429");
  await expect(error).toContainText("Wait a minute and retry");
  await expect(chat.input).toHaveValue(prompt);
  const calls = (await sandboxRequests(request, "/v1/models/")).filter((c) =>
    JSON.stringify(c.body).includes(prompt),
  );
  expect(calls).toHaveLength(1);

  // Sending the kept draft again replaces the failed exchange instead of repeating the question.
  await chat.input.fill(prompt.replace("[error:429] ", ""));
  await chat.input.press("Enter");
  await chat.waitForAnswer("complete");
  await expect(chat.userMessages).toHaveCount(1);
});

test("a question edited after a refused send is kept when a new message follows", async ({ page }) => {
  const chat = new ChatPage(page);
  await chat.newChat();
  await chat.send(unique("[error:429] first try"));
  await chat.waitForAnswer("error");
  await expect(chat.input).not.toHaveValue("");

  // The user edits the stored question instead of resending the draft; that fails too.
  await chat.userMessages.first().getByTestId("edit-message").click();
  const edited = unique("[error:503] edited question");
  await page.getByTestId("edit-textarea").fill(edited);
  await page.getByRole("button", { name: "Save & resend" }).click();
  await expect(chat.userMessages.first()).toContainText(edited);
  await chat.waitForAnswer("error");

  // A new message now must not replace the edited question.
  await chat.input.fill("A different question");
  await chat.input.press("Enter");
  await expect(chat.userMessages).toHaveCount(2);
  // Both questions go upstream as one user turn (the failed answers are left out), so the sandbox
  // sees the edited question's [error:503] again: proof that it is still part of the history.
  await chat.waitForAnswer("error");
  await expect(chat.lastAnswer().getByTestId("message-error")).toContainText("HTTP 503");
  await page.reload();
  await expect(chat.userMessages).toHaveCount(2);
  await expect(chat.userMessages.first()).toContainText(edited);
});

test("edit-and-resend replaces later messages; regenerate replaces the last answer", async ({ page }) => {
  const chat = new ChatPage(page);
  await chat.newChat();
  await chat.send(unique("Original question"));
  await chat.waitForAnswer();
  await chat.input.fill("A follow-up");
  await chat.input.press("Enter");
  await expect(chat.modelMessages).toHaveCount(2);
  await chat.waitForAnswer();

  await chat.userMessages.first().getByTestId("edit-message").click();
  await page.getByTestId("edit-textarea").fill("Edited question");
  await page.getByRole("button", { name: "Save & resend" }).click();
  await chat.waitForAnswer();
  await expect(chat.userMessages).toHaveCount(1);
  await expect(chat.modelMessages).toHaveCount(1);
  await expect(chat.answerText()).toContainText("You wrote: “Edited question”");

  const answered = await chat.lastAnswer().getAttribute("data-message-id");
  await chat.lastAnswer().getByTestId("regenerate").click();
  await expect.poll(() => chat.lastAnswer().getAttribute("data-message-id")).not.toBe(answered);
  await chat.waitForAnswer();
  await expect(chat.modelMessages).toHaveCount(1);
  await page.reload();
  await expect(chat.userMessages).toHaveCount(1);
  await expect(chat.modelMessages).toHaveCount(1);
});

test("an edit refused before streaming reopens the editor with the edited text", async ({ page }) => {
  const chat = new ChatPage(page);
  await chat.newChat();
  const original = unique("Question before the edit");
  await chat.send(original);
  await chat.waitForAnswer();
  await page.route("**/api/chat/messages/*/edit", (route) =>
    route.fulfill({
      status: 503,
      contentType: "application/json",
      body: JSON.stringify({ error: { code: "internal", message: "The studio is restarting." } }),
    }),
  );
  await chat.userMessages.first().getByTestId("edit-message").click();
  await page.getByTestId("edit-textarea").fill("My carefully edited question");
  await page.getByRole("button", { name: "Save & resend" }).click();

  const error = page.getByTestId("request-error");
  await expect(error).toContainText("The studio is restarting.");
  await expect(error).toContainText("Your edited text is still in the editor above.");
  await expect(error).not.toContainText("still in the box below");
  await expect(page.getByTestId("edit-textarea")).toHaveValue("My carefully edited question");
  await expect(chat.userMessages).toHaveCount(1);
  await expect(chat.modelMessages).toHaveCount(1);
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(chat.userMessages.first()).toContainText(original);
});

test("conversations can be searched, renamed and deleted", async ({ page }) => {
  const chat = new ChatPage(page);
  await chat.newChat();
  const title = unique("Zebra stripes");
  await chat.send(title);
  await chat.waitForAnswer();

  await page.getByTestId("conversation-search").fill(title.split(" ").at(-1)!);
  const item = page.getByTestId("conversation-item").filter({ hasText: title });
  await expect(page.getByTestId("conversation-item")).toHaveCount(1);
  await item.hover();
  await item.getByTestId("rename-conversation").click();
  const renamed = unique("Renamed");
  await page.getByTestId("rename-input").fill(renamed);
  await page.getByTestId("rename-input").press("Enter");
  await expect(page.getByTestId("conversation-title")).toHaveText(renamed);

  await page.getByTestId("conversation-search").fill(renamed.split(" ").at(-1)!);
  const again = page.getByTestId("conversation-item").filter({ hasText: renamed });
  await again.hover();
  await again.getByTestId("delete-conversation").click();
  await page.getByTestId("confirm-delete").click();
  await page.waitForURL(/\/chat$/);
  await expect(page.getByTestId("conversation-item")).toHaveCount(0);
});

test("settings are validated before saving and used for the next answer", async ({ page, request }) => {
  const chat = new ChatPage(page);
  await chat.newChat();
  await page.getByTestId("settings-toggle").click();
  await page.getByLabel("Top P").fill("1.5");
  await expect(page.getByTestId("error-setting-topP")).toHaveText("must be between 0 and 1");
  await expect(page.getByTestId("save-settings")).toBeDisabled();
  await page.getByLabel("Top P").fill("0.5");
  await page.getByLabel("Max output tokens").fill("6");
  await page.getByLabel("System instruction").fill("Be brief.");
  await page.getByTestId("save-settings").click();

  await page.getByTestId("model-select").selectOption("llm-3.1-pro-preview-low");
  const prompt = unique("Settings check");
  await chat.send(prompt);
  await chat.waitForAnswer();
  await expect(chat.lastAnswer().getByTestId("finish-reason")).toHaveText("MAX_TOKENS");
  const calls = (await sandboxRequests(request, "/v1/models/llm-3.1-pro-preview-low:")).filter((c) =>
    JSON.stringify(c.body).includes(prompt),
  );
  expect(calls).toHaveLength(1);
  expect(calls[0].body).toMatchObject({
    generationConfig: { topP: 0.5, maxOutputTokens: 6 },
    systemInstruction: { parts: [{ text: "Be brief." }] },
  });
});

test("a file over the size limit is refused before upload, naming the file and the limit", async ({
  page,
}) => {
  const chat = new ChatPage(page);
  await chat.newChat();
  await chat.fileInput.setInputFiles({
    name: "huge-clip.mp4",
    mimeType: "video/mp4",
    buffer: Buffer.alloc(7 * 1024 * 1024 + 1),
  });
  await expect(page.getByTestId("attachment-problems")).toContainText('"huge-clip.mp4" is 7,340,033 bytes');
  await expect(page.getByTestId("attachment-problems")).toContainText("at most 7 MB each");
  await expect(page.getByTestId("draft-attachment")).toHaveCount(0);
});

test("a gallery image is picked, sent inline and described, and previewed in the thread", async ({
  page,
}) => {
  const word = uniqueWord("pick");
  await seedGallery([
    {
      prompt: `${word} a lighthouse at dawn`,
      kind: "image",
      files: [{ kind: "image", width: 200, height: 120 }],
    },
  ]);
  const chat = new ChatPage(page);
  await chat.newChat();
  await page.getByTestId("open-gallery-picker").click();
  await page.getByTestId("gallery-picker-search").fill(word);
  await expect(page.getByTestId("gallery-pick")).toHaveCount(1);
  await page.getByTestId("gallery-pick").click();
  await expect(page.getByTestId("draft-attachment")).toHaveAttribute("data-status", "ready");
  await expect(page.getByTestId("draft-attachment")).toContainText("from gallery");

  await chat.send(unique("Describe the picked image"));
  await chat.waitForAnswer();
  await expect(chat.answerText()).toContainText(`image/png, 200×120 px`);
  const preview = chat.userMessages.last().getByTestId("attachment-image");
  await expect(preview).toBeVisible();
  expect(await preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(200);
});

test("images can be attached by dropping and by pasting", async ({ page }) => {
  const png = await sharp({ create: { width: 30, height: 20, channels: 3, background: "#0ea5e9" } })
    .png()
    .toBuffer();
  const chat = new ChatPage(page);
  await chat.newChat();
  const base64 = png.toString("base64");
  await page.evaluate(async (data) => {
    const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
    const transfer = (name: string) => {
      const dt = new DataTransfer();
      dt.items.add(new File([bytes], name, { type: "image/png" }));
      return dt;
    };
    const main = document.querySelector('[data-testid="thread"]')!;
    main.dispatchEvent(
      new DragEvent("dragover", { bubbles: true, cancelable: true, dataTransfer: transfer("dropped.png") }),
    );
    main.dispatchEvent(
      new DragEvent("drop", { bubbles: true, cancelable: true, dataTransfer: transfer("dropped.png") }),
    );
    const input = document.querySelector('[data-testid="composer-input"]')!;
    input.dispatchEvent(
      new ClipboardEvent("paste", { bubbles: true, cancelable: true, clipboardData: transfer("pasted.png") }),
    );
  }, base64);
  const chips = page.getByTestId("draft-attachment");
  await expect(chips).toHaveCount(2);
  await expect(chips.nth(0)).toHaveAttribute("data-status", "ready");
  await expect(chips.nth(1)).toHaveAttribute("data-status", "ready");
  await expect(chips.nth(0)).toContainText("dropped.png");
  await expect(chips.nth(1)).toContainText("pasted.png");

  await chat.send(unique("Two pictures"));
  await chat.waitForAnswer();
  await expect(chat.answerText()).toContainText("Attachment 2: image/png, 30×20 px");
  await expect(chat.userMessages.last().getByTestId("attachment-image")).toHaveCount(2);
});

test("a public URL is attached by reference and sent as fileData", async ({ page, request }) => {
  const chat = new ChatPage(page);
  await chat.newChat();
  await page.getByTestId("open-link-form").click();
  await page.getByTestId("link-url").fill("ftp://media.example.com/clip.mp4");
  await page.getByTestId("link-add").click();
  await expect(page.getByTestId("link-form")).toContainText("must be an http(s) URL");
  const url = `https://media.example.com/${Date.now()}/clip.mp4`;
  await page.getByTestId("link-url").fill(url);
  await page.getByTestId("link-add").click();
  await expect(page.getByTestId("draft-attachment")).toContainText("by URL");

  const prompt = unique("What happens in this clip?");
  await chat.send(prompt);
  await chat.waitForAnswer();
  await expect(chat.answerText()).toContainText(`Attachment 1: video/mp4 by reference (${url})`);
  const calls = (await sandboxRequests(request, "/v1/models/")).filter((c) =>
    JSON.stringify(c.body).includes(prompt),
  );
  expect((calls[0].body as { contents: { parts: unknown[] }[] }).contents.at(-1)!.parts[0]).toEqual({
    fileData: { mimeType: "video/mp4", fileUri: url },
  });
  await page.reload();
  await expect(chat.userMessages.last().getByTestId("message-attachments")).toContainText("by URL");
});

test("an answer cut off by a network error keeps its text and is marked interrupted", async ({ page }) => {
  const chat = new ChatPage(page);
  await chat.newChat();
  await chat.send(unique("[drop] cut me off"));
  await chat.waitForAnswer("interrupted");
  const kept = await chat.answerText().innerText();
  expect(kept).toContain("Sandbox reply");
  await expect(chat.lastAnswer().getByTestId("message-error")).toContainText(
    "The connection broke mid-answer",
  );
  await page.reload();
  await chat.waitForAnswer("interrupted");
  await expect(chat.answerText()).toHaveText(kept);
});

test.describe("the native text API through the studio proxy", () => {
  const proxy = (target: string) => `/api/llm/v1/models/${target}`;
  const ask = (text: string) => ({ contents: [{ role: "user", parts: [{ text }] }] });
  type ErrorBody = { error: { code: string; message: string; issues?: { path: string; message: string }[] } };

  test("refuses an unknown model, an unknown method, a bad body and a stray %, naming each", async ({
    request,
  }) => {
    const model = await request.post(proxy("gpt-4:generateContent"), { data: ask("hi") });
    expect(model.status()).toBe(400);
    const modelError = ((await model.json()) as ErrorBody).error;
    expect(modelError.code).toBe("unknown_model");
    expect(modelError.message).toContain("llm-2.5-flash-lite");
    expect(modelError.message).toContain("llm-3.1-pro-preview-low");

    const method = await request.post(proxy("llm-2.5-pro:countTokens"), { data: ask("hi") });
    expect(method.status()).toBe(400);
    expect(((await method.json()) as ErrorBody).error.message).toContain('Unknown method "countTokens"');

    const body = await request.post(proxy("llm-2.5-pro:generateContent"), {
      data: { contents: [{ role: "user", parts: [{ inlineData: { mimeType: "image/png", data: "!!" } }] }] },
    });
    expect(body.status()).toBe(400);
    const bodyError = ((await body.json()) as ErrorBody).error;
    expect(bodyError.issues?.[0].path).toBe("contents[0].parts[0].inlineData.data");
    expect(bodyError.message).toContain("must be base64-encoded bytes");

    // A "%" in the model (sent encoded, as any client would) is an unknown model, not a server error.
    const percent = await request.post(proxy("llm-2.5-pro%25:generateContent"), { data: ask("hi") });
    expect(percent.status()).toBe(400);
    const percentError = ((await percent.json()) as ErrorBody).error;
    expect(percentError.message).toContain('"llm-2.5-pro%" is not a text model');
    expect(percentError.issues?.[0].path).toBe("model");

    const upload = await request.post("/api/chat/attachments", {
      headers: { "Content-Type": "image/png", "X-File-Name": "100%.png" },
      data: Buffer.from("not really a png"),
    });
    expect(upload.status()).toBe(400);
    expect(((await upload.json()) as ErrorBody).error.issues?.[0].path).toBe("X-File-Name");

    // None of these reached the upstream.
    const calls = await sandboxRequests(request, "/v1/models/");
    expect(calls.filter((c) => /gpt-4|countTokens|"!!"/.test(`${c.path}${JSON.stringify(c.body)}`))).toEqual(
      [],
    );
  });

  test("streams server-sent events from the upstream, sent with the studio's key", async ({ request }) => {
    const prompt = unique("Proxy stream check");
    const response = await request.post(proxy("llm-2.5-flash-lite:streamGenerateContent?alt=sse"), {
      // A client's own key must not matter: the studio sends its server-side key.
      headers: { Authorization: "Bearer client-secret-not-for-upstream" },
      data: ask(prompt),
    });
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("text/event-stream");
    const events = (await response.text())
      .split(/\r?\n\r?\n/)
      .filter((e) => e.startsWith("data: "))
      .map(
        (e) =>
          JSON.parse(e.slice(6)) as {
            candidates: { content: { parts: { text: string }[] }; finishReason?: string }[];
          },
      );
    expect(events.length).toBeGreaterThan(1);
    expect(events.map((e) => e.candidates[0].content.parts[0].text).join("")).toContain(prompt);
    expect(events.at(-1)?.candidates[0].finishReason).toBe("STOP");

    const calls = (await sandboxRequests(request, "/v1/models/")).filter((c) =>
      JSON.stringify(c.body).includes(prompt),
    );
    expect(calls).toHaveLength(1);
    expect(calls[0].path).toBe("/v1/models/llm-2.5-flash-lite:streamGenerateContent?alt=sse");
    expect(calls[0].authorization).toBe(true);

    // Without any Authorization from the client the upstream still gets a key: the studio's.
    const bare = unique("Proxy without a client key");
    expect(
      (await request.post(proxy("llm-2.5-flash-lite:generateContent"), { data: ask(bare) })).status(),
    ).toBe(200);
    const bareCalls = (await sandboxRequests(request, "/v1/models/")).filter((c) =>
      JSON.stringify(c.body).includes(bare),
    );
    expect(bareCalls.map((c) => c.authorization)).toEqual([true]);
  });
});
