// Answers that end early: stop button, browser gone, upstream cut off, server restart. Each keeps
// the text received and says why, in the database and in the browser's stream.
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
    const c = await createConversation(f.db);
    const events: ChatEvent[] = [];
    let modelId = "";
    let deltas = 0;
    await readChatEvents(
      await sendMessage(f.db, c.id, input("[slow] tell me a story"), { config: f.config }),
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

    const stored = (await getConversationDetail(f.db, c.id)).messages[1];
    expect(stored.status).toBe("stopped");
    expect(stored.text).toBe(done.message.text);
  });

  it("a browser that goes away leaves the partial answer stored as interrupted", async () => {
    const c = await createConversation(f.db);
    const reader = (
      await sendMessage(f.db, c.id, input("[slow] and then"), { config: f.config })
    ).getReader();
    const decoder = new TextDecoder();
    let seen = "";
    while (!seen.includes("event: delta")) seen += decoder.decode((await reader.read()).value);
    await reader.cancel();

    const stored = await waitFor(async () => {
      const m = (await getConversationDetail(f.db, c.id)).messages[1];
      return m.status === "streaming" ? undefined : m;
    });
    expect(stored.status).toBe("interrupted");
    expect(stored.error?.code).toBe("client_disconnected");
    expect(stored.text.length).toBeGreaterThan(0);
    expect(stored.text.length).toBeLessThan(200);
  });

  it("an upstream that cuts the connection mid-stream leaves an interrupted answer with its text", async () => {
    const c = await createConversation(f.db);
    const events = await collectEvents(
      await sendMessage(f.db, c.id, input("[drop] go"), { config: f.config }),
    );
    const done = doneOf(events);
    expect(done.message.status).toBe("interrupted");
    expect(done.message.error?.code).toBe("stream_broken");
    expect(done.message.text).toBe(textOf(events));
    expect(done.message.text.length).toBeGreaterThan(0);
  });

  it("an unreachable upstream is an error answer that names the problem", async () => {
    const c = await createConversation(f.db);
    const events = await collectEvents(
      await sendMessage(f.db, c.id, input("hello"), {
        config: { baseUrl: "http://127.0.0.1:1", apiKey: "k" },
      }),
    );
    const done = doneOf(events);
    expect(done.message.status).toBe("error");
    expect(done.message.error?.code).toBe("upstream_unreachable");
    expect(done.message.text).toBe("");
  });

  it("a row left streaming by a restart is shown as interrupted with its saved text", async () => {
    const c = await createConversation(f.db);
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
    const [, answer] = (await getConversationDetail(f.db, c.id)).messages;
    expect(answer.status).toBe("interrupted");
    expect(answer.text).toBe("half an ans");
    expect(answer.error?.message).toContain("studio stopped");
  });

  it("a small maxOutputTokens ends with MAX_TOKENS", async () => {
    const c = await createConversation(f.db, { generationConfig: { maxOutputTokens: 3 } });
    const done = doneOf(
      await collectEvents(await sendMessage(f.db, c.id, input("long please"), { config: f.config })),
    );
    expect(done.message.status).toBe("complete");
    expect(done.message.finishReason).toBe("MAX_TOKENS");
    expect(done.message.usage?.candidatesTokenCount).toBe(3);
  });

  it("deleting a conversation mid-answer ends the answer and its stream", async () => {
    const c = await createConversation(f.db);
    let modelId = "";
    let deleted = false;
    await readChatEvents(await sendMessage(f.db, c.id, input("[slow] doomed"), { config: f.config }), (e) => {
      if (e.type === "start") modelId = e.modelMessage.id;
      if (e.type === "delta" && !deleted) {
        deleted = true;
        void deleteConversation(f.db, c.id);
      }
    });
    expect(deleted).toBe(true);
    expect(isGenerating(modelId)).toBe(false);
    expect(await f.db.message.count({ where: { conversationId: c.id } })).toBe(0);
  });
});
