/**
 * Text spend through the real route handlers (issue 18, finding 4), accounts on: a real database
 * (SQLite, or PostgreSQL with STUDIO_TEST_DB), real sessions, the sandbox as the text upstream over
 * HTTP. The text API mirror and chat are admitted (rate limit, credit and token budgets) before the
 * upstream is asked, and every call's usageMetadata lands in the spend report, priced.
 */
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInUser } from "@/lib/auth/testing/auth-testbed";
import { startSandboxServer, type SandboxServer } from "@/lib/sandbox";
import { setEnv } from "@/lib/testing/env-vars";
import { createTempDb } from "@/lib/testing/temp-db";
import { waitFor } from "@/lib/testing/wait-for";

type Handler = (request: Request, context?: { params: Promise<Record<string, string>> }) => Promise<Response>;
type Person = { id: string; headers: Headers };

const origin = "http://127.0.0.1:3000";
const MODEL = "llm-2.5-pro";
// 100 credits per million input tokens, 300 per million output tokens; every other model: 0.
const PRICES = `${MODEL}=100/300`;
const RATE = 6;
const WAIT = { timeoutMs: 5_000, intervalMs: 50 };

let restoreEnv: () => void;
let temp: ReturnType<typeof createTempDb>;
let sandbox: SandboxServer;
let people: Record<"admin" | "broke" | "capped" | "spender" | "hasty" | "priced", Person>;
let r: Record<string, Record<string, Handler>>;

beforeAll(async () => {
  temp = createTempDb();
  sandbox = await startSandboxServer({ port: 0, cacheDir: path.join(temp.dir, "sandbox-cache") });
  restoreEnv = setEnv({
    DATABASE_URL: temp.url,
    MEDIA_DIR: path.join(temp.dir, "media"),
    UPSTREAM_BASE_URL: sandbox.url,
    UPSTREAM_LLM_BASE_URL: sandbox.url,
    UPSTREAM_API_KEY: "text-spend-test-key",
    TRACKER: "0",
    AUTH: "on",
    AUTH_SECRET: "text-spend-test-secret-text-spend-0123456",
    PUBLIC_BASE_URL: "https://studio.example.com",
    TEXT_TOKEN_PRICES: PRICES,
    TEXT_RATE_PER_MINUTE: String(RATE),
  });
  const { setBudget } = await import("@/lib/auth/budgets");
  const ctx = await (await import("@/lib/auth/context")).authContext();
  const person = (name: string, role: "admin" | "member" = "member") =>
    signedInUser(`${name}@example.com`, role);
  people = {
    admin: await person("admin", "admin"),
    broke: await person("broke"),
    capped: await person("capped"),
    spender: await person("spender"),
    hasty: await person("hasty"),
    priced: await person("priced"),
  };
  await setBudget(ctx, people.broke.id, { daily: 0 });
  await setBudget(ctx, people.capped.id, { dailyTokens: 10 });
  // Credits: the first call is admitted at 0 committed, and costs more than this.
  await setBudget(ctx, people.priced.id, { daily: 0.0001 });

  const modules: Record<string, () => Promise<Record<string, unknown>>> = {
    llm: () => import("@/app/api/llm/v1/models/[target]/route"),
    spend: () => import("@/app/api/spend/route"),
    "chat/conversations": () => import("@/app/api/chat/conversations/route"),
    "chat/conversations/[id]/messages": () => import("@/app/api/chat/conversations/[id]/messages/route"),
    "chat/conversations/[id]/regenerate": () => import("@/app/api/chat/conversations/[id]/regenerate/route"),
    "chat/messages/[id]/edit": () => import("@/app/api/chat/messages/[id]/edit/route"),
    "admin/users/[id]/budget": () => import("@/app/api/admin/users/[id]/budget/route"),
  };
  r = Object.fromEntries(
    await Promise.all(
      Object.entries(modules).map(async ([name, load]) => [name, (await load()) as Record<string, Handler>]),
    ),
  );
});

afterAll(async () => {
  const { db } = await import("@/lib/db");
  await db().$disconnect();
  await sandbox?.close();
  await temp?.cleanup();
  restoreEnv?.();
});

function call(
  who: Person,
  name: string,
  method: string,
  options: { url?: string; params?: Record<string, string>; json?: unknown } = {},
): Promise<Response> {
  const headers = new Headers(who.headers);
  let body: string | undefined;
  if (options.json !== undefined) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(options.json);
  }
  return r[name][method](new Request(options.url ?? `${origin}/api/${name}`, { method, headers, body }), {
    params: Promise.resolve(options.params ?? {}),
  });
}

const ask = (text: string) => ({ contents: [{ role: "user", parts: [{ text }] }] });
const mirror = (who: Person, method: string, text: string, query = "") =>
  call(who, "llm", "POST", {
    url: `${origin}/api/llm/v1/models/${MODEL}:${method}${query}`,
    json: ask(text),
  });
const llmCalls = () => sandbox.log.list().filter((entry) => entry.path.startsWith("/v1/models/")).length;

async function spendOf(who: Person, query = "") {
  const response = await call(people.admin, "spend", "GET", {
    url: `${origin}/api/spend?user=${who.id}${query}`,
  });
  expect(response.status).toBe(200);
  return response.json();
}

async function newConversation(who: Person): Promise<string> {
  const response = await call(who, "chat/conversations", "POST", { json: { model: MODEL } });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

describe("a member whose credit budget is 0", () => {
  it("is refused on the mirror (plain and streamed) and in chat, and the upstream hears nothing", async () => {
    const before = llmCalls();
    for (const [method, query] of [
      ["generateContent", ""],
      ["streamGenerateContent", "?alt=sse"],
      ["streamGenerateContent", ""],
    ]) {
      const response = await mirror(people.broke, method, "Hello", query);
      expect(response.status).toBe(402);
      const body = await response.json();
      // The text API's own error shape, naming the rule.
      expect(body.error).toMatchObject({ code: 402, status: "RESOURCE_EXHAUSTED" });
      expect(body.error.details[0]).toMatchObject({ reason: "BUDGET_EXCEEDED" });
      expect(body.error.studio).toMatchObject({ code: "budget_exceeded", unit: "credits", limit: 0 });
      expect(body.error.message).toContain("daily budget");
    }

    const conversation = await newConversation(people.broke);
    const sent = await call(people.broke, "chat/conversations/[id]/messages", "POST", {
      params: { id: conversation },
      json: { text: "Hello" },
    });
    expect(sent.status).toBe(402);
    expect((await sent.json()).error).toMatchObject({ code: "budget_exceeded", unit: "credits" });
    // Nothing was written: the thread is empty, and the conversation can be answered later.
    const thread = await call(people.broke, "chat/conversations/[id]/messages", "GET", {
      params: { id: conversation },
    });
    expect((await thread.json()).messages).toEqual([]);

    // Regenerating an answer and editing a question are text calls too.
    const { db } = await import("@/lib/db");
    const question = await db().message.create({
      data: { conversationId: conversation, role: "user", parts: JSON.stringify([{ text: "Earlier" }]) },
    });
    const regenerated = await call(people.broke, "chat/conversations/[id]/regenerate", "POST", {
      params: { id: conversation },
    });
    expect(regenerated.status).toBe(402);
    const edited = await call(people.broke, "chat/messages/[id]/edit", "POST", {
      params: { id: question.id },
      json: { text: "Edited" },
    });
    expect(edited.status).toBe(402);
    expect(await db().message.count({ where: { conversationId: conversation } })).toBe(1);

    expect(llmCalls()).toBe(before);
    expect((await spendOf(people.broke)).totals.textCalls).toBe(0);
  });
});

describe("usage of every text call in the ledger", () => {
  it("records a mirror call's usage per user and model, priced by TEXT_TOKEN_PRICES", async () => {
    const response = await mirror(people.spender, "generateContent", "Count my tokens");
    expect(response.status).toBe(200);
    const usage = (await response.json()).usageMetadata;
    expect(usage.promptTokenCount).toBeGreaterThan(0);

    const report = await spendOf(people.spender);
    const credits = (usage.promptTokenCount * 100 + usage.candidatesTokenCount * 300) / 1_000_000;
    expect(report.text.models).toEqual([
      {
        model: MODEL,
        calls: 1,
        chatCalls: 0,
        apiCalls: 1,
        unknownCalls: 0,
        promptTokens: usage.promptTokenCount,
        candidatesTokens: usage.candidatesTokenCount,
        totalTokens: usage.totalTokenCount,
        credits: Math.round(credits * 10_000) / 10_000,
      },
    ]);
    expect(report.totals).toMatchObject({ textTokens: usage.totalTokenCount, textCalls: 1 });

    // Every user, for the admin: the spender's row carries its text tokens and credits.
    const all = await (
      await call(people.admin, "spend", "GET", { url: `${origin}/api/spend?user=all` })
    ).json();
    expect(all.users).toContainEqual(
      expect.objectContaining({
        userId: people.spender.id,
        textTokens: usage.totalTokenCount,
        textCredits: Math.round(credits * 10_000) / 10_000,
      }),
    );
  });

  it.each([
    ["server-sent events", "?alt=sse"],
    ["a JSON array", ""],
  ])("records a streamed answer's usage (%s), passed on unchanged", async (_name, query) => {
    const before = (await spendOf(people.spender)).totals;
    const response = await mirror(people.spender, "streamGenerateContent", "Stream and count", query);
    expect(response.status).toBe(200);
    const text = await response.text();
    const totals = [...text.matchAll(/"totalTokenCount":\s*(\d+)/g)].map((m) => Number(m[1]));
    expect(totals.length).toBeGreaterThan(0);
    const after = (
      await waitFor(
        () => spendOf(people.spender),
        (report) => report.totals.textCalls === before.textCalls + 1,
        WAIT,
      )
    ).totals;
    expect(after.textTokens - before.textTokens).toBe(totals.at(-1));
  });

  it("records a chat answer once, beside the mirror's calls", async () => {
    const before = (await spendOf(people.spender)).totals;
    const conversation = await newConversation(people.spender);
    const sent = await call(people.spender, "chat/conversations/[id]/messages", "POST", {
      params: { id: conversation },
      json: { text: "Hello chat" },
    });
    expect(sent.status).toBe(200);
    await sent.text();
    const { db } = await import("@/lib/db");
    const answer = await db().message.findFirstOrThrow({
      where: { conversationId: conversation, role: "model" },
    });
    expect(answer.totalTokenCount).toBeGreaterThan(0);
    const after = await spendOf(people.spender);
    expect(after.totals.textCalls).toBe(before.textCalls + 1);
    expect(after.totals.textTokens - before.textTokens).toBe(answer.totalTokenCount);
    expect(after.totals.chatTokens - before.chatTokens).toBe(answer.totalTokenCount);
    expect(after.text.models[0]).toMatchObject({ chatCalls: 1 });
  });

  it("still records a stream the client abandons", async () => {
    const { db } = await import("@/lib/db");
    // What a closed tab does to the response: its body is cancelled mid-stream.
    const response = await mirror(people.admin, "streamGenerateContent", "[slow] go on", "?alt=sse");
    const reader = response.body!.getReader();
    await reader.read();
    await reader.cancel();
    await waitFor(
      () => db().textUsage.findFirst({ where: { spender: people.admin.id } }),
      (row) => row?.status === "interrupted",
      WAIT,
    );
    const report = await spendOf(people.admin);
    expect(report.text.models[0]).toMatchObject({ apiCalls: 1, unknownCalls: 1, totalTokens: 0 });
  });
});

describe("budgets over text", () => {
  it("lets an admin set token limits beside credit limits, whole numbers only", async () => {
    const put = (json: unknown) =>
      call(people.admin, "admin/users/[id]/budget", "PUT", { params: { id: people.hasty.id }, json });
    const bad = await put({ daily: null, monthly: null, dailyTokens: 1.5 });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.issues[0]).toMatchObject({ path: "dailyTokens" });
    const saved = await put({ daily: 5, monthly: null, monthlyTokens: 1_000_000 });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({
      daily: 5,
      monthly: null,
      dailyTokens: null,
      monthlyTokens: 1_000_000,
    });
    // A client that knows only credit limits keeps the token limits.
    expect(await (await put({ daily: null, monthly: null })).json()).toMatchObject({
      monthlyTokens: 1_000_000,
    });
    await put({ daily: null, monthly: null, dailyTokens: null, monthlyTokens: null });
  });

  it("refuses once a member's token cap is reached, naming tokens", async () => {
    const first = await mirror(people.capped, "generateContent", "Spend my tokens");
    expect(first.status).toBe(200);
    const before = llmCalls();
    const second = await mirror(people.capped, "streamGenerateContent", "Again", "?alt=sse");
    expect(second.status).toBe(402);
    const body = await second.json();
    expect(body.error.studio).toMatchObject({ code: "budget_exceeded", unit: "tokens", limit: 10 });
    expect(body.error.message).toContain("token budget");
    expect(llmCalls()).toBe(before);
    const report = await spendOf(people.capped);
    expect(report.textBudget[0]).toMatchObject({ period: "day", tokenLimit: 10 });
    expect(report.textBudget[0].tokens).toBeGreaterThanOrEqual(10);
  });

  it("counts priced text credits in the credit budget, tasks' included", async () => {
    expect((await mirror(people.priced, "generateContent", "Costly")).status).toBe(200);
    const report = await spendOf(people.priced);
    const today = report.budget.periods.find((p: { period: string }) => p.period === "day");
    expect(today.spent).toBeGreaterThan(0);
    expect(today.spent).toBe(Math.round(report.totals.textCredits * 100) / 100);
    const refused = await mirror(people.priced, "generateContent", "More");
    expect(refused.status).toBe(402);
    expect((await refused.json()).error.studio).toMatchObject({ unit: "credits" });
  });
});

describe("the text rate limit", () => {
  it("answers 429 with Retry-After once a member makes more calls a minute than allowed", async () => {
    for (let i = 0; i < RATE; i++)
      expect((await mirror(people.hasty, "generateContent", `call ${i}`)).status).toBe(200);
    const before = llmCalls();
    const refused = await mirror(people.hasty, "generateContent", "one too many");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    const body = await refused.json();
    expect(body.error).toMatchObject({ code: 429, status: "RESOURCE_EXHAUSTED" });
    expect(body.error.studio).toMatchObject({ code: "rate_limited", rule: "text_rate", limit: RATE });
    // Chat draws on the same allowance.
    const conversation = await newConversation(people.hasty);
    const sent = await call(people.hasty, "chat/conversations/[id]/messages", "POST", {
      params: { id: conversation },
      json: { text: "Hello" },
    });
    expect(sent.status).toBe(429);
    expect(sent.headers.get("retry-after")).toBeTruthy();
    expect(llmCalls()).toBe(before);
  });
});
