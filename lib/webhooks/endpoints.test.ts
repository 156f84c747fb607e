/**
 * Who sees which endpoint and who receives which event: members their own (another's is a 404,
 * as if it did not exist), admins all and global ones; a user's events go to their endpoints and
 * the global ones, never to another member's.
 */
import { createTranslator } from "next-intl";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inChinese } from "@/lib/testing/zh-failure";
import { issueMessage } from "@/components/i18n/issue-message";
import en from "@/messages/en.json";
import zhCN from "@/messages/zh-CN.json";
import type { Viewer } from "../auth/scope";
import { zodIssueCode } from "../http/zod-issue";
import { createTempDb } from "../testing/temp-db";
import { emitEvent } from "./emit";
import { createEndpoint, getEndpoint, listEndpoints, rotateSecret, updateEndpoint } from "./endpoints";
import { redeliver } from "./deliveries";
import { createWebhookSchema } from "./schema";

const zh = { locale: "zh-CN", messages: zhCN as typeof en } as const;
const zhIssues = createTranslator({ ...zh, namespace: "issues" });

let temp: ReturnType<typeof createTempDb>;
let a: Viewer;
let b: Viewer;
let admin: Viewer;

beforeAll(async () => {
  temp = createTempDb();
  const make = async (email: string, role: "admin" | "member"): Promise<Viewer> => {
    const user = await temp.db.user.create({ data: { email, name: email, role } });
    return { id: user.id, role, via: "session" };
  };
  a = await make("a@example.com", "member");
  b = await make("b@example.com", "member");
  admin = await make("root@example.com", "admin");
});
afterAll(async () => temp?.cleanup());

const input = (url: string, global = false) =>
  createWebhookSchema.parse({ url, events: ["task.stored", "batch.completed"], global });

describe("webhook endpoints", () => {
  it("keeps members to their own endpoints and routes events to owner and global endpoints", async () => {
    const mine = await createEndpoint(temp.db, a, input("https://a.example.com/hook"));
    const theirs = await createEndpoint(temp.db, b, input("https://b.example.com/hook"));
    const global = await createEndpoint(temp.db, admin, input("https://ops.example.com/hook", true));
    expect(global.global).toBe(true);

    expect((await listEndpoints(temp.db, a)).map((e) => e.id)).toEqual([mine.id]);
    expect((await listEndpoints(temp.db, admin)).map((e) => e.id).sort()).toEqual(
      [mine.id, theirs.id, global.id].sort(),
    );
    for (const call of [
      () => getEndpoint(temp.db, b, mine.id),
      () => updateEndpoint(temp.db, b, mine.id, { enabled: false }),
      () => rotateSecret(temp.db, b, mine.id),
      () => getEndpoint(temp.db, a, global.id),
    ]) {
      await expect(call()).rejects.toMatchObject({ status: 404 });
    }
    await expect(createEndpoint(temp.db, a, input("https://x.example.com", true))).rejects.toMatchObject({
      status: 403,
    });

    expect(await emitEvent(temp.db, "task.stored", a.id, { id: "t1" })).toBe(2);
    const to = await temp.db.webhookDelivery.findMany({ select: { endpointId: true, id: true } });
    expect(to.map((d) => d.endpointId).sort()).toEqual([mine.id, global.id].sort());
    expect(new Set(to.map((d) => d.id)).size).toBe(2); // one webhook-id per endpoint
    // Not subscribed: nothing written.
    expect(await emitEvent(temp.db, "task.failed", a.id, { id: "t1" })).toBe(0);

    const ofA = to.find((d) => d.endpointId === mine.id)!;
    await expect(redeliver(temp.db, b, ofA.id)).rejects.toMatchObject({ status: 404 });
    await expect(redeliver(temp.db, a, ofA.id)).resolves.toMatchObject({ state: "pending" });

    const rotated = await rotateSecret(temp.db, a, mine.id);
    expect(rotated.secret).not.toBe(mine.secret);
    expect(rotated.secret).toMatch(/^whsec_/);
  });

  it("refuses URLs that are not http(s) and unknown events, naming the field", () => {
    const bad = createWebhookSchema.safeParse({ url: "ftp://example.com", events: ["task.exploded"] });
    expect(bad.success).toBe(false);
    const paths = bad.error!.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    expect(paths).toContain("url: must be an http:// or https:// URL");
    expect(paths.some((p) => p.startsWith("events: each event must be one of task.completed"))).toBe(true);
    // Each with its code (lib/http/zod-issue.ts answers it), worded by a Chinese page.
    const worded = bad.error!.issues.map((issue) =>
      issueMessage(
        zhIssues,
        zh.locale,
        { message: issue.message, ...zodIssueCode(issue) },
        String(issue.path[0]),
      ),
    );
    expect(worded).toEqual([
      "url须为 http:// 或 https:// 开头的 URL",
      "events每一项都须为 task.completed、task.failed、task.stored、batch.completed 之一",
    ]);
  });

  it("disabled by hand says so in the page's language; enabling again clears it; an older reason stays English", async () => {
    const endpoint = await createEndpoint(temp.db, a, input("https://hand.example.com/hook"));
    expect(endpoint).toMatchObject({
      disabledReason: null,
      disabledReasonCode: null,
      disabledReasonParams: null,
    });
    const disabled = await updateEndpoint(temp.db, a, endpoint.id, { enabled: false });
    expect(disabled).toMatchObject({
      enabled: false,
      disabledReason: "Disabled by hand.",
      disabledReasonCode: "webhook_disabled_by_hand",
      disabledReasonParams: null,
    });
    const asAnswered = (e: typeof disabled) =>
      e.disabledReason === null
        ? null
        : {
            code: e.disabledReasonCode!,
            message: e.disabledReason,
            params: e.disabledReasonParams ?? undefined,
          };
    expect(inChinese(asAnswered(disabled))).toBe("已手动停用。");

    const enabled = await updateEndpoint(temp.db, a, endpoint.id, { enabled: true });
    expect(enabled).toMatchObject({ enabled: true, disabledReason: null, disabledReasonCode: null });
    expect(await temp.db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).toMatchObject({
      disabledReason: null,
      disabledReasonCode: null,
      disabledReasonParams: null,
    });

    // Written before reasons had codes: answered as "text", shown as it is.
    await temp.db.webhookEndpoint.update({
      where: { id: endpoint.id },
      data: { enabled: false, disabledReason: "Disabled automatically on 2026-01-01: older words." },
    });
    const older = await getEndpoint(temp.db, a, endpoint.id);
    expect(older).toMatchObject({ disabledReasonCode: "text", disabledReasonParams: null });
    expect(inChinese(asAnswered(older))).toBe("Disabled automatically on 2026-01-01: older words.");
  });
});
