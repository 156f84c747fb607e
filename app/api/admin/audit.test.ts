/**
 * The audit log through the real route handlers (issue 26 part 4), with accounts on: each kind of
 * act leaves one entry naming who, when, what and from which address; a refused sign-in is there
 * too; admins read and export it, members cannot; nothing but the retention prune removes entries.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PEER_HEADER } from "@/lib/auth/client-address";
import { cookieHeaders } from "@/lib/auth/testing/auth-testbed";
import { seedTasks } from "@/lib/gallery/testing/seed-tasks";
import { apiTestDb, type ApiTestDb, type RouteHandler } from "@/lib/testing/api-test-db";

const PASSWORD = "a long password";
let temp: ApiTestDb;
let r: Record<string, Record<string, RouteHandler>>;
type Who = { id: string; email: string; headers: Headers };
let admin: Who;
let mia: Who;

async function signIn(email: string, password: string, address: string) {
  return r["auth/login"].POST(
    new Request("http://127.0.0.1:3000/api/auth/login", {
      method: "POST",
      headers: { "content-type": "application/json", [PEER_HEADER]: address },
      body: JSON.stringify({ email, password }),
    }),
  );
}

async function person(email: string, role: "admin" | "member", address: string): Promise<Who> {
  const { createUser } = await import("@/lib/auth/users");
  const { authContext } = await import("@/lib/auth/context");
  const user = await createUser(await authContext(), { email, password: PASSWORD, role });
  const response = await signIn(email, PASSWORD, address);
  expect(response.status).toBe(200);
  return {
    id: user.id,
    email,
    headers: cookieHeaders(response.headers.getSetCookie(), { [PEER_HEADER]: address }),
  };
}

async function call(
  who: Who,
  name: string,
  method: string,
  options: { params?: Record<string, string>; json?: unknown; query?: string } = {},
): Promise<Response> {
  const headers = new Headers(who.headers);
  if (options.json !== undefined) headers.set("content-type", "application/json");
  const url = `http://127.0.0.1:3000/api/${name}${options.query ? `?${options.query}` : ""}`;
  const request = new Request(url, {
    method,
    headers,
    body: options.json === undefined ? undefined : JSON.stringify(options.json),
  });
  return r[name][method](request, { params: Promise.resolve(options.params ?? {}) });
}

type Entry = {
  action: string;
  outcome: string;
  actorEmail: string | null;
  address: string | null;
  targetType: string | null;
  targetId: string | null;
  targetLabel: string | null;
  detail: Record<string, unknown> | null;
  at: string;
};

async function entries(query = ""): Promise<Entry[]> {
  const response = await call(admin, "admin/audit", "GET", { query: `limit=200&${query}` });
  expect(response.status).toBe(200);
  return ((await response.json()) as { entries: Entry[] }).entries;
}

beforeAll(async () => {
  temp = apiTestDb({ AUTH_SECRET: "audit-test-secret-audit-test-secret-0123" });
  const modules: Record<string, () => Promise<unknown>> = {
    "auth/login": () => import("@/app/api/auth/login/route"),
    "account/tokens": () => import("@/app/api/account/tokens/route"),
    "account/tokens/[id]": () => import("@/app/api/account/tokens/[id]/route"),
    "admin/users": () => import("@/app/api/admin/users/route"),
    "admin/users/[id]": () => import("@/app/api/admin/users/[id]/route"),
    "admin/users/[id]/budget": () => import("@/app/api/admin/users/[id]/budget/route"),
    "admin/audit": () => import("@/app/api/admin/audit/route"),
    "admin/audit/export": () => import("@/app/api/admin/audit/export/route"),
    shares: () => import("@/app/api/shares/route"),
    "shares/[id]": () => import("@/app/api/shares/[id]/route"),
    "gallery/items/[id]": () => import("@/app/api/gallery/items/[id]/route"),
    "gallery/bulk": () => import("@/app/api/gallery/bulk/route"),
    webhooks: () => import("@/app/api/webhooks/route"),
  };
  r = Object.fromEntries(
    await Promise.all(
      Object.entries(modules).map(async ([name, load]) => [
        name,
        (await load()) as Record<string, RouteHandler>,
      ]),
    ),
  );
  admin = await person("root@example.com", "admin", "192.0.2.1");
  mia = await person("mia@example.com", "member", "198.51.100.7");
  const mediaDir = process.env.MEDIA_DIR!;
  fs.mkdirSync(path.join(mediaDir, "results"), { recursive: true });
  for (const id of ["m-1", "m-2", "m-3"]) fs.writeFileSync(path.join(mediaDir, "results", `${id}-0`), "x");
  await seedTasks(
    temp.db,
    ["m-1", "m-2", "m-3"].map((id) => ({
      id,
      userId: mia.id,
      kind: "image" as const,
      prompt: `${id} prompt`,
      media: [{ path: `results/${id}-0`, contentType: "image/png", size: 1 }],
    })),
  );
});

afterAll(async () => {
  await temp?.close();
});

describe("the audit log", () => {
  it("records sign-ins, refused sign-ins with the address they came from, and never the password", async () => {
    expect((await signIn("mia@example.com", "not her password", "203.0.113.9")).status).toBe(401);
    const signIns = await entries("action=auth.sign_in");
    expect(signIns.find((e) => e.outcome === "failure")).toMatchObject({
      actorEmail: "mia@example.com",
      address: "203.0.113.9",
      detail: { reason: "unauthorized" },
    });
    expect(signIns.filter((e) => e.outcome === "success").map((e) => [e.actorEmail, e.address])).toEqual([
      ["mia@example.com", "198.51.100.7"],
      ["root@example.com", "192.0.2.1"],
    ]);
    expect(JSON.stringify(await entries())).not.toContain("not her password");
    // Filters: outcome, actor.
    expect((await entries("outcome=failure")).map((e) => e.action)).toEqual(["auth.sign_in"]);
    expect((await entries("actor=root")).every((e) => e.actorEmail === "root@example.com")).toBe(true);
  });

  it("records tokens, users, roles, budgets, disable and delete with who did it to whom", async () => {
    const token = await (await call(mia, "account/tokens", "POST", { json: { name: "ci" } })).json();
    expect((await call(mia, "account/tokens/[id]", "DELETE", { params: { id: token.id } })).status).toBe(200);
    const created = await call(admin, "admin/users", "POST", {
      json: { email: "new@example.com", password: PASSWORD, adminPassword: PASSWORD },
    });
    expect(created.status).toBe(201);
    const newId = ((await created.json()) as { id: string }).id;
    const patch = (json: unknown) =>
      call(admin, "admin/users/[id]", "PATCH", { params: { id: newId }, json });
    expect((await patch({ role: "admin", adminPassword: PASSWORD })).status).toBe(200);
    expect((await patch({ disabled: true, adminPassword: PASSWORD })).status).toBe(200);
    const budget = await call(admin, "admin/users/[id]/budget", "PUT", {
      params: { id: mia.id },
      json: { daily: 5, monthly: null },
    });
    expect(budget.status).toBe(200);
    const deleted = await call(admin, "admin/users/[id]", "DELETE", {
      params: { id: newId },
      json: { adminPassword: PASSWORD },
    });
    expect(deleted.status).toBe(200);

    const log = await entries();
    const pick = (action: string) => log.find((e) => e.action === action);
    expect(pick("token.create")).toMatchObject({
      actorEmail: "mia@example.com",
      targetLabel: "ci",
      address: "198.51.100.7",
    });
    expect(pick("token.revoke")).toMatchObject({ actorEmail: "mia@example.com", targetId: token.id });
    expect(JSON.stringify(log)).not.toContain(token.token);
    expect(pick("user.create")).toMatchObject({
      actorEmail: "root@example.com",
      targetLabel: "new@example.com",
    });
    expect(pick("user.role_change")).toMatchObject({
      targetId: newId,
      detail: { from: "member", to: "admin" },
    });
    expect(pick("user.disable")).toMatchObject({ targetId: newId, address: "192.0.2.1" });
    expect(pick("user.budget_change")).toMatchObject({
      targetLabel: "mia@example.com",
      detail: { daily: 5 },
    });
    // The deleted user's entries outlive them, and the delete names them.
    expect(pick("user.delete")).toMatchObject({ targetId: newId, targetLabel: "new@example.com" });
    expect(JSON.stringify(log)).not.toContain(PASSWORD);
  });

  it("records share links, gallery deletes and webhook settings", async () => {
    const link = await (
      await call(mia, "shares", "POST", { json: { taskId: "m-1", label: "for the client" } })
    ).json();
    expect((await call(mia, "shares/[id]", "DELETE", { params: { id: link.id } })).status).toBe(200);
    expect((await call(mia, "gallery/items/[id]", "DELETE", { params: { id: "m-1" } })).status).toBe(200);
    const bulk = await call(mia, "gallery/bulk", "POST", { json: { action: "delete", ids: ["m-2", "m-3"] } });
    expect(bulk.status).toBe(200);
    const hook = await call(admin, "webhooks", "POST", {
      json: { url: "https://hooks.example.com/studio", events: ["task.stored"] },
    });
    expect(hook.status).toBe(201);

    const log = await entries();
    expect(log.find((e) => e.action === "share.create")).toMatchObject({
      targetId: link.id,
      targetLabel: "item m-1: for the client",
    });
    expect(log.find((e) => e.action === "share.revoke")).toMatchObject({ targetId: link.id });
    expect(log.filter((e) => e.action === "gallery.delete").map((e) => e.detail?.ids)).toEqual([
      ["m-2", "m-3"],
      ["m-1"],
    ]);
    expect(log.find((e) => e.action === "settings.change")).toMatchObject({
      actorEmail: "root@example.com",
      targetType: "webhook",
      targetLabel: "https://hooks.example.com/studio",
      detail: { setting: "webhook", change: "create" },
    });
    expect(JSON.stringify(log.find((e) => e.action === "settings.change"))).not.toMatch(/whsec_|secret/);
  });

  it("is for admins only, pages with a cursor, and exports CSV with the same filters", async () => {
    expect((await call(mia, "admin/audit", "GET")).status).toBe(403);
    expect((await call(mia, "admin/audit/export", "GET")).status).toBe(403);
    const bad = await call(admin, "admin/audit", "GET", { query: "action=user.explode" });
    expect(bad.status).toBe(400);

    const all = await entries();
    const first = await (await call(admin, "admin/audit", "GET", { query: "limit=3" })).json();
    const second = await (
      await call(admin, "admin/audit", "GET", { query: `limit=3&cursor=${first.nextCursor}` })
    ).json();
    expect([...first.entries, ...second.entries].map((e: Entry) => e.at)).toEqual(
      all.slice(0, 6).map((e) => e.at),
    );

    const csv = await call(admin, "admin/audit/export", "GET", { query: "action=gallery.delete" });
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const lines = (await csv.text()).trim().split("\r\n");
    expect(lines[0]).toBe(
      "at,action,outcome,actorEmail,actorId,address,targetType,targetId,targetLabel,detail",
    );
    expect(lines.slice(1)).toHaveLength(2);
    expect(lines[1]).toContain(",gallery.delete,success,mia@example.com,");
    expect(lines[1]).toContain('"{""ids"":[""m-2"",""m-3""]}"');

    const future = await entries("from=2999-01-01");
    expect(future).toEqual([]);
  });

  it("has no route that edits or deletes an entry; only the retention prune removes old ones", async () => {
    for (const name of ["admin/audit", "admin/audit/export"]) {
      expect(Object.keys(r[name]).filter((k) => /^(POST|PUT|PATCH|DELETE)$/.test(k))).toEqual([]);
    }
    const writers = sourceFiles(path.resolve("app")).concat(sourceFiles(path.resolve("lib")));
    const offenders = writers.filter(
      (file) =>
        !file.endsWith(path.join("lib", "audit", "prune.ts")) &&
        /auditEntry\.(update|updateMany|upsert|delete|deleteMany)\b|"AuditEntry"[^;]*\b(UPDATE|DELETE)\b/i.test(
          fs.readFileSync(file, "utf8"),
        ),
    );
    expect(offenders).toEqual([]);

    const { pruneAudit } = await import("@/lib/audit/prune");
    const old = await temp.db.auditEntry.create({
      data: { action: "auth.sign_in", at: new Date(Date.now() - 400 * 86_400_000) },
    });
    const before = await temp.db.auditEntry.count();
    expect(await pruneAudit(temp.db, 0)).toBe(0);
    expect(await pruneAudit(temp.db, 365)).toBe(1);
    expect(await temp.db.auditEntry.count()).toBe(before - 1);
    expect(await temp.db.auditEntry.findUnique({ where: { id: old.id } })).toBeNull();
  });
});

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "generated" ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}
