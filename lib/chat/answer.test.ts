// Answers that end early: stop button, browser gone, upstream cut off, server restart. Each keeps
// the text received and says why, in the database and in the browser's stream.
import { LOCAL_USER } from "../auth/local-user";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readChatEvents, type ChatEvent } from "./chat-events";
import { createConversation, deleteConversation, getConversationDetail } from "./conversations";
import { isGenerating } from "./generations";
import { stopGeneration } from "./generations";
import { sendMessage } from "./send";
import { sendMessageSchema } from "./send-schema";
import { collectEvents, doneOf, startChatFixture, textOf, type ChatFixture } from "./testing/chat-fixture";
import { chineseError, chineseNotices } from "./testing/in-chinese";

let f: ChatFixture;
beforeAll(async () => {
  f = await startChatFixture();
});
afterAll(() => f.close());

const input = (text: string) => sendMessageSchema.parse({ text });

async function waitFor<T>(check: () => Promise<T | undefined>, timeoutMs = 5000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("answers that end early", () => {
  it("stop keeps the partial answer, marked stopped", async () => {
    const c = await createConversation(f.db, LOCAL_USER);
    const events: ChatEvent[] = [];
    let modelId = "";
    let deltas = 0;
    await readChatEvents(
      await sendMessage(f.db, LOCAL_USER, c.id, input("[slow] tell me a story"), { config: f.config }),
      (e) => {
        events.push(e);
        if (e.type === "start") modelId = e.modelMessage.id;
        if (e.type === "delta" && ++deltas === 3) stopGeneration(modelId);
      },
    );
    const done = doneOf(events);
    expect(done.message.status).toBe("stopped");
    expect(done.message.error).toBeNull();
    expect(done.message.finishReason).toBeNull();
    expect(done.message.text).toBe(textOf(events));
    expect(deltas).toBeGreaterThanOrEqual(3);
    expect(deltas).toBeLessThan(20);

    const stored = (await getConversationDetail(f.db, LOCAL_USER, c.id)).messages[1];
    expect(stored.status).toBe("stopped");
    expect(stored.text).toBe(done.message.text);
  });

  it("a browser that goes away leaves the partial answer stored as interrupted", async () => {
    const c = await createConversation(f.db, LOCAL_USER);
    const reader = (
      await sendMessage(f.db, LOCAL_USER, c.id, input("[slow] and then"), { config: f.config })
    ).getReader();
    const decoder = new TextDecoder();
    let seen = "";
    while (!seen.includes("event: delta")) seen += decoder.decode((await reader.read()).value);
    await reader.cancel();

    const stored = await waitFor(async () => {
      const m = (await getConversationDetail(f.db, LOCAL_USER, c.id)).messages[1];
      return m.status === "streaming" ? undefined : m;
    });
    expect(stored.status).toBe("interrupted");
    expect(stored.error).toMatchObject({
      code: "client_disconnected",
      messageCode: "chat_client_disconnected",
      messageParams: null,
    });
    expect(chineseError(stored)).toBe("回答生成过程中，页面被关闭或失去了连接。");
    expect(stored.text.length).toBeGreaterThan(0);
    expect(stored.text.length).toBeLessThan(200);
  });

  it("an upstream that cuts the connection mid-stream leaves an interrupted answer with its text", async () => {
    const c = await createConversation(f.db, LOCAL_USER);
    const events = await collectEvents(
      await sendMessage(f.db, LOCAL_USER, c.id, input("[drop] go"), { config: f.config }),
    );
    const done = doneOf(events);
    expect(done.message.status).toBe("interrupted");
    expect(done.message.error).toMatchObject({ code: "stream_broken", messageCode: "chat_stream_broken" });
    expect(done.message.error?.messageParams?.cause).toBeDefined();
    expect(chineseError(done.message)).toMatch(/^来自文本 API 的数据流中断了：\S/);
    expect(done.message.text).toBe(textOf(events));
    expect(done.message.text.length).toBeGreaterThan(0);
  });

  it("an unreachable upstream is an error answer that names the problem", async () => {
    const c = await createConversation(f.db, LOCAL_USER);
    const events = await collectEvents(
      await sendMessage(f.db, LOCAL_USER, c.id, input("hello"), {
        config: { baseUrl: "http://127.0.0.1:1", apiKey: "k" },
      }),
    );
    const done = doneOf(events);
    expect(done.message.status).toBe("error");
    expect(done.message.error?.code).toBe("upstream_unreachable");
    // A studio error keeps its own code; the page words it from errors.* and quotes the detail.
    expect(done.message.error?.messageCode).toBe("upstream_unreachable");
    expect(chineseError(done.message)).toBe(`无法连接上游服务。 ${done.message.error?.message}`);
    expect(done.message.text).toBe("");
  });

  it("a row left streaming by a restart is shown as interrupted with its saved text", async () => {
    const c = await createConversation(f.db, LOCAL_USER);
    await f.db.message.create({
      data: { conversationId: c.id, role: "user", parts: JSON.stringify([{ text: "q" }]) },
    });
    await f.db.message.create({
      data: {
        conversationId: c.id,
        role: "model",
        parts: JSON.stringify([{ text: "half an ans" }]),
        status: "streaming",
        // The notices it was asked with, as a studio before codes wrote them: kept, shown as written.
        error: JSON.stringify({ notices: ['"old.mp4" from an earlier message is gone.'] }),
        createdAt: new Date(Date.now() + 5),
      },
    });
    const [, answer] = (await getConversationDetail(f.db, LOCAL_USER, c.id)).messages;
    expect(answer.status).toBe("interrupted");
    expect(answer.text).toBe("half an ans");
    expect(answer.error?.message).toContain("studio stopped");
    expect(answer.error).toMatchObject({ code: "interrupted", messageCode: "chat_studio_stopped" });
    expect(chineseError(answer)).toBe("回答生成过程中工作室停止了运行；已保留此前收到的文字。");
    expect(answer.notices).toEqual(['"old.mp4" from an earlier message is gone.']);
    expect(answer.noticeCodes).toEqual(["text"]);
    expect(answer.noticeParams).toEqual([null]);
    expect(chineseNotices(answer)).toEqual(answer.notices);
  });

  it("an answer stored before codes were kept shows its English sentences on a Chinese page", async () => {
    const c = await createConversation(f.db, LOCAL_USER);
    await f.db.message.create({
      data: {
        conversationId: c.id,
        role: "model",
        parts: "[]",
        status: "error",
        error: JSON.stringify({
          code: "timeout",
          status: 504,
          message: "The text API sent nothing for 60 s.",
        }),
      },
    });
    const [answer] = (await getConversationDetail(f.db, LOCAL_USER, c.id)).messages;
    expect(answer.error).toEqual({
      code: "timeout",
      status: 504,
      message: "The text API sent nothing for 60 s.",
      messageCode: "text",
      messageParams: null,
    });
    expect(chineseError(answer)).toBe("The text API sent nothing for 60 s.");
    expect(answer.notices).toEqual([]);
  });

  it("a small maxOutputTokens ends with MAX_TOKENS", async () => {
    const c = await createConversation(f.db, LOCAL_USER, { generationConfig: { maxOutputTokens: 3 } });
    const done = doneOf(
      await collectEvents(
        await sendMessage(f.db, LOCAL_USER, c.id, input("long please"), { config: f.config }),
      ),
    );
    expect(done.message.status).toBe("complete");
    expect(done.message.finishReason).toBe("MAX_TOKENS");
    expect(done.message.usage?.candidatesTokenCount).toBe(3);
  });

  it("deleting a conversation mid-answer ends the answer and its stream", async () => {
    const c = await createConversation(f.db, LOCAL_USER);
    let modelId = "";
    let deleted = false;
    await readChatEvents(
      await sendMessage(f.db, LOCAL_USER, c.id, input("[slow] doomed"), { config: f.config }),
      (e) => {
        if (e.type === "start") modelId = e.modelMessage.id;
        if (e.type === "delta" && !deleted) {
          deleted = true;
          void deleteConversation(f.db, LOCAL_USER, c.id);
        }
      },
    );
    expect(deleted).toBe(true);
    expect(isGenerating(modelId)).toBe(false);
    expect(await f.db.message.count({ where: { conversationId: c.id } })).toBe(0);
  });
});

/** A hand-driven upstream: `serve` writes whatever the test wants on each text API call. */
async function withUpstream(
  serve: (res: http.ServerResponse) => void | Promise<void>,
  run: (config: { baseUrl: string; apiKey: string }) => Promise<void>,
) {
  const server = http.createServer((req, res) => {
    req.resume();
    void serve(res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  try {
    await run({ baseUrl: `http://127.0.0.1:${port}`, apiKey: "k" });
  } finally {
    server.closeAllConnections();
    server.close();
  }
}

const sseChunk = (text: string, finishReason?: string) =>
  `data: ${JSON.stringify({
    candidates: [
      { content: { role: "model", parts: [{ text }] }, ...(finishReason ? { finishReason } : {}) },
    ],
  })}\n\n`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("timeouts", () => {
  it("an upstream that stalls mid-stream is given up after the idle limit, keeping the text", async () => {
    const c = await createConversation(f.db, LOCAL_USER);
    const started = Date.now();
    const events = await collectEvents(
      await sendMessage(f.db, LOCAL_USER, c.id, input("[stall] then nothing"), {
        config: f.config,
        idleTimeoutMs: 300,
      }),
    );
    const done = doneOf(events);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(done.message.status).toBe("interrupted");
    expect(done.message.text).toBe(textOf(events));
    expect(done.message.text).toContain("Sandbox");
    expect(done.message.error).toMatchObject({
      code: "timeout",
      status: 504,
      messageCode: "chat_idle_timeout",
      messageParams: { seconds: 0.3 },
    });
    expect(done.message.error?.message).toContain("stopped sending mid-answer: nothing for 300 ms");
    expect(chineseError(done.message)).toBe(
      "文本 API 在回答中途停止发送：0.3 秒内没有任何内容，工作室已放弃等待。",
    );
    expect((await getConversationDetail(f.db, LOCAL_USER, c.id)).messages[1].status).toBe("interrupted");
  });

  it("an upstream that never answers is an error answer after the first-chunk limit", async () => {
    await withUpstream(
      () => {
        // accepts the request and never writes a byte
      },
      async (config) => {
        const c = await createConversation(f.db, LOCAL_USER);
        const done = doneOf(
          await collectEvents(
            await sendMessage(f.db, LOCAL_USER, c.id, input("hello?"), { config, firstChunkTimeoutMs: 300 }),
          ),
        );
        expect(done.message.status).toBe("error");
        expect(done.message.text).toBe("");
        expect(done.message.error).toMatchObject({
          code: "timeout",
          status: 504,
          messageCode: "chat_first_chunk_timeout",
          messageParams: { seconds: 0.3 },
        });
        expect(done.message.error?.message).toContain("sent nothing for 300 ms");
        expect(chineseError(done.message)).toBe("文本 API 在 0.3 秒内没有发送任何内容，工作室已放弃等待。");
      },
    );
  });

  it("keep-alive comments count as activity: a slow but live stream completes", async () => {
    await withUpstream(
      async (res) => {
        res.writeHead(200, { "Content-Type": "text/event-stream" });
        res.write(sseChunk("Hello "));
        for (let i = 0; i < 8; i++) {
          await sleep(100);
          res.write(": keep-alive\n\n");
        }
        res.end(sseChunk("world", "STOP"));
      },
      async (config) => {
        const c = await createConversation(f.db, LOCAL_USER);
        const done = doneOf(
          await collectEvents(
            await sendMessage(f.db, LOCAL_USER, c.id, input("slowly"), { config, idleTimeoutMs: 400 }),
          ),
        );
        expect(done.message.status).toBe("complete");
        expect(done.message.text).toBe("Hello world");
      },
    );
  });
});

describe("streams that end without a complete answer", () => {
  it.each([
    ["an empty body", "text/event-stream", ""],
    ["an HTML page", "text/html", "<html><body>Maintenance</body></html>\n\n"],
  ])("a 200 with %s is an error answer, not an empty complete one", async (_name, type, body) => {
    await withUpstream(
      (res) => {
        res.writeHead(200, { "Content-Type": type });
        res.end(body);
      },
      async (config) => {
        const c = await createConversation(f.db, LOCAL_USER);
        const done = doneOf(
          await collectEvents(await sendMessage(f.db, LOCAL_USER, c.id, input("hi"), { config })),
        );
        expect(done.message.status).toBe("error");
        expect(done.message.finishReason).toBeNull();
        expect(done.message.error?.code).toMatch(/^(empty_stream|stream_broken)$/);
        expect(done.message.error?.message).toMatch(/without a single answer chunk|broke off/);
      },
    );
  });

  it("a stream that ends without a finish reason keeps its text, marked interrupted", async () => {
    await withUpstream(
      (res) => {
        res.writeHead(200, { "Content-Type": "text/event-stream" });
        res.end(sseChunk("half of it"));
      },
      async (config) => {
        const c = await createConversation(f.db, LOCAL_USER);
        const done = doneOf(
          await collectEvents(await sendMessage(f.db, LOCAL_USER, c.id, input("hi"), { config })),
        );
        expect(done.message.status).toBe("interrupted");
        expect(done.message.text).toBe("half of it");
        expect(done.message.error).toMatchObject({
          code: "stream_incomplete",
          messageCode: "chat_stream_incomplete",
        });
        expect(done.message.error?.message).toContain("ended without a finish reason");
        expect(chineseError(done.message)).toBe("上游的数据流结束时没有给出结束原因，回答可能不完整。");
      },
    );
  });

  it("a 200 with an empty event stream names its status and type, in the page's language", async () => {
    await withUpstream(
      (res) => {
        res.writeHead(200, { "Content-Type": "text/event-stream" });
        res.end();
      },
      async (config) => {
        const c = await createConversation(f.db, LOCAL_USER);
        const done = doneOf(
          await collectEvents(await sendMessage(f.db, LOCAL_USER, c.id, input("hi"), { config })),
        );
        expect(done.message.error).toMatchObject({
          code: "empty_stream",
          status: 502,
          message:
            "The text API answered HTTP 200 without a single answer chunk (Content-Type: text/event-stream).",
          messageCode: "chat_empty_stream_typed",
          messageParams: { upstreamStatus: 200, contentType: "text/event-stream" },
        });
        expect(chineseError(done.message)).toBe(
          "文本 API 返回了 HTTP 200，但没有任何回答片段（Content-Type：text/event-stream）。",
        );
      },
    );
  });

  it("an error chunk mid-stream keeps the upstream's words inside our coded sentence", async () => {
    await withUpstream(
      (res) => {
        res.writeHead(200, { "Content-Type": "text/event-stream" });
        res.write(sseChunk("Partly "));
        res.end(
          `data: ${JSON.stringify({ error: { code: 429, message: "Quota exceeded.", status: "RESOURCE_EXHAUSTED" } })}\n\n`,
        );
      },
      async (config) => {
        const c = await createConversation(f.db, LOCAL_USER);
        const done = doneOf(
          await collectEvents(await sendMessage(f.db, LOCAL_USER, c.id, input("hi"), { config })),
        );
        expect(done.message.status).toBe("interrupted");
        expect(done.message.text).toBe("Partly ");
        expect(done.message.error).toEqual({
          code: "upstream_rejected",
          status: 429,
          message: "The text API reported an error mid-stream (RESOURCE_EXHAUSTED): Quota exceeded.",
          messageCode: "chat_upstream_error_mid_stream",
          messageParams: { upstreamStatus: "RESOURCE_EXHAUSTED", upstreamMessage: "Quota exceeded." },
        });
        expect(chineseError(done.message)).toBe(
          "文本 API 在数据流中途报告了错误（RESOURCE_EXHAUSTED）：Quota exceeded.",
        );
      },
    );
  });

  it("a stream cut in the middle of a chunk says so, as a worded cause of the break", async () => {
    await withUpstream(
      (res) => {
        res.writeHead(200, { "Content-Type": "text/event-stream" });
        res.write(sseChunk("Half "));
        res.end('data: {"candidates": [{"content"');
      },
      async (config) => {
        const c = await createConversation(f.db, LOCAL_USER);
        const done = doneOf(
          await collectEvents(await sendMessage(f.db, LOCAL_USER, c.id, input("hi"), { config })),
        );
        expect(done.message.status).toBe("interrupted");
        expect(done.message.error).toMatchObject({
          code: "stream_broken",
          messageCode: "chat_stream_broken",
          messageParams: { cause: { code: "chat_stream_cut_mid_chunk", params: { chunks: 1 } } },
        });
        expect(done.message.error?.message).toMatch(
          /^The stream from the text API broke off: The stream ended/,
        );
        expect(chineseError(done.message)).toBe(
          "来自文本 API 的数据流中断了：数据流在收到 1 个完整片段后，于某个片段中途结束。",
        );
      },
    );
  });
});
