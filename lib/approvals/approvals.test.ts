import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actors, seedReview } from "../comments/testing/seed-review";
import { createTempDb } from "../testing/temp-db";
import { approvalHistory, getApproval, setApproval } from "./index";

let temp: ReturnType<typeof createTempDb>;

beforeAll(async () => {
  temp = createTempDb();
  await seedReview(temp.db);
});
afterAll(() => temp.cleanup());

describe("approvals", () => {
  it("starts pending, keeps who and when, and the history newest first", async () => {
    expect(await getApproval(temp.db, "c", "v")).toMatchObject({ status: "pending", at: null, by: null });
    await setApproval(temp.db, actors.bob, "c", "v", "changes_requested");
    const set = await setApproval(temp.db, actors.guest, "c", "v", "approved");
    expect(set).toMatchObject({ status: "approved", by: "Gina (guest)", at: expect.any(String) });
    expect(await getApproval(temp.db, "c", "v")).toEqual(set);
    const row = await temp.db.collectionItem.findUniqueOrThrow({
      where: { collectionId_taskId: { collectionId: "c", taskId: "v" } },
    });
    expect(row).toMatchObject({ approval: "approved", approvalBy: "Gina (guest)" });
    expect((await approvalHistory(temp.db, "c", "v")).map((e) => [e.status, e.by, e.guest])).toEqual([
      ["approved", "Gina", true],
      ["changes_requested", "Bob", false],
    ]);
  });

  it("is for the owner, editors and guests with comments allowed only", async () => {
    await expect(setApproval(temp.db, actors.carol, "c", "i", "approved")).rejects.toMatchObject({
      code: "forbidden",
      message: expect.stringMatching(/commenter .* may not set approvals/),
    });
    await expect(setApproval(temp.db, actors.dave, "c", "i", "approved")).rejects.toMatchObject({
      code: "forbidden",
    });
    await expect(setApproval(temp.db, actors.readOnlyGuest, "c", "i", "approved")).rejects.toMatchObject({
      code: "forbidden",
    });
    expect((await setApproval(temp.db, actors.alice, "c", "i", "rejected")).status).toBe("rejected");
    expect(await temp.db.approvalEvent.count({ where: { taskId: "i" } })).toBe(1);
  });

  it("answers 404 for an item not in the collection and names a bad status", async () => {
    await expect(setApproval(temp.db, actors.alice, "c", "outside", "approved")).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(setApproval(temp.db, actors.alice, "nope", "v", "approved")).rejects.toMatchObject({
      code: "not_found",
    });
    expect(await temp.db.approvalEvent.count({ where: { taskId: "outside" } })).toBe(0);
    const error = await setApproval(temp.db, actors.alice, "c", "v", "done" as never).catch(
      (e: unknown) => e,
    );
    expect((error as { issues: { message: string }[] }).issues[0]!.message).toBe(
      "must be one of pending, approved, changes_requested, rejected",
    );
  });
});
