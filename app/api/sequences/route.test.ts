/**
 * Sequences through their real route handlers with accounts on: a real SQLite file, real sessions,
 * the sandbox upstream over HTTP for the runner's sends.
 */
import { createTranslator } from "next-intl";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueMessage } from "@/components/i18n/issue-message";
import en from "@/messages/en.json";
import zhCN from "@/messages/zh-CN.json";
import { signedInUser } from "@/lib/auth/testing/auth-testbed";
import { startSandboxServer, type SandboxServer } from "@/lib/sandbox";
import {
  apiTestDb,
  type ApiTestDb,
  type RouteHandler as Handler,
  type SignedIn as Who,
} from "@/lib/testing/api-test-db";

type Params = { id?: string; shotId?: string; assemblyId?: string };

/** A field issue of an answer as a Chinese page words it (components/i18n/issue-message.ts). */
const zhIssues = createTranslator({ locale: "zh-CN", messages: zhCN as typeof en, namespace: "issues" });
const inChinese = (
  issue: { message: string; code?: string; params?: Record<string, unknown> },
  field: string,
) => issueMessage(zhIssues, "zh-CN", issue, field);

const origin = "http://127.0.0.1:3000";
let temp: ApiTestDb;
let sandbox: SandboxServer;
let ada: Who;
let bob: Who;
let r: Record<string, Record<string, Handler>>;

beforeAll(async () => {
  sandbox = await startSandboxServer({ port: 0 });
  temp = apiTestDb({
    UPSTREAM_BASE_URL: sandbox.url,
    UPSTREAM_API_KEY: "sequences-test-key",
    AUTH_SECRET: "sequences-test-secret-sequences-test-0123",
  });
  ada = await signedInUser("ada@example.com");
  bob = await signedInUser("bob@example.com");
  const as = (m: unknown) => m as Record<string, Handler>;
  r = {
    list: as(await import("@/app/api/sequences/route")),
    one: as(await import("@/app/api/sequences/[id]/route")),
    duplicate: as(await import("@/app/api/sequences/[id]/duplicate/route")),
    run: as(await import("@/app/api/sequences/[id]/run/route")),
    shots: as(await import("@/app/api/sequences/[id]/shots/route")),
    shot: as(await import("@/app/api/sequences/[id]/shots/[shotId]/route")),
    assemblies: as(await import("@/app/api/sequences/[id]/assemblies/route")),
    assembly: as(await import("@/app/api/sequences/[id]/assemblies/[assemblyId]/route")),
    pick: as(await import("@/app/api/sequences/[id]/shots/[shotId]/pick/route")),
    retry: as(await import("@/app/api/sequences/[id]/shots/[shotId]/retry/route")),
  };
});

afterAll(async () => {
  await sandbox?.close();
  await temp?.close();
});

async function call(who: Who, name: string, method: string, params: Params = {}, json?: unknown) {
  const headers = new Headers(who.headers);
  if (json !== undefined) headers.set("Content-Type", "application/json");
  const request = new Request(`${origin}/api/sequences/x`, {
    method,
    headers,
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  const response = await r[name][method](request, {
    params: Promise.resolve(params as Record<string, string>),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

const shot = (prompt: string, extra: Record<string, unknown> = {}) => ({
  model: "sd_2.5_ORelay",
  body: { prompt, duration: 5 },
  ...extra,
});

describe("/api/sequences", () => {
  it("creates, reads, edits, reorders, duplicates and deletes a storyboard; another user gets 404", async () => {
    const created = await call(
      ada,
      "list",
      "POST",
      {},
      { name: "Harbour", shots: [shot("one"), shot("two", { chained: true, takes: 3 })] },
    );
    expect(created.status).toBe(201);
    const { id } = created.body;
    expect(
      created.body.shots.map((s: { body: { prompt: string }; takes: number; chained: boolean }) => [
        s.body.prompt,
        s.takes,
        s.chained,
      ]),
    ).toEqual([
      ["one", 1, false],
      ["two", 3, true],
    ]);
    expect(created.body.estimate.takes).toBe(4);

    const added = await call(
      ada,
      "shots",
      "POST",
      { id },
      { model: "sd2_disc_nvid", body: { prompt: "three", duration: 5 } },
    );
    expect(added.status).toBe(201);
    const third = added.body.shots[2].id;
    const moved = await call(ada, "shot", "PATCH", { id, shotId: third }, { index: 0 });
    expect(moved.body.shots.map((s: { body: { prompt: string } }) => s.body.prompt)).toEqual([
      "three",
      "one",
      "two",
    ]);
    const trimmed = await call(
      ada,
      "shot",
      "PATCH",
      { id, shotId: third },
      { trimIn: 0.5, trimOut: 2, muted: true },
    );
    expect(trimmed.body.shots[0]).toMatchObject({ trimIn: 0.5, trimOut: 2, muted: true });

    expect((await call(bob, "one", "GET", { id })).status).toBe(404);
    expect((await call(bob, "shot", "PATCH", { id, shotId: third }, { takes: 2 })).status).toBe(404);
    expect((await call(bob, "list", "GET")).body.items).toEqual([]);

    const copy = await call(ada, "duplicate", "POST", { id });
    expect(copy.status).toBe(201);
    expect(copy.body.name).toBe("Harbour (copy)");
    expect(copy.body.shots).toHaveLength(3);
    expect((await call(ada, "list", "GET")).body.items).toHaveLength(2);
    expect((await call(ada, "one", "DELETE", { id: copy.body.id })).status).toBe(204);
    expect((await call(ada, "one", "GET", { id: copy.body.id })).status).toBe(404);
  });

  it("refuses a body the model's schema refuses, naming the shot and field; a first shot cannot be chained", async () => {
    const bad = await call(
      ada,
      "list",
      "POST",
      {},
      { name: "Bad", shots: [shot("ok"), { model: "sd_2.5_ORelay", body: { prompt: "x", duration: 999 } }] },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain("shot 2");
    expect(bad.body.error.issues[0].path).toBe("shots[1].body.duration");
    // The catalog's code and params come along, so the page words the rule in its language.
    expect(bad.body.error.issues[0]).toMatchObject({ code: "range", params: { min: 4, max: 30 } });

    const chainedFirst = await call(
      ada,
      "list",
      "POST",
      {},
      { name: "Bad", shots: [shot("x", { chained: true })] },
    );
    expect(chainedFirst.status).toBe(400);
    expect(chainedFirst.body.error.issues[0]).toMatchObject({
      path: "shots[0].chained",
      message: "the first shot has no previous shot to continue from",
      code: "chain_first_shot",
    });
    expect(inChinese(chainedFirst.body.error.issues[0], "镜头 1")).toBe(
      "镜头 1第一个镜头之前没有可接续的镜头",
    );

    const takes = await call(ada, "list", "POST", {}, { name: "Bad", shots: [shot("x", { takes: 11 })] });
    expect(takes.status).toBe(400);
  });

  it("admits the run as a whole: over the owner's budget it is refused (402) and nothing is sent", async () => {
    const { db } = await import("@/lib/db");
    const carol = await signedInUser("carol@example.com");
    await db().budget.create({ data: { userId: carol.id, daily: 0.01, monthly: null } });
    const { body } = await call(
      carol,
      "list",
      "POST",
      {},
      { name: "Costly", shots: [shot("costly one", { takes: 3 }), shot("costly two")] },
    );
    const refused = await call(carol, "run", "POST", { id: body.id });
    expect(refused.status).toBe(402);
    expect(refused.body.error.code).toBe("budget_exceeded");
    expect(refused.body.error.message).toContain("4 tasks");
    expect((await call(carol, "one", "GET", { id: body.id })).body.state).toBe("draft");

    // Within the budget it runs: the state the runner picks up.
    const started = await call(ada, "run", "POST", {
      id: (await call(ada, "list", "POST", {}, { name: "Run", shots: [shot("run")] })).body.id,
    });
    expect(started.status).toBe(202);
    expect(started.body.state).toBe("running");
  });

  it("assembling needs a picked take for every shot", async () => {
    const { body } = await call(ada, "list", "POST", {}, { name: "Unpicked", shots: [shot("a")] });
    const refused = await call(ada, "assemblies", "POST", { id: body.id }, {});
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toContain("Shot 1 has no picked take");
    expect((await call(bob, "assemblies", "POST", { id: body.id }, {})).status).toBe(404);
  });

  it("picks a stored take, queues an assembly, reads and cancels it; retries a shot; others get 404", async () => {
    const { db } = await import("@/lib/db");
    const { body } = await call(ada, "list", "POST", {}, { name: "Picked", shots: [shot("p")] });
    const shotId = body.shots[0].id;
    await db().task.create({
      data: {
        id: `take_${shotId}`,
        model: "sd_2.5_ORelay",
        kind: "video",
        status: "completed",
        mediaState: "stored",
        prompt: "p",
        request: "{}",
        userId: ada.id,
        sequenceShotId: shotId,
      },
    });
    expect(
      (await call(bob, "pick", "POST", { id: body.id, shotId }, { taskId: `take_${shotId}` })).status,
    ).toBe(404);
    expect(
      (await call(ada, "pick", "POST", { id: body.id, shotId }, { taskId: "no-such-take" })).status,
    ).toBe(404);
    const picked = await call(ada, "pick", "POST", { id: body.id, shotId }, { taskId: `take_${shotId}` });
    expect(picked.status).toBe(200);
    expect(picked.body.shots[0].pickedTaskId).toBe(`take_${shotId}`);
    expect(picked.body.shots[0].takeList.map((t: { id: string }) => t.id)).toEqual([`take_${shotId}`]);

    const queued = await call(ada, "assemblies", "POST", { id: body.id }, { crossfadeSeconds: 0.25 });
    expect(queued.status).toBe(202);
    expect(queued.body.state).toBe("queued");
    const params = { id: body.id, assemblyId: queued.body.id };
    expect((await call(bob, "assembly", "GET", params)).status).toBe(404);
    expect((await call(ada, "assembly", "GET", params)).body.state).toBe("queued");
    expect((await call(ada, "assembly", "DELETE", params)).body.state).toBe("cancelled");
    const badFade = await call(ada, "assemblies", "POST", { id: body.id }, { crossfadeSeconds: 5 });
    expect(badFade.status).toBe(400);

    const retried = await call(ada, "retry", "POST", { id: body.id, shotId });
    expect(retried.status).toBe(202);
    expect(retried.body.state).toBe("running");
    expect(retried.body.shots[0]).toMatchObject({ state: "planned", pickedTaskId: null });
    expect((await call(bob, "retry", "POST", { id: body.id, shotId })).status).toBe(404);
  });

  it("renames a sequence; the film's size and frame rate are checked (even sizes), kept on the sequence", async () => {
    const { db } = await import("@/lib/db");
    const { body } = await call(ada, "list", "POST", {}, { name: "Draft title", shots: [shot("o")] });
    const id = body.id;
    const renamed = await call(ada, "one", "PATCH", { id }, { name: "  Final title " });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe("Final title");
    expect((await call(ada, "list", "GET")).body.items.map((s: { name: string }) => s.name)).toContain(
      "Final title",
    );
    const blank = await call(ada, "one", "PATCH", { id }, { name: "   " });
    expect(blank.status).toBe(400);
    expect(blank.body.error.message).toBe("name: must not be empty");
    expect((await call(bob, "one", "PATCH", { id }, { name: "Mine now" })).status).toBe(404);

    const shotId = body.shots[0].id;
    await db().task.create({
      data: {
        id: `take_${shotId}`,
        model: "sd_2.5_ORelay",
        kind: "video",
        status: "completed",
        mediaState: "stored",
        prompt: "o",
        request: "{}",
        userId: ada.id,
        sequenceShotId: shotId,
      },
    });
    await call(ada, "pick", "POST", { id, shotId }, { taskId: `take_${shotId}` });

    const odd = await call(ada, "assemblies", "POST", { id }, { width: 641, height: 360, fps: 24 });
    expect(odd.status).toBe(400);
    expect(odd.body.error.message).toBe("width: must be an even number of pixels (H.264 needs even sizes)");
    expect(odd.body.error.issues[0]).toMatchObject({ path: "width", code: "even_pixels" });
    expect(inChinese(odd.body.error.issues[0], "宽度（像素）")).toBe(
      "宽度（像素）须为偶数像素（H.264 要求尺寸为偶数）",
    );
    const oddHeight = await call(ada, "one", "PATCH", { id }, { output: { height: 359 } });
    expect(oddHeight.body.error.issues[0]).toMatchObject({
      path: "output.height",
      message: "must be an even number of pixels (H.264 needs even sizes)",
    });
    const badFps = await call(ada, "assemblies", "POST", { id }, { fps: 0 });
    expect(badFps.body.error.message).toBe("fps: must be 1 to 120 frames per second");

    const queued = await call(ada, "assemblies", "POST", { id }, { width: 640, height: 360, fps: 30 });
    expect(queued.status).toBe(202);
    // Kept on the sequence: the page shows them after a reload, the next assembly uses them.
    expect((await call(ada, "one", "GET", { id })).body.output).toEqual({ width: 640, height: 360, fps: 30 });
    const edit = async (assemblyId: string) =>
      JSON.parse((await db().assembly.findUniqueOrThrow({ where: { id: assemblyId } })).edit).output;
    expect(await edit(queued.body.id)).toEqual({ width: 640, height: 360, fps: 30, crossfadeSeconds: 0 });
    const again = await call(ada, "assemblies", "POST", { id }, { crossfadeSeconds: 0.5 });
    expect(await edit(again.body.id)).toEqual({ width: 640, height: 360, fps: 30, crossfadeSeconds: 0.5 });
    // null: chosen from the takes again.
    const fromTakes = await call(ada, "assemblies", "POST", { id }, { width: null, height: null });
    expect(await edit(fromTakes.body.id)).toEqual({ fps: 30, crossfadeSeconds: 0.5 });
    expect((await call(ada, "one", "GET", { id })).body.output).toEqual({ fps: 30, crossfadeSeconds: 0.5 });
  });
});
