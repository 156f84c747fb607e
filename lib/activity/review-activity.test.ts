import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setApproval } from "../approvals";
import type { Viewer } from "../auth/scope";
import { addComment } from "../comments";
import { actors, seedReview } from "../comments/testing/seed-review";
import { seedTasks } from "../gallery/testing/seed-tasks";
import { createTempDb } from "../testing/temp-db";
import { readActivity } from "./read-activity";

let temp: ReturnType<typeof createTempDb>;
const alice: Viewer = { id: "alice", role: "member", via: "session" };
const carol: Viewer = { id: "carol", role: "member", via: "session" };
const dave: Viewer = { id: "dave", role: "member", via: "session" };

beforeAll(async () => {
  temp = createTempDb();
  await seedReview(temp.db);
  await seedTasks(temp.db, [{ id: "carols", userId: "carol", kind: "image" }]);
});
afterAll(() => temp?.cleanup());

const feed = async (viewer: Viewer, since: Date) =>
  readActivity(temp.db, viewer, since, new Date(Date.now() + 1000));

describe("review activity", () => {
  it("brings others' comments and replies on the owner's items, with links that open the comment", async () => {
    const since = new Date(Date.now() - 1000);
    await addComment(temp.db, actors.alice, "v", { body: "my own note", atSeconds: 0.5 });
    const thread = await addComment(temp.db, actors.guest, "v", {
      body: "the hand\n looks wrong",
      atSeconds: 1.5,
      shape: { kind: "rect", x: 0.1, y: 0.1, w: 0.2, h: 0.2 },
      collectionId: "c",
    });
    const reply = await addComment(temp.db, actors.carol, "v", { body: "agreed", parentId: thread.id });
    const activity = await feed(alice, since);
    expect(activity.comments.map((c) => [c.author, c.excerpt, c.atSeconds, c.href])).toEqual([
      [{ kind: "user", name: "Carol" }, "agreed", 1.5, `/gallery?item=v&comment=${reply.id}`],
      [{ kind: "guest", name: "Gina" }, "the hand looks wrong", 1.5, `/gallery?item=v&comment=${thread.id}`],
    ]);
    expect(activity.moreComments).toBe(0);
    // Nobody else hears of it: not a member who does not own the item, not its own author.
    expect((await feed(dave, since)).comments).toEqual([]);
    expect((await feed(carol, since)).comments).toEqual([]);
  });

  it("brings replies to the viewer's threads on items of others", async () => {
    const since = new Date(Date.now() - 1000);
    const mine = await addComment(temp.db, { ...actors.carol, power: "owner" }, "carols", {
      body: "for Alice?",
    });
    await addComment(temp.db, { ...actors.alice, power: "commenter" }, "carols", {
      body: "yes",
      parentId: mine.id,
    });
    expect((await feed(carol, since)).comments.map((c) => c.excerpt)).toEqual(["yes"]);
  });

  it("brings approval changes by others in collections the viewer owns", async () => {
    const since = new Date(Date.now() - 1000);
    await setApproval(temp.db, actors.alice, "c", "v", "pending");
    await setApproval(temp.db, actors.guest, "c", "v", "approved");
    await setApproval(temp.db, actors.bob, "c", "i", "changes_requested");
    const activity = await feed(alice, since);
    expect(
      activity.approvals.map((a) => [a.taskId, a.status, a.by, a.guest, a.collectionName, a.href]),
    ).toEqual([
      ["i", "changes_requested", "Bob", false, "Client cut", "/gallery?item=i"],
      ["v", "approved", "Gina", true, "Client cut", "/gallery?item=v"],
    ]);
    expect((await feed(carol, since)).approvals).toEqual([]);
  });
});
