/**
 * Collections on a real database (SQLite, and PostgreSQL in the second run: the item page is raw
 * SQL): who may do what, 404 for anyone it is not shared with, revoking at once, a total order after
 * many moves, and paging a 1,000-item collection with the gallery's filters.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { failure } from "../auth/testing/auth-testbed";
import type { Viewer } from "../auth/scope";
import { seedTasks } from "../gallery/testing/seed-tasks";
import { createTempDb } from "../testing/temp-db";
import { collectionItemsQuerySchema, listCollectionItems } from "./item-page";
import { addMemberSchema, createCollectionSchema } from "./schema";
import {
  addItems,
  addMember,
  changeMemberRole,
  createCollection,
  deleteCollection,
  getCollection,
  listCollections,
  listMembers,
  moveItem,
  removeItems,
  removeMember,
  updateCollection,
} from "./index";

let temp: ReturnType<typeof createTempDb>;
const user = (id: string): Viewer => ({ id, role: "member", via: "session" });
const ada = user("u-ada");
const bob = user("u-bob");
const cy = user("u-cy");
const admin: Viewer = { id: "u-admin", role: "admin", via: "session" };

beforeAll(async () => {
  temp = createTempDb();
  for (const u of [ada, bob, cy, admin]) {
    await temp.db.user.create({
      data: { id: u.id, name: u.id.slice(2), email: `${u.id.slice(2)}@example.com` },
    });
  }
  await seedTasks(temp.db, [
    ...Array.from({ length: 6 }, (_, i) => ({
      id: `a${i}`,
      userId: ada.id,
      prompt: i % 2 ? "a dragon at dusk" : "a quiet lake",
      kind: (i < 4 ? "video" : "image") as "video" | "image",
      submittedAt: new Date(Date.UTC(2026, 10, 1 + i)),
      media: [{ thumbPath: `thumbs/a${i}.webp` }],
    })),
    { id: "b0", userId: bob.id },
  ]);
});
afterAll(() => temp.cleanup());

async function order(viewer: Viewer, id: string, query: Record<string, string> = {}): Promise<string[]> {
  const page = await listCollectionItems(temp.db, viewer, id, collectionItemsQuerySchema.parse(query));
  return page.items.map((i) => i.id);
}

describe("a collection and its items", () => {
  it("keeps items in the order added, idempotently, with count, cover and progress", async () => {
    const c = await createCollection(
      temp.db,
      ada,
      createCollectionSchema.parse({ name: "  Picks  ", taskIds: ["a2", "a0"] }),
    );
    expect(c).toMatchObject({ name: "Picks", power: "owner", itemCount: 2, coverTaskId: "a2" });
    expect(c.coverThumbnailUrl).toMatch(/^\/api\/media\/.+\/thumbnail$/);
    expect(await addItems(temp.db, ada, c.id, ["a0", "a1", "a1"])).toEqual({ added: 1, alreadyIn: 1 });
    expect(await order(ada, c.id)).toEqual(["a2", "a0", "a1"]);
    expect((await getCollection(temp.db, ada, c.id)).progress).toEqual({
      pending: 3,
      approved: 0,
      changes_requested: 0,
      rejected: 0,
      total: 3,
    });
    await updateCollection(temp.db, ada, c.id, { coverTaskId: "a1" });
    expect((await getCollection(temp.db, ada, c.id)).coverTaskId).toBe("a1");
    await removeItems(temp.db, ada, c.id, ["a1"]);
    // The removed cover falls back to the first item.
    expect(await getCollection(temp.db, ada, c.id)).toMatchObject({ coverTaskId: "a2", itemCount: 2 });
  });

  it("refuses another user's item as not found, and a cover that is not in it", async () => {
    const c = await createCollection(temp.db, ada, { name: "Mine" });
    expect((await failure(addItems(temp.db, ada, c.id, ["a0", "b0"]))).code).toBe("not_found");
    expect(await order(ada, c.id)).toEqual([]);
    expect((await failure(updateCollection(temp.db, ada, c.id, { coverTaskId: "a3" }))).code).toBe(
      "invalid_request",
    );
  });
});

describe("sharing and powers", () => {
  it("answers 404 to a member it is not shared with, for every operation", async () => {
    const c = await createCollection(temp.db, ada, { name: "Private", taskIds: ["a0"] });
    const calls = [
      getCollection(temp.db, bob, c.id),
      listCollectionItems(temp.db, bob, c.id, {}),
      addItems(temp.db, bob, c.id, ["b0"]),
      removeItems(temp.db, bob, c.id, ["a0"]),
      moveItem(temp.db, bob, c.id, { taskId: "a0", before: null }),
      listMembers(temp.db, bob, c.id),
      addMember(temp.db, bob, c.id, { userId: bob.id, role: "editor" }),
      deleteCollection(temp.db, bob, c.id),
    ];
    for (const call of calls) expect((await failure(call)).status).toBe(404);
    expect((await listCollections(temp.db, bob)).map((x) => x.id)).not.toContain(c.id);
    // An admin sees it as its owner does.
    expect((await getCollection(temp.db, admin, c.id)).power).toBe("owner");
  });

  it("enforces viewer, commenter and editor powers, and revoking takes effect at once", async () => {
    const c = await createCollection(temp.db, ada, { name: "Shared", taskIds: ["a0", "a1", "a2"] });
    await addMember(temp.db, ada, c.id, addMemberSchema.parse({ email: "BOB@example.com", role: "viewer" }));
    const shared = await listCollections(temp.db, bob);
    expect(shared.find((x) => x.id === c.id)).toMatchObject({
      power: "viewer",
      ownerName: "ada",
      itemCount: 3,
    });
    expect(await order(bob, c.id)).toEqual(["a0", "a1", "a2"]);
    expect((await failure(moveItem(temp.db, bob, c.id, { taskId: "a0", before: null }))).status).toBe(403);
    expect((await failure(addMember(temp.db, bob, c.id, { userId: cy.id, role: "viewer" }))).status).toBe(
      403,
    );

    await changeMemberRole(temp.db, ada, c.id, bob.id, "commenter");
    expect((await failure(removeItems(temp.db, bob, c.id, ["a0"]))).status).toBe(403);

    await changeMemberRole(temp.db, ada, c.id, bob.id, "editor");
    await moveItem(temp.db, bob, c.id, { taskId: "a0", before: null });
    await updateCollection(temp.db, bob, c.id, { name: "Renamed by Bob" });
    // Editors add the owner's items they can reach, never their own.
    expect((await failure(addItems(temp.db, bob, c.id, ["b0"]))).status).toBe(404);
    expect((await failure(deleteCollection(temp.db, bob, c.id))).status).toBe(403);
    expect((await failure(addMember(temp.db, bob, c.id, { userId: cy.id, role: "viewer" }))).status).toBe(
      403,
    );
    expect(await order(ada, c.id)).toEqual(["a1", "a2", "a0"]);
    expect((await listMembers(temp.db, ada, c.id)).map((m) => [m.email, m.role])).toEqual([
      ["bob@example.com", "editor"],
    ]);

    await removeMember(temp.db, ada, c.id, bob.id);
    expect((await failure(listCollectionItems(temp.db, bob, c.id, {}))).status).toBe(404);
    expect((await listCollections(temp.db, bob)).map((x) => x.id)).not.toContain(c.id);
  });

  it("refuses an unknown user and the owner as members", async () => {
    const c = await createCollection(temp.db, ada, { name: "Nobody" });
    expect(
      (await failure(addMember(temp.db, ada, c.id, { email: "who@example.com", role: "viewer" }))).message,
    ).toMatch(/who@example.com/);
    expect((await failure(addMember(temp.db, ada, c.id, { userId: ada.id, role: "editor" }))).code).toBe(
      "invalid_request",
    );
  });
});

describe("order", () => {
  it("keeps a total order after many moves (drag and keyboard), renumbering when neighbours meet", async () => {
    const c = await createCollection(temp.db, ada, {
      name: "Order",
      taskIds: ["a0", "a1", "a2", "a3", "a4", "a5"],
    });
    let expected = ["a0", "a1", "a2", "a3", "a4", "a5"];
    let renumbered = false;
    // Always dropping between the same two items halves their gap until it must renumber.
    for (let i = 0; i < 70; i++) {
      const taskId = i % 2 ? "a4" : "a5";
      const result = await moveItem(temp.db, ada, c.id, { taskId, before: "a1" });
      expected = [...expected.filter((x) => x !== taskId)];
      expected.splice(expected.indexOf("a1"), 0, taskId);
      expect(result.order).toEqual(expected);
      renumbered ||= result.renumbered;
    }
    expect(renumbered).toBe(true);
    // Keyboard steps, at both ends (no-ops) and in the middle.
    await moveItem(temp.db, ada, c.id, { taskId: expected[0], step: -1 });
    await moveItem(temp.db, ada, c.id, { taskId: expected[1], step: -1 });
    expected = [expected[1], expected[0], ...expected.slice(2)];
    await moveItem(temp.db, ada, c.id, { taskId: expected[2], step: 1 });
    expected = [expected[0], expected[1], expected[3], expected[2], ...expected.slice(4)];
    await moveItem(temp.db, ada, c.id, { taskId: expected.at(-1)!, step: 1 });
    expect(await order(ada, c.id)).toEqual(expected);
    const positions = (await listCollectionItems(temp.db, ada, c.id, {})).items.map((i) => i.position);
    expect(new Set(positions).size).toBe(positions.length);
    expect([...positions].sort((x, y) => x - y)).toEqual(positions);
  });
});

describe("a 1,000-item collection", () => {
  it(
    "pages in its order with the gallery's filters and the approval filter",
    { timeout: 90_000 },
    async () => {
      const ids = Array.from({ length: 1000 }, (_, i) => `big${String(i).padStart(4, "0")}`);
      // One statement (seedTasks writes row by row: slow for 1,000 on a busy machine).
      await temp.db.task.createMany({
        data: ids.map((id, i) => ({
          id,
          userId: ada.id,
          model: "sd_2.5_ORelay",
          kind: i % 3 === 0 ? "image" : "video",
          status: "completed",
          mediaState: "none",
          prompt: `take ${i}`,
          request: "{}",
        })),
      });
      // Added newest-last in reverse, so the collection's order is not the gallery's.
      const c = await createCollection(temp.db, ada, { name: "Big", taskIds: [...ids].reverse() });
      await temp.db.collectionItem.updateMany({
        where: { collectionId: c.id, taskId: { in: ids.filter((_, i) => i % 10 === 0) } },
        data: { approval: "approved" },
      });
      const seen: string[] = [];
      let cursor: string | undefined;
      let first = true;
      do {
        const page = await listCollectionItems(temp.db, ada, c.id, { limit: 200, cursor });
        if (first) expect(page.total).toBe(1000);
        first = false;
        seen.push(...page.items.map((i) => i.id));
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      expect(seen).toEqual([...ids].reverse());

      const approved = await listCollectionItems(temp.db, ada, c.id, { approval: "approved", limit: 200 });
      expect(approved.total).toBe(100);
      expect(approved.items.every((i) => i.approval === "approved")).toBe(true);
      const images = await listCollectionItems(
        temp.db,
        ada,
        c.id,
        collectionItemsQuerySchema.parse({ type: "image", approval: "approved" }),
      );
      expect(images.total).toBe(34);
      const search = await listCollectionItems(
        temp.db,
        ada,
        c.id,
        collectionItemsQuerySchema.parse({ q: "dragon" }),
      );
      expect(search.total).toBe(0);
      expect((await getCollection(temp.db, ada, c.id)).progress).toMatchObject({
        approved: 100,
        pending: 900,
        total: 1000,
      });
    },
  );

  it("names a bad approval filter", () => {
    const result = collectionItemsQuerySchema.safeParse({ approval: "maybe", rating: "9" });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path[0]).sort()).toEqual(["approval", "rating"]);
  });
});
