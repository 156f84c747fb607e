// Attachments on real files: uploads checked by their bytes, gallery items taken over, and the
// bytes the upstream finally receives.
import { LOCAL_USER } from "../auth/local-user";
import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { StudioError } from "../errors";
import {
  attachFromGallery,
  deleteUnsentAttachment,
  saveUploadedAttachment,
  sweepUnsentAttachments,
} from "./attachments";
import { createConversation, deleteConversation, getConversationDetail } from "./conversations";
import { INLINE_MAX_FILE_BYTES } from "./limits";
import { sendMessage } from "./send";
import { sendMessageSchema } from "./send-schema";
import {
  bytesStream,
  collectEvents,
  doneOf,
  startChatFixture,
  type ChatFixture,
} from "./testing/chat-fixture";

let f: ChatFixture;
let png: Buffer;
beforeAll(async () => {
  f = await startChatFixture();
  png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#22aa55" } })
    .png()
    .toBuffer();
});
afterAll(() => f.close());

const chatFiles = async () =>
  (await fs.readdir(path.join(f.mediaDir, "chat")).catch(() => [])).filter((n) => !n.startsWith("."));

async function rejected(promise: Promise<unknown>): Promise<StudioError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(StudioError);
  return error as StudioError;
}

describe("uploads", () => {
  it("stores the bytes, sniffs the type and sends them inline with the message", async () => {
    // Declared as JPEG: the bytes say PNG, and the bytes win.
    const att = await saveUploadedAttachment(f.db, LOCAL_USER, bytesStream(png), {
      name: "leaf.jpg",
      declaredType: "image/jpeg",
    });
    expect(att).toMatchObject({ kind: "image", mimeType: "image/png", size: png.length, name: "leaf.jpg" });
    const stored = await f.db.attachment.findUniqueOrThrow({ where: { id: att.id } });
    expect((await fs.readFile(path.join(f.mediaDir, stored.path))).equals(png)).toBe(true);

    const c = await createConversation(f.db, LOCAL_USER);
    const events = await collectEvents(
      await sendMessage(
        f.db,
        LOCAL_USER,
        c.id,
        sendMessageSchema.parse({ text: "What is this?", attachmentIds: [att.id] }),
        {
          config: f.config,
        },
      ),
    );
    const done = doneOf(events);
    expect(done.message.text).toContain(`Attachment 1: image/png, 40×30 px, ${png.length} bytes (inline)`);

    const sent = f.sandbox.log.list().at(-1)!.body as {
      contents: { parts: { inlineData?: { mimeType: string; data: string }; text?: string }[] }[];
    };
    const [image, text] = sent.contents[0].parts;
    expect(image.inlineData?.mimeType).toBe("image/png");
    expect(Buffer.from(image.inlineData!.data, "base64").equals(png)).toBe(true);
    expect(text.text).toBe("What is this?");

    const detail = await getConversationDetail(f.db, LOCAL_USER, c.id);
    expect(detail.messages[0].attachments.map((a) => a.id)).toEqual([att.id]);
    expect(detail.messages[0].parts).toEqual([{ attachmentId: att.id }, { text: "What is this?" }]);
    expect(detail.title).toBe("What is this?");

    // Deleting the conversation deletes the file.
    await deleteConversation(f.db, LOCAL_USER, c.id);
    await expect(fs.stat(path.join(f.mediaDir, stored.path))).rejects.toThrow();
  });

  it("refuses text, SVG and empty files by their content, leaving no file behind", async () => {
    const before = await chatFiles();
    const text = await rejected(
      saveUploadedAttachment(f.db, LOCAL_USER, bytesStream(new TextEncoder().encode("just some notes")), {
        name: "notes.png",
        declaredType: "image/png",
      }),
    );
    expect(text.status).toBe(415);
    expect(text.message).toContain('"notes.png" is text/plain');
    const svg = await rejected(
      saveUploadedAttachment(
        f.db,
        LOCAL_USER,
        bytesStream(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>')),
        {
          name: "logo.svg",
        },
      ),
    );
    expect(svg.message).toContain("image/svg+xml");
    const empty = await rejected(
      saveUploadedAttachment(f.db, LOCAL_USER, bytesStream(new Uint8Array()), { name: "zero.png" }),
    );
    expect(empty.message).toContain('"zero.png" is empty');
    expect(await chatFiles()).toEqual(before);
  });

  it("refuses a file over the inline limit, by its header and by its bytes, naming it", async () => {
    const declared = await rejected(
      saveUploadedAttachment(f.db, LOCAL_USER, bytesStream(png), {
        name: "huge.mp4",
        contentLength: INLINE_MAX_FILE_BYTES + 1,
      }),
    );
    expect(declared.status).toBe(413);
    expect(declared.message).toContain('"huge.mp4" is larger than 7 MB');

    const before = await chatFiles();
    const big = new Uint8Array(INLINE_MAX_FILE_BYTES + 10);
    big.set(png);
    const streamed = await rejected(
      saveUploadedAttachment(f.db, LOCAL_USER, bytesStream(big), { name: "huge.png" }),
    );
    expect(streamed.status).toBe(413);
    expect(streamed.message).toContain('"huge.png"');
    expect(await chatFiles()).toEqual(before);
  });

  it("deletes an unsent attachment, refuses to delete a sent one, and sweeps stale drafts", async () => {
    const a = await saveUploadedAttachment(f.db, LOCAL_USER, bytesStream(png), { name: "a.png" });
    await deleteUnsentAttachment(f.db, LOCAL_USER, a.id);
    expect(await f.db.attachment.findUnique({ where: { id: a.id } })).toBeNull();

    const b = await saveUploadedAttachment(f.db, LOCAL_USER, bytesStream(png), { name: "b.png" });
    expect(await sweepUnsentAttachments(f.db, Date.now())).toBe(0);
    expect(await sweepUnsentAttachments(f.db, Date.now() + 25 * 3600 * 1000)).toBeGreaterThanOrEqual(1);
    expect(await f.db.attachment.findUnique({ where: { id: b.id } })).toBeNull();
  });
});

describe("gallery items", () => {
  async function seedGalleryImage(status = "stored") {
    const rel = `tasks/t-${Date.now()}/result.png`;
    await fs.mkdir(path.dirname(path.join(f.mediaDir, rel)), { recursive: true });
    await fs.writeFile(path.join(f.mediaDir, rel), png);
    const task = await f.db.task.create({
      data: {
        id: `task-${Math.random().toString(36).slice(2)}`,
        model: "vendors_5.0Pro",
        kind: "image",
        status: "completed",
        prompt: "A green square on a plain background",
        request: "{}",
      },
    });
    return f.db.media.create({
      data: {
        taskId: task.id,
        role: "result",
        fields: "image_url",
        sourceUrl: "https://expired.invalid/result.png",
        status,
        path: rel,
        contentType: "image/png",
        size: png.length,
        sha256: "abc",
      },
    });
  }

  it("takes over a stored gallery image with its own copy of the bytes", async () => {
    const media = await seedGalleryImage();
    const att = await attachFromGallery(f.db, LOCAL_USER, media.id);
    expect(att).toMatchObject({
      kind: "image",
      mimeType: "image/png",
      sourceMediaId: media.id,
      size: png.length,
    });
    expect(att.name).toBe("A green square on a plain background.png");
    const row = await f.db.attachment.findUniqueOrThrow({ where: { id: att.id } });
    // The gallery file may be deleted later: the attachment keeps its bytes.
    await fs.rm(path.join(f.mediaDir, media.path!));
    expect((await fs.readFile(path.join(f.mediaDir, row.path))).equals(png)).toBe(true);
  });

  it("refuses an item that is not stored yet, and one that does not exist", async () => {
    const pending = await seedGalleryImage("pending");
    expect((await rejected(attachFromGallery(f.db, LOCAL_USER, pending.id))).message).toContain(
      "not stored yet",
    );
    expect((await rejected(attachFromGallery(f.db, LOCAL_USER, "nope"))).status).toBe(404);
  });
});
