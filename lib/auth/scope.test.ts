import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createConversation, listConversations } from "../chat/conversations";
import { seedTasks } from "../gallery/testing/seed-tasks";
import type { Prisma } from "../generated/prisma/client";
import { createTempDb } from "../testing/temp-db";
import { claimUnowned } from "./claim";
import { LOCAL_USER } from "./local-user";
import { canSee, ownedBy, ownedBySql, ownerOf, UNOWNED, visibleOr404, type Viewer } from "./scope";

let temp: ReturnType<typeof createTempDb>;
const member = (id: string): Viewer => ({ id, role: "member", via: "session" });
const admin: Viewer = { id: "adm", role: "admin", via: "token" };

beforeAll(async () => {
  temp = createTempDb();
  for (const id of ["u1", "u2", "adm"])
    await temp.db.user.create({ data: { id, name: id, email: `${id}@example.com` } });
  await seedTasks(temp.db, [
    { id: "t1", userId: "u1" },
    { id: "t2", userId: "u2" },
    { id: "t0", userId: null },
  ]);
});
afterAll(() => temp.cleanup());

const prismaIds = async (where: object) =>
  (await temp.db.task.findMany({ where, select: { id: true }, orderBy: { id: "asc" } })).map((t) => t.id);
const sqlIds = async (condition: Prisma.Sql) =>
  (
    await temp.db.$queryRaw<
      { id: string }[]
    >`SELECT t."id" AS id FROM "Task" t WHERE ${condition} ORDER BY t."id"`
  ).map((r) => r.id);

describe("ownedBy / ownedBySql", () => {
  it("gives a member only their own rows, whatever user filter they send", async () => {
    for (const filter of [undefined, "u2", UNOWNED]) {
      expect(await prismaIds(ownedBy(member("u1"), filter))).toEqual(["t1"]);
      expect(await sqlIds(ownedBySql(member("u1"), filter))).toEqual(["t1"]);
    }
  });

  it("gives an admin every row, one user's, or the unowned ones", async () => {
    expect(await prismaIds(ownedBy(admin))).toEqual(["t0", "t1", "t2"]);
    expect(await sqlIds(ownedBySql(admin))).toEqual(["t0", "t1", "t2"]);
    expect(await prismaIds(ownedBy(admin, "u2"))).toEqual(["t2"]);
    expect(await sqlIds(ownedBySql(admin, "u2"))).toEqual(["t2"]);
    expect(await prismaIds(ownedBy(admin, UNOWNED))).toEqual(["t0"]);
    expect(await sqlIds(ownedBySql(admin, UNOWNED))).toEqual(["t0"]);
  });

  it("leaves unowned rows to admins, and answers someone else's row like a missing one", () => {
    expect(canSee(member("u1"), null)).toBe(false);
    expect(canSee(member("u1"), "u2")).toBe(false);
    expect(canSee(member("u1"), "u1")).toBe(true);
    expect(canSee(admin, null)).toBe(true);
    const missing = (() => {
      try {
        visibleOr404(member("u1"), { userId: "u2" }, "Thing x does not exist.");
      } catch (error) {
        return error;
      }
    })();
    expect(missing).toMatchObject({ code: "not_found", status: 404, message: "Thing x does not exist." });
  });
});

describe("accounts off: the implicit local admin", () => {
  it("owns nothing by id (rows stay unowned) and sees everything, as before accounts", async () => {
    expect(ownerOf(LOCAL_USER)).toBeNull();
    expect(ownerOf(member("u1"))).toBe("u1");
    expect(await prismaIds(ownedBy(LOCAL_USER))).toEqual(["t0", "t1", "t2"]);

    const made = await createConversation(temp.db, LOCAL_USER, { title: "local chat" });
    expect((await temp.db.conversation.findUniqueOrThrow({ where: { id: made.id } })).userId).toBeNull();
    expect((await listConversations(temp.db, LOCAL_USER)).map((c) => c.id)).toContain(made.id);
    // Once accounts are on, only admins see it.
    expect((await listConversations(temp.db, member("u1"))).map((c) => c.id)).not.toContain(made.id);
    expect((await listConversations(temp.db, admin)).map((c) => c.id)).toContain(made.id);
  });
});

describe("unowned rows", () => {
  it("a deleted user's items stay, with no owner; claim-unowned gives every unowned row to one user", async () => {
    await temp.db.user.create({ data: { id: "gone", name: "gone", email: "gone@example.com" } });
    await seedTasks(temp.db, [{ id: "t-gone", userId: "gone" }]);
    await temp.db.user.delete({ where: { id: "gone" } });
    expect((await temp.db.task.findUniqueOrThrow({ where: { id: "t-gone" } })).userId).toBeNull();

    // Assets are unique per owner: an unowned id the user already records stays unowned.
    await temp.db.asset.createMany({
      data: [
        { assetId: "a-1", label: "mine", kind: "image", userId: "u2" },
        { assetId: "a-1", label: "left over", kind: "image", userId: null },
        { assetId: "a-2", label: "left over", kind: "image", userId: null },
      ],
    });
    const counts = await claimUnowned(temp.db, "u2");
    expect(counts.tasks).toBe(2); // t0 and t-gone
    expect(counts).toMatchObject({ assets: 1, assetsKept: 1 });
    expect(
      (await temp.db.asset.findMany({ where: { userId: "u2" }, orderBy: { assetId: "asc" } })).map(
        (a) => a.assetId,
      ),
    ).toEqual(["a-1", "a-2"]);
    expect(counts.conversations).toBeGreaterThanOrEqual(1); // the local chat above
    expect(await prismaIds(ownedBy(member("u2")))).toEqual(["t-gone", "t0", "t2"]);
    expect(await prismaIds(ownedBy(admin, UNOWNED))).toEqual([]);
  });
});
