// Every response boundary that carries an upstream's words, against a real (fake) upstream that
// echoes its base URLs in odd forms and the API key: the JSON a browser would get shows neither,
// while the database keeps the full text for whoever reads the server side.
import { LOCAL_USER } from "../auth/local-user";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createConversation, getConversationDetail } from "../chat/conversations";
import { readChatEvents, type ChatEvent } from "../chat/chat-events";
import { relayTextApi } from "../chat/relay";
import { sendMessage } from "../chat/send";
import { getGalleryItem } from "../gallery/detail";
import { listGalleryItems } from "../gallery/list";
import { errorResponse } from "../http/respond";
import { listTasks } from "../tasks/list-tasks";
import { presentTask } from "../tasks/present-task";
import { refreshTask } from "../tasks/refresh-task";
import { submitTask } from "../tasks/submit-task";
import { seedTask, taskTestbed } from "../tasks/testing/task-fixtures";
import { startFakeUpstream, type CannedAnswer, type FakeUpstream } from "./testing/fake-upstream";
import { setEnv } from "../testing/env-vars";

const KEY = "sk-boundary-4Fq9Zt7Lm2Xc8Vb6";
let upstream: FakeUpstream;
let bed: ReturnType<typeof taskTestbed>;
let taskBase = "";
let llmBase = "";
let hostPort = "";
let restoreEnv: () => void;
/** What the upstream answers next, by path prefix (the longest that matches). */
const answers = new Map<string, CannedAnswer>();

/** An upstream message with every form of the secrets the studio must not pass on. */
const leak = () =>
  [
    `denied: key ${KEY} (Authorization: Bearer ${KEY}) is not valid for ${taskBase}/v2/model-center/tasks`,
    `see ${taskBase.toUpperCase()}/docs or ${encodeURIComponent(llmBase)}%2Fv1`,
    `connect to ${hostPort} (${taskBase.replace("http://", "")}/) with key ${KEY.slice(0, 12)}…`,
  ].join("; ");

function expectClean(json: unknown): string {
  const text = JSON.stringify(json);
  expect(text).not.toContain("127.0.0.1");
  expect(text).not.toContain(`:${new URL(taskBase).port}`);
  expect(text).not.toMatch(/sk-boundary|4Fq9Zt7L|Lm2Xc8Vb/i);
  // The message did reach the browser, masked: the test is not passing on an empty field.
  expect(text).toContain("[redacted]");
  return text;
}

beforeAll(async () => {
  upstream = await startFakeUpstream(({ path }) => {
    const prefix = [...answers.keys()]
      .filter((p) => path.startsWith(p))
      .sort((a, b) => b.length - a.length)[0];
    if (prefix) return answers.get(prefix)!;
    return { status: 404, json: { error: { message: `no answer for ${path}` } } };
  });
  taskBase = `${upstream.url}/tasks-api`;
  llmBase = `${upstream.url}/llm`;
  hostPort = new URL(upstream.url).host;
  // The studio's configuration, read once by env(): every boundary masks what it names.
  restoreEnv = setEnv({
    UPSTREAM_BASE_URL: taskBase,
    UPSTREAM_LLM_BASE_URL: llmBase,
    UPSTREAM_API_KEY: KEY,
  });
  bed = taskTestbed();
  bed.deps.upstream = { baseUrl: taskBase, apiKey: KEY, timeoutMs: 3000 };
});
afterAll(async () => {
  await upstream.close();
  await bed.cleanup();
  restoreEnv?.();
});

const tasksPath = "/tasks-api/v2/model-center/tasks";

describe("task boundaries", () => {
  it("a rejected submit: the error response", async () => {
    answers.set(tasksPath, { status: 400, json: { error: { message: leak(), code: "bad_key" } } });
    const error = await submitTask({ model: "sd_2.5_ORelay", prompt: "a fox" }, bed.deps).catch(
      (e: unknown) => e,
    );
    const body = await errorResponse(error).json();
    expectClean(body);
    expect(body.error.message).toContain("is not valid for {base_url}/v2/model-center/tasks");
  });

  it("a failed task's error, error_message, poll error, media error and request echo", async () => {
    await seedTask(bed.db, {
      id: "t-fail",
      status: "processing",
      request: JSON.stringify({
        model: "sd_2.5_ORelay",
        prompt: "a fox",
        reference_images: [`${taskBase}/files/ref.png?key=${KEY}`],
      }),
    });
    await seedTask(bed.db, { id: "t-poll", status: "processing" });
    answers.set(`${tasksPath}/t-fail`, {
      json: { id: "t-fail", status: "failed", error: leak(), error_message: leak() },
    });
    answers.set(`${tasksPath}/t-poll`, { status: 500, json: { error: { message: leak() } } });
    const failed = (await refreshTask("t-fail", bed.deps))!;
    const polled = (await refreshTask("t-poll", bed.deps))!;
    await bed.db.media.create({
      data: {
        taskId: "t-fail",
        role: "result",
        fields: "result_url",
        sourceUrl: `${taskBase}/files/v.mp4`,
        status: "failed",
        error: leak(),
      },
    });
    // The database keeps the upstream's words whole.
    expect(failed.error).toContain(KEY);
    expect(polled.lastPollError).toContain(KEY);

    const [task] = (await listTasks(bed.db, LOCAL_USER, { limit: 100 })).items.filter(
      (t) => t.id === "t-fail",
    );
    const shown = presentTask(task, "http://studio.test");
    expectClean(shown);
    expect(shown.error).toContain("{base_url}/v2/model-center/tasks");
    expect(shown.studio.request.reference_images).toEqual(["{base_url}/files/ref.png?key=[redacted]"]);
    expect(shown.studio.media[0].error).toContain("[redacted]");
    expectClean(presentTask((await refreshTask("t-poll", bed.deps))!, "http://studio.test"));
  });

  it("the gallery's list and detail", async () => {
    const page = await listGalleryItems(bed.db, LOCAL_USER, { limit: 60 });
    expectClean(page.items.find((i) => i.id === "t-fail"));
    const detail = await getGalleryItem(bed.db, LOCAL_USER, "t-fail");
    expectClean(detail);
    expect(detail.media[0].sourceUrl).toBe("{base_url}/files/v.mp4");
  });
});

async function chatEvents(stream: ReadableStream<Uint8Array>): Promise<ChatEvent[]> {
  const events: ChatEvent[] = [];
  await readChatEvents(stream, (e) => events.push(e));
  return events;
}

describe("chat boundaries", () => {
  const input = (text: string) => ({ text, attachmentIds: [], fileRefs: [] });

  it("a rejected question: the done event and the stored thread", async () => {
    answers.set("/llm/v1/models/", { status: 400, json: { error: { code: 400, message: leak() } } });
    const conversation = await createConversation(bed.db, LOCAL_USER);
    const events = await chatEvents(await sendMessage(bed.db, LOCAL_USER, conversation.id, input("hello")));
    const done = events.find((e) => e.type === "done");
    expect(done?.type === "done" && done.message.error?.message).toContain("{llm_base_url}");
    expectClean(events);
    expectClean(await getConversationDetail(bed.db, LOCAL_USER, conversation.id));
  });

  it("an error inside the stream", async () => {
    const event = { error: { code: 500, status: "INTERNAL", message: leak() } };
    answers.set("/llm/v1/models/", {
      headers: { "content-type": "text/event-stream" },
      text: `data: ${JSON.stringify(event)}\n\n`,
    });
    const conversation = await createConversation(bed.db, LOCAL_USER);
    expectClean(await chatEvents(await sendMessage(bed.db, LOCAL_USER, conversation.id, input("hello"))));
    expectClean(await getConversationDetail(bed.db, LOCAL_USER, conversation.id));
  });

  it("the text API proxy's errors: a rejection and a 200 that is not JSON", async () => {
    const call = { model: "llm-2.5-flash-lite", method: "generateContent" as const, body: { contents: [] } };
    answers.set("/llm/v1/models/", { status: 429, json: { error: { message: leak() } } });
    const rejected = await relayTextApi(call).catch((e: unknown) => e);
    expectClean(await errorResponse(rejected).json());
    answers.set("/llm/v1/models/", { text: `<html>${leak()}</html>` });
    const garbled = await relayTextApi(call).catch((e: unknown) => e);
    expectClean(await errorResponse(garbled).json());
  });
});
