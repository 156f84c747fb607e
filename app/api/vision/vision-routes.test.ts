/**
 * The vision routes through the real handlers, accounts on, the sandbox as the text upstream over
 * HTTP: Improve prompt (a proposal within the model's limits, one retry, the rule a proposal breaks,
 * its cost counted), the owner's caption edit, and describing refused to a member over budget.
 */
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInUser } from "@/lib/auth/testing/auth-testbed";
import { startSandboxServer, type SandboxServer } from "@/lib/sandbox";
import { setEnv } from "@/lib/testing/env-vars";
import { createTempDb } from "@/lib/testing/temp-db";

type Handler = (request: Request, context?: { params: Promise<Record<string, string>> }) => Promise<Response>;
type Person = { id: string; headers: Headers };

const origin = "http://127.0.0.1:3000";
let restoreEnv: () => void;
let temp: ReturnType<typeof createTempDb>;
let sandbox: SandboxServer;
let people: Record<"member" | "capped" | "other", Person>;
let r: Record<string, Record<string, Handler>>;

beforeAll(async () => {
  temp = createTempDb();
  sandbox = await startSandboxServer({ port: 0, cacheDir: path.join(temp.dir, "sandbox-cache") });
  restoreEnv = setEnv({
    DATABASE_URL: temp.url,
    MEDIA_DIR: path.join(temp.dir, "media"),
    UPSTREAM_BASE_URL: sandbox.url,
    UPSTREAM_LLM_BASE_URL: sandbox.url,
    UPSTREAM_API_KEY: "vision-test-key",
    TRACKER: "0",
    AUTH: "on",
    AUTH_SECRET: "vision-routes-test-secret-vision-0123456789",
    TEXT_TOKEN_PRICES: "llm-2.5-flash-lite=100/300",
  });
  const { setBudget } = await import("@/lib/auth/budgets");
  const ctx = await (await import("@/lib/auth/context")).authContext();
  people = {
    member: await signedInUser("member@example.com", "member"),
    capped: await signedInUser("capped@example.com", "member"),
    other: await signedInUser("other@example.com", "member"),
  };
  await setBudget(ctx, people.capped.id, { dailyTokens: 10 });
  await temp.db.textUsage.create({
    data: {
      spender: people.capped.id,
      source: "chat",
      model: "llm-2.5-pro",
      totalTokens: 20,
      status: "complete",
    },
  });
  const modules: Record<string, () => Promise<Record<string, unknown>>> = {
    improve: () => import("@/app/api/vision/improve-prompt/route"),
    shown: () => import("@/app/api/gallery/items/[id]/shown/route"),
    settings: () => import("@/app/api/vision/settings/route"),
    score: () => import("@/app/api/vision/score/route"),
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
  options: { params?: Record<string, string>; json?: unknown; query?: string } = {},
) {
  const headers = new Headers(who.headers);
  headers.set("content-type", "application/json");
  const body = options.json === undefined ? undefined : JSON.stringify(options.json);
  return r[name][method](new Request(`${origin}/api/x${options.query ?? ""}`, { method, headers, body }), {
    params: Promise.resolve(options.params ?? {}),
  });
}

const improveCalls = () =>
  sandbox.log.list().filter((e) => e.path === "/v1/models/llm-2.5-flash-lite:generateContent").length;

describe("POST /api/vision/improve-prompt", () => {
  it("proposes a valid prompt, sends the model's limits, and counts its tokens", async () => {
    const before = improveCalls();
    const response = await call(people.member, "improve", "POST", {
      json: { model: "videos_900_720p-c1", prompt: "a fox in the snow" },
    });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({
      original: "a fox in the snow",
      proposal: "a fox in the snow, cinematic lighting, rich detail",
      valid: true,
      rule: null,
      visionModel: "llm-2.5-flash-lite",
    });
    expect(body.tokens).toBeGreaterThan(0);
    expect(body.credits).toBeGreaterThan(0);
    expect(improveCalls() - before).toBe(1);
    const ledger = await temp.db.textUsage.findMany({
      where: { spender: people.member.id, source: "vision" },
    });
    expect(ledger.map((row) => row.totalTokens)).toEqual([body.tokens]);
  });

  it("retries once when the proposal breaks the model's rule, then shows it with the rule", async () => {
    const before = improveCalls();
    const response = await call(people.member, "improve", "POST", {
      json: { model: "videos_900_720p-c1", prompt: "a fox", guidance: "[vision:too-long]" },
    });
    const body = await response.json();
    expect(improveCalls() - before).toBe(2);
    expect(body.valid).toBe(false);
    expect(body.rule).toMatch(/^prompt must be at most 1500 characters/);
    expect(body.proposal.length).toBeGreaterThan(1500);
  });

  it("names the field and the rule of a bad request", async () => {
    const response = await call(people.member, "improve", "POST", {
      json: { model: "videos_900_720p-c1", prompt: " " },
    });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.error.issues[0]).toMatchObject({
      path: "prompt",
      message: expect.stringMatching(/must not be empty/),
    });
  });

  it("refuses a member over budget without asking the model", async () => {
    const before = improveCalls();
    const response = await call(people.capped, "improve", "POST", {
      json: { model: "videos_900_720p-c1", prompt: "a fox" },
    });
    expect(response.status).toBe(402);
    expect((await response.json()).error.message).toMatch(/Over your daily token budget/);
    expect(improveCalls()).toBe(before);
  });
});

describe("an item's description", () => {
  it("is edited by its owner and no one else, and searched as edited", async () => {
    await temp.db.task.create({
      data: {
        id: "mine-1",
        model: "sd_2.5_ORelay",
        kind: "video",
        status: "completed",
        request: "{}",
        prompt: "a quiet harbour",
        userId: people.member.id,
      },
    });
    const edit = { caption: "Fishing boats moored at dusk.", tags: ["Boats", "harbour"] };
    const other = await call(people.other, "shown", "PUT", { params: { id: "mine-1" }, json: edit });
    expect(other.status).toBe(404);
    const bad = await call(people.member, "shown", "PUT", {
      params: { id: "mine-1" },
      json: { caption: "", tags: [] },
    });
    expect(bad.status).toBe(400);
    const ok = await call(people.member, "shown", "PUT", { params: { id: "mine-1" }, json: edit });
    expect(await ok.json()).toMatchObject({
      status: "done",
      caption: edit.caption,
      tags: ["boats", "harbour"],
      edited: true,
    });
  });

  it("scores a batch's takes for its owner only: another member can neither read nor set the switch", async () => {
    await temp.db.batch.create({
      data: { id: "batch-mine", plan: "{}", intervalMs: 1000, userId: people.member.id },
    });
    const query = "?batchId=batch-mine";
    expect((await call(people.other, "score", "GET", { query })).status).toBe(404);
    const set = await call(people.other, "score", "PUT", { json: { batchId: "batch-mine", on: true } });
    expect(set.status).toBe(404);
    const on = await call(people.member, "score", "PUT", { json: { batchId: "batch-mine", on: true } });
    expect(await on.json()).toMatchObject({ on: true });
    expect(await (await call(people.member, "score", "GET", { query })).json()).toEqual({ on: true });
    expect((await call(people.other, "score", "GET", { query })).status).toBe(404);
  });

  it("turns describing on for oneself; only an admin may for everyone", async () => {
    const mine = await call(people.member, "settings", "PUT", { json: { mine: true } });
    expect(await mine.json()).toEqual({ mine: true, everyone: false });
    const everyone = await call(people.member, "settings", "PUT", { json: { everyone: true } });
    expect(everyone.status).toBe(403);
  });
});
