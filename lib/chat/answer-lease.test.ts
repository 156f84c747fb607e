// One answer per conversation across studio processes: an answer streaming in another process (a
// real child process on the same SQLite file) refuses a send here with the usual 409, and the stop
// button pressed here stops it there. A holder that dies frees the conversation when its lease runs out.
import { spawn } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCAL_USER } from "../auth/local-user";
import { createDb, type Db } from "../db-client";
import { claimAnswerLease } from "./answer-lease";
import type { ChatEvent } from "./chat-events";
import { createConversation, getConversationDetail, stopAnswer } from "./conversations";
import { sendMessage } from "./send";
import { sendMessageSchema } from "./send-schema";
import { collectEvents, doneOf, startChatFixture, type ChatFixture } from "./testing/chat-fixture";

let f: ChatFixture;
let otherDb: Db;
beforeAll(async () => {
  f = await startChatFixture();
  otherDb = createDb(f.url);
});
afterAll(async () => {
  await otherDb.$disconnect();
  await f.close();
});

const input = (text: string) => sendMessageSchema.parse({ text });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor<T>(check: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error("timed out waiting");
    await sleep(50);
  }
}

/** Another studio process answering in `conversationId`; resolves with its chat events when it exits. */
function answerInOtherProcess(conversationId: string, text: string): Promise<ChatEvent[]> {
  const script = path.join(import.meta.dirname, "testing/answer-process.ts");
  const child = spawn(
    process.execPath,
    ["--conditions=react-server", "--import", "tsx", script, f.url, f.config.baseUrl, conversationId, text],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  let out = "";
  child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) =>
      code === 0
        ? resolve(
            out
              .split("\n")
              .filter(Boolean)
              .map((line) => JSON.parse(line) as ChatEvent),
          )
        : reject(new Error(`answer process exited with ${code}`)),
    );
  });
}

describe("one answer per conversation across studio processes", () => {
  it("refuses a send while another process streams, and stops that answer from here", async () => {
    const c = await createConversation(f.db, LOCAL_USER);
    const other = answerInOtherProcess(c.id, "[slow] a long story");
    const answer = await waitFor(async () => {
      const row = await f.db.message.findFirst({ where: { conversationId: c.id, role: "model" } });
      // Streaming there, and some text saved (the first progress save comes after a second).
      return row?.status === "streaming" && row.parts !== "[]" ? row : undefined;
    });

    // This process knows nothing of that answer in memory, yet refuses as before (409).
    const refused = await sendMessage(f.db, LOCAL_USER, c.id, input("interrupting"), {
      config: f.config,
    }).then(
      () => null,
      (e: unknown) => e as { code: string; status: number; message: string },
    );
    expect(refused).toMatchObject({ code: "conflict", status: 409 });
    expect(refused?.message).toMatch(/still streaming/);
    // Reading the thread here does not take the live answer for one cut off by a crash.
    const during = await getConversationDetail(f.db, LOCAL_USER, c.id);
    expect(during.messages.at(-1)?.status).toBe("streaming");

    expect(await stopAnswer(otherDb, LOCAL_USER, answer.id)).toBe(true);
    const events = await other;
    const done = doneOf(events);
    expect(done.message.status).toBe("stopped");
    // Stopped there mid-story (within its one-second check): the text so far, no finish reason.
    expect(done.message.text.length).toBeGreaterThan(0);
    expect(done.message.finishReason).toBeNull();

    // The lease was given back: the next question goes through here.
    const next = doneOf(
      await collectEvents(await sendMessage(f.db, LOCAL_USER, c.id, input("next"), { config: f.config })),
    );
    expect(next.message.status).toBe("complete");
  }, 60_000);

  it("frees a conversation whose holder died once its lease runs out, and keeps it while renewed", async () => {
    const c = await createConversation(f.db, LOCAL_USER);
    // A holder that never renews: a process that died right after claiming.
    const dead = await claimAnswerLease(otherDb, c.id, { leaseMs: 300, renewMs: 60_000, checkMs: 60_000 });
    expect(dead).not.toBeNull();
    expect(await claimAnswerLease(f.db, c.id)).toBeNull();
    await sleep(350);
    const taken = await claimAnswerLease(f.db, c.id, { leaseMs: 300, renewMs: 100, checkMs: 50 });
    expect(taken).not.toBeNull();
    // Renewed while held: still refused long after the first 300 ms.
    await sleep(1_000);
    expect(await claimAnswerLease(otherDb, c.id)).toBeNull();
    await taken!.release();
    const again = await claimAnswerLease(otherDb, c.id);
    expect(again).not.toBeNull();
    await again!.release();
    await dead!.release(); // no longer its lease: changes nothing
    expect(
      await f.db.conversation.findUnique({ where: { id: c.id }, select: { answerLeaseId: true } }),
    ).toEqual({
      answerLeaseId: null,
    });
  });
});
