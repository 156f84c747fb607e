// Conversations and the send / regenerate / edit paths on a real SQLite file, answered by the
// sandbox over HTTP: what is persisted, what the browser receives, what the upstream received.
import { LOCAL_USER } from "../auth/local-user";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { StudioError } from "../errors";
import {
  createConversation,
  deleteConversation,
  getConversationDetail,
  listConversations,
  updateConversation,
} from "./conversations";
import { editAndResend, regenerateAnswer, sendMessage } from "./send";
import { sendMessageSchema } from "./send-schema";
import { collectEvents, doneOf, startChatFixture, textOf, type ChatFixture } from "./testing/chat-fixture";

let f: ChatFixture;
beforeAll(async () => {
  f = await startChatFixture();
});
afterAll(() => f.close());

const input = (text: string) => sendMessageSchema.parse({ text });

type SentBody = {
  contents: { role: string; parts: { text?: string }[] }[];
  systemInstruction?: unknown;
  generationConfig?: unknown;
};
function lastUpstreamBody(): SentBody {
  return f.sandbox.log.list().at(-1)!.body as SentBody;
}

describe("conversations", () => {
  it("creates, lists newest first, searches titles, renames and deletes", async () => {
    const a = await createConversation(f.db, LOCAL_USER, { title: "Holiday photos" });
    const b = await createConversation(f.db, LOCAL_USER, {
      title: "Quarterly report",
      model: "llm-2.5-pro-low",
    });
    expect(b.model).toBe("llm-2.5-pro-low");
    expect(a.model).toBe("llm-2.5-flash-lite");

    const all = await listConversations(f.db, LOCAL_USER);
    expect(all.map((c) => c.id).slice(0, 2)).toEqual([b.id, a.id]);
    expect((await listConversations(f.db, LOCAL_USER, { q: "holiday" })).map((c) => c.id)).toEqual([a.id]);

    const renamed = await updateConversation(f.db, LOCAL_USER, a.id, { title: "  Beach trip  " });
    expect(renamed.title).toBe("Beach trip");
    expect((await listConversations(f.db, LOCAL_USER, { q: "beach" })).map((c) => c.id)).toEqual([a.id]);

    await deleteConversation(f.db, LOCAL_USER, a.id);
    await expect(getConversationDetail(f.db, LOCAL_USER, a.id)).rejects.toThrow(/does not exist/);
  });

  it("rejects an unknown model and bad generation settings, naming the field", async () => {
    const unknown = await createConversation(f.db, LOCAL_USER, { model: "gpt-4" }).catch(
      (e: StudioError) => e,
    );
    expect(unknown).toBeInstanceOf(StudioError);
    expect((unknown as StudioError).message).toContain("llm-2.5-pro-official");

    const c = await createConversation(f.db, LOCAL_USER);
    const bad = await updateConversation(f.db, LOCAL_USER, c.id, { generationConfig: { topP: 3 } }).catch(
      (e: unknown) => e,
    );
    expect(JSON.stringify(bad)).toContain("must be between 0 and 1");
  });
});

describe("sending", () => {
  it("streams the answer, persists it with finishReason and usage, and titles the conversation", async () => {
    const c = await createConversation(f.db, LOCAL_USER, {
      systemInstruction: "Answer briefly.",
      generationConfig: { temperature: 0.4 },
    });
    const events = await collectEvents(
      await sendMessage(f.db, LOCAL_USER, c.id, input("What is a haiku?"), { config: f.config }),
    );

    expect(events[0].type).toBe("start");
    expect(events.filter((e) => e.type === "delta").length).toBeGreaterThan(3);
    const done = doneOf(events);
    expect(done.message.status).toBe("complete");
    expect(done.message.finishReason).toBe("STOP");
    expect(done.message.text).toBe(textOf(events));
    expect(done.message.text).toContain("You wrote: “What is a haiku?”");
    expect(done.message.usage?.totalTokenCount).toBeGreaterThan(0);
    expect(done.conversation.title).toBe("What is a haiku?");
    expect(done.conversation.usage.totalTokenCount).toBe(done.message.usage?.totalTokenCount);

    const sent = lastUpstreamBody();
    expect(f.sandbox.log.list().at(-1)?.path).toBe(
      "/v1/models/llm-2.5-flash-lite:streamGenerateContent?alt=sse",
    );
    expect(sent.systemInstruction).toEqual({ parts: [{ text: "Answer briefly." }] });
    expect(sent.generationConfig).toEqual({ temperature: 0.4 });

    const detail = await getConversationDetail(f.db, LOCAL_USER, c.id);
    expect(detail.messages.map((m) => [m.role, m.status])).toEqual([
      ["user", "complete"],
      ["model", "complete"],
    ]);
    expect(detail.messages[1].text).toBe(done.message.text);
  });

  it("sends the whole history on the next question and sums usage over the conversation", async () => {
    const c = await createConversation(f.db, LOCAL_USER);
    const first = doneOf(
      await collectEvents(await sendMessage(f.db, LOCAL_USER, c.id, input("one"), { config: f.config })),
    );
    const second = doneOf(
      await collectEvents(await sendMessage(f.db, LOCAL_USER, c.id, input("two"), { config: f.config })),
    );
    expect(lastUpstreamBody().contents.map((m) => m.role)).toEqual(["user", "model", "user"]);
    expect(lastUpstreamBody().contents[1].parts[0].text).toBe(first.message.text);
    expect(second.conversation.usage.totalTokenCount).toBe(
      first.message.usage!.totalTokenCount! + second.message.usage!.totalTokenCount!,
    );
  });

  it("stores an upstream 429 as a failed answer, then replaces that exchange when the draft is resent", async () => {
    const c = await createConversation(f.db, LOCAL_USER);
    const failed = doneOf(
      await collectEvents(
        await sendMessage(f.db, LOCAL_USER, c.id, input("quota please [error:429]"), { config: f.config }),
      ),
    );
    expect(failed.message.status).toBe("error");
    expect(failed.message.error).toMatchObject({ code: "upstream_rejected", status: 429 });
    expect(failed.message.error?.message).toContain("Resource has been exhausted");
    let detail = await getConversationDetail(f.db, LOCAL_USER, c.id);
    expect(detail.messages.map((m) => m.status)).toEqual(["complete", "error"]);

    const retried = doneOf(
      await collectEvents(
        await sendMessage(
          f.db,
          LOCAL_USER,
          c.id,
          sendMessageSchema.parse({ text: "quota please", replaceFailed: detail.messages[0].id }),
          { config: f.config },
        ),
      ),
    );
    expect(retried.message.status).toBe("complete");
    detail = await getConversationDetail(f.db, LOCAL_USER, c.id);
    expect(detail.messages.map((m) => m.text.slice(0, 12))).toEqual(["quota please", "### Sandbox "]);
    expect(lastUpstreamBody().contents).toHaveLength(1);
  });

  const unreachable = { config: { baseUrl: "http://127.0.0.1:1", apiKey: "k" } };
  const thread = async (id: string) =>
    (await getConversationDetail(f.db, LOCAL_USER, id)).messages.map((m) => [
      m.role,
      m.status,
      m.text.slice(0, 14),
    ]);

  it("keeps a failed question when the next message does not name it as resent", async () => {
    const c = await createConversation(f.db, LOCAL_USER);
    await collectEvents(await sendMessage(f.db, LOCAL_USER, c.id, input("lost question"), unreachable));
    await collectEvents(
      await sendMessage(f.db, LOCAL_USER, c.id, input("something else"), { config: f.config }),
    );
    expect(await thread(c.id)).toEqual([
      ["user", "complete", "lost question"],
      ["model", "error", ""],
      ["user", "complete", "something else"],
      ["model", "complete", "### Sandbox re"],
    ]);
    // Both questions reach the upstream (merged into one user turn: the failed answer is left out).
    expect(lastUpstreamBody().contents).toEqual([
      { role: "user", parts: [{ text: "lost question" }, { text: "something else" }] },
    ]);
  });

  it("keeps the question of a failed regenerate when a new message follows", async () => {
    const c = await createConversation(f.db, LOCAL_USER);
    await collectEvents(
      await sendMessage(f.db, LOCAL_USER, c.id, input("first question"), { config: f.config }),
    );
    const failed = doneOf(await collectEvents(await regenerateAnswer(f.db, LOCAL_USER, c.id, unreachable)));
    expect(failed.message.status).toBe("error");
    const question = (await getConversationDetail(f.db, LOCAL_USER, c.id)).messages[0];
    // No draft was brought back for a regenerate, so the client names no question to replace.
    await collectEvents(
      await sendMessage(f.db, LOCAL_USER, c.id, input("next question"), { config: f.config }),
    );
    expect(await thread(c.id)).toEqual([
      ["user", "complete", "first question"],
      ["model", "error", ""],
      ["user", "complete", "next question"],
      ["model", "complete", "### Sandbox re"],
    ]);
    expect((await getConversationDetail(f.db, LOCAL_USER, c.id)).messages[0].id).toBe(question.id);
  });

  it("keeps an edited question whose answer failed when a new message follows", async () => {
    const c = await createConversation(f.db, LOCAL_USER);
    await collectEvents(await sendMessage(f.db, LOCAL_USER, c.id, input("draft one"), { config: f.config }));
    const [question] = (await getConversationDetail(f.db, LOCAL_USER, c.id)).messages;
    await collectEvents(await editAndResend(f.db, LOCAL_USER, question.id, "edited one", unreachable));
    await collectEvents(await sendMessage(f.db, LOCAL_USER, c.id, input("follow-up"), { config: f.config }));
    expect(await thread(c.id)).toEqual([
      ["user", "complete", "edited one"],
      ["model", "error", ""],
      ["user", "complete", "follow-up"],
      ["model", "complete", "### Sandbox re"],
    ]);
  });

  it("ignores a replaceFailed that does not name the last, failed question", async () => {
    const c = await createConversation(f.db, LOCAL_USER);
    await collectEvents(
      await sendMessage(f.db, LOCAL_USER, c.id, input("answered fine"), { config: f.config }),
    );
    const [question] = (await getConversationDetail(f.db, LOCAL_USER, c.id)).messages;
    await collectEvents(
      await sendMessage(
        f.db,
        LOCAL_USER,
        c.id,
        sendMessageSchema.parse({ text: "again", replaceFailed: question.id }),
        {
          config: f.config,
        },
      ),
    );
    expect((await thread(c.id)).map(([role]) => role)).toEqual(["user", "model", "user", "model"]);
  });

  it("regenerates the last answer in place", async () => {
    const c = await createConversation(f.db, LOCAL_USER);
    const first = doneOf(
      await collectEvents(await sendMessage(f.db, LOCAL_USER, c.id, input("again"), { config: f.config })),
    );
    const again = doneOf(
      await collectEvents(await regenerateAnswer(f.db, LOCAL_USER, c.id, { config: f.config })),
    );
    expect(again.message.id).not.toBe(first.message.id);
    const detail = await getConversationDetail(f.db, LOCAL_USER, c.id);
    expect(detail.messages.map((m) => m.id)).toEqual([detail.messages[0].id, again.message.id]);
    expect(lastUpstreamBody().contents).toHaveLength(1);
  });

  it("edits a question, drops every later message and answers the new text", async () => {
    const c = await createConversation(f.db, LOCAL_USER);
    await collectEvents(
      await sendMessage(f.db, LOCAL_USER, c.id, input("first question"), { config: f.config }),
    );
    await collectEvents(
      await sendMessage(f.db, LOCAL_USER, c.id, input("second question"), { config: f.config }),
    );
    const before = await getConversationDetail(f.db, LOCAL_USER, c.id);
    const done = doneOf(
      await collectEvents(
        await editAndResend(f.db, LOCAL_USER, before.messages[0].id, "edited question", { config: f.config }),
      ),
    );
    expect(done.message.text).toContain("You wrote: “edited question”");
    const after = await getConversationDetail(f.db, LOCAL_USER, c.id);
    expect(after.messages.map((m) => m.role)).toEqual(["user", "model"]);
    expect(after.messages[0].text).toBe("edited question");
    expect(lastUpstreamBody().contents).toEqual([{ role: "user", parts: [{ text: "edited question" }] }]);
  });

  it("refuses a send while an answer is streaming in the same conversation", async () => {
    const c = await createConversation(f.db, LOCAL_USER);
    const stream = await sendMessage(f.db, LOCAL_USER, c.id, input("[slow] long"), { config: f.config });
    await expect(
      sendMessage(f.db, LOCAL_USER, c.id, input("interrupting"), { config: f.config }),
    ).rejects.toThrow(/still streaming/);
    await collectEvents(stream);
  });

  it("lets only one of two simultaneous sends into a conversation, and frees it after a refusal", async () => {
    const c = await createConversation(f.db, LOCAL_USER);
    const results = await Promise.allSettled([
      sendMessage(f.db, LOCAL_USER, c.id, input("first at once"), { config: f.config }),
      sendMessage(f.db, LOCAL_USER, c.id, input("second at once"), { config: f.config }),
      regenerateAnswer(f.db, LOCAL_USER, c.id, { config: f.config }),
    ]);
    const sent = results.filter((r) => r.status === "fulfilled");
    const refused = results.filter((r) => r.status === "rejected");
    expect(sent).toHaveLength(1);
    expect(refused).toHaveLength(2);
    for (const r of refused) expect(String(r.reason)).toMatch(/still streaming/);
    await collectEvents(sent[0].value);
    expect((await getConversationDetail(f.db, LOCAL_USER, c.id)).messages.map((m) => m.role)).toEqual([
      "user",
      "model",
    ]);

    // A request refused while building (here: an unknown attachment) does not keep the conversation.
    const missing = sendMessageSchema.parse({ text: "with a file", attachmentIds: ["nope"] });
    await expect(sendMessage(f.db, LOCAL_USER, c.id, missing, { config: f.config })).rejects.toThrow(
      /does not exist/,
    );
    const next = doneOf(
      await collectEvents(await sendMessage(f.db, LOCAL_USER, c.id, input("next"), { config: f.config })),
    );
    expect(next.message.status).toBe("complete");
  });
});
