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
    expect(stored.error?.code).toBe("client_disconnected");
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
    expect(done.message.error?.code).toBe("stream_broken");
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
        createdAt: new Date(Date.now() + 5),
      },
    });
    const [, answer] = (await getConversationDetail(f.db, LOCAL_USER, c.id)).messages;
    expect(answer.status).toBe("interrupted");
    expect(answer.text).toBe("half an ans");
    expect(answer.error?.message).toContain("studio stopped");
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
    expect(done.message.error).toMatchObject({ code: "timeout", status: 504 });
    expect(done.message.error?.message).toContain("stopped sending mid-answer: nothing for 300 ms");
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
        expect(done.message.error).toMatchObject({ code: "timeout", status: 504 });
        expect(done.message.error?.message).toContain("sent nothing for 300 ms");
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
        expect(done.message.error).toMatchObject({ code: "stream_incomplete" });
        expect(done.message.error?.message).toContain("ended without a finish reason");
      },
    );
  });
});
