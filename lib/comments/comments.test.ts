import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTempDb } from "../testing/temp-db";
import { addComment, deleteComment, editComment, listComments, setResolved } from "./index";
import { actors, seedReview } from "./testing/seed-review";

let temp: ReturnType<typeof createTempDb>;

beforeAll(async () => {
  temp = createTempDb();
  await seedReview(temp.db);
});
afterAll(() => temp.cleanup());

const issues = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e as { issues: { path: (string | number)[] | string; message: string }[] },
  );
  return error?.issues.map((i) => `${Array.isArray(i.path) ? i.path.join(".") : i.path}: ${i.message}`);
};

describe("threads and replies", () => {
  it("keeps a thread with its moment and shape, and replies under it in order", async () => {
    const thread = await addComment(temp.db, actors.carol, "v", {
      body: "  the hand looks wrong  ",
      atSeconds: 1.5,
      shape: { kind: "rect", x: 0.1, y: 0.2, w: 0.3, h: 0.4 },
    });
    expect(thread).toMatchObject({
      body: "the hand looks wrong",
      atSeconds: 1.5,
      shape: { kind: "rect", x: 0.1, y: 0.2, w: 0.3, h: 0.4 },
      author: { kind: "user", name: "Carol" },
      mine: true,
      canResolve: true,
    });
    const reply = await addComment(temp.db, actors.alice, "v", { body: "fixing it", parentId: thread.id });
    // A reply to a reply joins the same thread.
    const deeper = await addComment(temp.db, actors.carol, "v", { body: "thanks", parentId: reply.id });
    expect(deeper.parentId).toBe(thread.id);

    const list = await listComments(temp.db, actors.bob, "v");
    expect(list.canComment).toBe(true);
    const mine = list.threads.find((t) => t.id === thread.id)!;
    expect(mine.replies.map((r) => [r.author.name, r.body, r.mine])).toEqual([
      ["Alice", "fixing it", false],
      ["Carol", "thanks", false],
    ]);
  });

  it("refuses a viewer (403) and a reply to a comment of another item (404)", async () => {
    await expect(addComment(temp.db, actors.dave, "v", { body: "hi" })).rejects.toMatchObject({
      code: "forbidden",
      message: expect.stringMatching(/viewer .* may not comment/),
    });
    const onImage = await addComment(temp.db, actors.alice, "i", { body: "crop tighter" });
    await expect(
      addComment(temp.db, actors.alice, "v", { body: "x", parentId: onImage.id }),
    ).rejects.toMatchObject({ code: "not_found" });
  });

  it("lets only the author edit and delete; a deleted thread takes its replies", async () => {
    const thread = await addComment(temp.db, actors.bob, "v", { body: "draft" });
    await addComment(temp.db, actors.alice, "v", { body: "answer", parentId: thread.id });
    await expect(editComment(temp.db, actors.alice, thread.id, "hijack")).rejects.toMatchObject({
      code: "forbidden",
    });
    await expect(deleteComment(temp.db, actors.alice, thread.id)).rejects.toMatchObject({
      code: "forbidden",
    });
    const edited = await editComment(temp.db, actors.bob, thread.id, " final ");
    expect(edited).toMatchObject({ body: "final", editedAt: expect.any(String) });
    expect(await deleteComment(temp.db, actors.bob, thread.id)).toEqual({ id: thread.id, deleted: 2 });
    const left = await listComments(temp.db, actors.alice, "v");
    expect(left.threads.some((t) => t.id === thread.id)).toBe(false);
  });

  it("resolves and reopens: owner, editors, commenters and the author; not a viewer", async () => {
    const thread = await addComment(temp.db, actors.carol, "i", { body: "too dark" });
    const reply = await addComment(temp.db, actors.bob, "i", { body: "agreed", parentId: thread.id });
    await expect(setResolved(temp.db, actors.dave, thread.id, true)).rejects.toMatchObject({
      code: "forbidden",
    });
    // Resolving through a reply resolves its thread.
    const resolved = await setResolved(temp.db, actors.bob, reply.id, true);
    expect(resolved).toMatchObject({ id: thread.id, resolvedBy: "Bob", resolvedAt: expect.any(String) });
    expect(resolved.replies).toHaveLength(1);
    const reopened = await setResolved(temp.db, actors.carol, thread.id, false);
    expect(reopened).toMatchObject({ resolvedAt: null, resolvedBy: null });
  });
});

describe("validation", () => {
  it("names the field and the rule for the body", async () => {
    expect(await issues(addComment(temp.db, actors.alice, "v", { body: "   " }))).toEqual([
      "body: must not be empty",
    ]);
    expect(await issues(addComment(temp.db, actors.alice, "v", { body: "x".repeat(4001) }))).toEqual([
      "body: must be at most 4000 characters",
    ]);
    const long = await addComment(temp.db, actors.alice, "v", { body: "y".repeat(4000) });
    expect(long.body).toHaveLength(4000);
  });

  it("keeps markup as the text it is", async () => {
    const body = '<img src=x onerror="alert(1)"><b>bold</b>';
    const comment = await addComment(temp.db, actors.alice, "v", { body });
    expect(comment.body).toBe(body);
  });

  it("checks shapes: fractions of the frame, a rectangle inside it", async () => {
    const add = (shape: unknown) =>
      issues(
        addComment(temp.db, actors.alice, "i", { body: "s", shape } as Parameters<typeof addComment>[3]),
      );
    expect(await add({ kind: "rect", x: 0.8, y: 0, w: 0.3, h: 0.1 })).toEqual([
      "shape.w: x + w must not pass the frame's right edge (1)",
    ]);
    expect(await add({ kind: "rect", x: 0, y: 0.5, w: 0.1, h: 0.6 })).toEqual([
      "shape.h: y + h must not pass the frame's bottom edge (1)",
    ]);
    expect(await add({ kind: "point", x: 1.2, y: 0.5 })).toEqual([
      "shape.x: must be a number from 0 to 1 (a fraction of the frame)",
    ]);
    expect(await add({ kind: "circle", x: 0.5, y: 0.5 })).toEqual([
      'shape.kind: must be {"kind":"rect",x,y,w,h} or {"kind":"point",x,y}',
    ]);
    const point = await addComment(temp.db, actors.alice, "i", {
      body: "here",
      shape: { kind: "point", x: 1, y: 0 },
    });
    expect(point.shape).toEqual({ kind: "point", x: 1, y: 0 });
  });

  it("checks the moment: 0 or more, within the video, only on a video", async () => {
    const at = (taskId: string, atSeconds: number) =>
      issues(addComment(temp.db, actors.alice, taskId, { body: "t", atSeconds }));
    expect(await at("v", -1)).toEqual(["atSeconds: must be a number of seconds, 0 or more"]);
    expect(await at("v", 4.5)).toEqual(["atSeconds: must not pass the end of the video (4 s)"]);
    expect(await at("i", 1)).toEqual([
      "atSeconds: only a video has a moment; send null or leave it out for an image",
    ]);
    expect((await addComment(temp.db, actors.alice, "v", { body: "end", atSeconds: 4 })).atSeconds).toBe(4);
    // Unknown duration: any moment from 0 on.
    expect(
      (await addComment(temp.db, actors.alice, "outside", { body: "late", atSeconds: 99 })).atSeconds,
    ).toBe(99);
  });

  it("answers 404 for a missing item and for a collection that does not hold it", async () => {
    await expect(addComment(temp.db, actors.alice, "nope", { body: "x" })).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(
      addComment(temp.db, actors.alice, "outside", { body: "x", collectionId: "c" }),
    ).rejects.toMatchObject({ code: "not_found", message: expect.stringMatching(/not in collection c/) });
  });
});

describe("guests", () => {
  it("see only their link's threads, with the studio's replies, marked as guests", async () => {
    const theirs = await addComment(temp.db, actors.guest, "v", {
      body: "from the client",
      atSeconds: 2,
      collectionId: "c",
    });
    expect(theirs).toMatchObject({ author: { kind: "guest", name: "Gina" }, mine: true });
    // The guest's own id never reaches the page: no value of the answer is it (an id made of random
    // letters may hold "g1" somewhere, so the values are compared whole).
    expect(JSON.stringify(theirs)).not.toContain('"g1"');
    await addComment(temp.db, actors.alice, "v", { body: "noted", parentId: theirs.id });
    await addComment(temp.db, actors.guestOtherLink, "v", { body: "other client" });

    const seen = await listComments(temp.db, actors.guest, "v");
    expect(seen.threads.map((t) => t.body)).toEqual(["from the client"]);
    expect(seen.threads[0]!.replies.map((r) => [r.author, r.body])).toEqual([
      [{ kind: "user", name: "Alice" }, "noted"],
    ]);
    const studio = await listComments(temp.db, actors.alice, "v");
    expect(studio.threads.map((t) => t.body)).toEqual(
      expect.arrayContaining(["from the client", "other client"]),
    );
  });

  it("edit and delete their own only (by guest id); other links' comments are 404", async () => {
    const theirs = await addComment(temp.db, actors.guest, "i", { body: "mine" });
    const studio = await addComment(temp.db, actors.alice, "i", { body: "studio thread" });
    await expect(editComment(temp.db, actors.otherGuestSameLink, theirs.id, "x")).rejects.toMatchObject({
      code: "forbidden",
    });
    await expect(editComment(temp.db, actors.guestOtherLink, theirs.id, "x")).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(deleteComment(temp.db, actors.guest, studio.id)).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(
      addComment(temp.db, actors.guest, "i", { body: "r", parentId: studio.id }),
    ).rejects.toMatchObject({
      code: "not_found",
    });
    expect((await editComment(temp.db, actors.guest, theirs.id, "mine, edited")).body).toBe("mine, edited");
    // A guest resolves their own thread, not another guest's on the same link.
    await expect(setResolved(temp.db, actors.otherGuestSameLink, theirs.id, true)).rejects.toMatchObject({
      code: "forbidden",
    });
    expect((await setResolved(temp.db, actors.guest, theirs.id, true)).resolvedBy).toBe("Gina (guest)");
    expect(await deleteComment(temp.db, actors.guest, theirs.id)).toMatchObject({ deleted: 1 });
  });

  it("without comments allowed cannot write, and their name is checked", async () => {
    await expect(addComment(temp.db, actors.readOnlyGuest, "v", { body: "x" })).rejects.toMatchObject({
      code: "forbidden",
      message: "This link does not allow comments.",
    });
    expect((await listComments(temp.db, actors.readOnlyGuest, "v")).canComment).toBe(false);
    const noName = { ...actors.guest, guestName: " " };
    expect(await issues(addComment(temp.db, noName, "v", { body: "x" }))).toEqual([
      "guestName: must not be empty",
    ]);
    const longName = { ...actors.guest, guestName: "n".repeat(61) };
    expect(await issues(addComment(temp.db, longName, "v", { body: "x" }))).toEqual([
      "guestName: must be at most 60 characters",
    ]);
  });
});
