import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { StudioError, type Failure } from "../errors";
import { buildContents, planContents, type PartsAttachment, type PartsTurn } from "./build-parts";
import { INLINE_MAX_FILE_BYTES, INLINE_MAX_REQUEST_BYTES, MB } from "./limits";

let dir: string;
let png: Buffer;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "chat-parts-"));
  png = await sharp({ create: { width: 32, height: 24, channels: 3, background: "#3366ff" } })
    .png()
    .toBuffer();
  await fs.writeFile(path.join(dir, "blue.png"), png);
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

const readFromDir = async (a: PartsAttachment) => fs.readFile(path.join(dir, a.path));

function attachment(id: string, size: number, extra: Partial<PartsAttachment> = {}): PartsAttachment {
  return { id, name: `${id}.mp4`, mimeType: "video/mp4", size, path: `${id}.mp4`, ...extra };
}

const user = (parts: PartsTurn["parts"], attachments: PartsAttachment[] = []): PartsTurn => ({
  role: "user",
  parts,
  attachments,
});
const model = (text: string): PartsTurn => ({ role: "model", parts: [{ text }], attachments: [] });

function thrown(fn: () => unknown): StudioError {
  try {
    fn();
  } catch (error) {
    if (error instanceof StudioError) return error;
    throw error;
  }
  throw new Error("expected a StudioError");
}

describe("buildContents", () => {
  it("sends a small image inline as the base64 of its exact bytes, in part order", async () => {
    const blue: PartsAttachment = {
      id: "a1",
      name: "blue.png",
      mimeType: "image/png",
      size: png.length,
      path: "blue.png",
    };
    const contents = await buildContents(
      [user([{ attachmentId: "a1" }, { text: "What colour is this?" }], [blue])],
      readFromDir,
    );
    expect(contents).toHaveLength(1);
    const [image, text] = contents[0].parts;
    expect(image.inlineData?.mimeType).toBe("image/png");
    expect(Buffer.from(image.inlineData!.data, "base64").equals(png)).toBe(true);
    expect(text).toEqual({ text: "What colour is this?" });
    expect(contents[0].role).toBe("user");
  });

  it("keeps the conversation's turns, skips empty text and merges consecutive turns of one role", async () => {
    const contents = await buildContents(
      [
        user([{ text: "first" }]),
        model(""),
        user([{ text: "second" }]),
        model("answer"),
        user([{ text: "third" }]),
      ],
      readFromDir,
    );
    expect(contents).toEqual([
      { role: "user", parts: [{ text: "first" }, { text: "second" }] },
      { role: "model", parts: [{ text: "answer" }] },
      { role: "user", parts: [{ text: "third" }] },
    ]);
  });

  it("passes a user-given file reference through as fileData", async () => {
    const ref = { fileData: { mimeType: "video/mp4", fileUri: "https://cdn.example.com/clip.mp4" } };
    const contents = await buildContents([user([ref, { text: "describe" }])], readFromDir);
    expect(contents[0].parts[0]).toEqual(ref);
  });

  it("sends a file over the inline limit by its public URL, without reading it", async () => {
    const big = attachment("big", INLINE_MAX_FILE_BYTES + 1, { publicUrl: "https://up.example.com/big.mp4" });
    const read: string[] = [];
    const contents = await buildContents([user([{ attachmentId: "big" }], [big])], async (a) => {
      read.push(a.id);
      return new Uint8Array();
    });
    expect(contents[0].parts[0]).toEqual({
      fileData: { mimeType: "video/mp4", fileUri: "https://up.example.com/big.mp4" },
    });
    expect(read).toEqual([]);
  });

  it("names a missing attachment", () => {
    expect(thrown(() => planContents([user([{ attachmentId: "gone" }])])).message).toContain("gone");
  });
});

describe("size limits, checked before anything is read", () => {
  it("rejects a file over the inline limit that has no public URL, naming the file and the limit", () => {
    const big = attachment("holiday", 8 * MB);
    const error = thrown(() => planContents([user([{ attachmentId: "holiday" }], [big])]));
    expect(error.code).toBe("payload_too_large");
    expect(error.status).toBe(413);
    expect(error.message).toContain('"holiday.mp4" is 8 MB');
    expect(error.message).toContain("7 MB limit");
    expect(error.message).toContain("Attach it by URL instead");
    expect(error.issues[0].path).toBe("attachments.holiday");
  });

  it("replaces such a file of an earlier message by a note, and says so, instead of refusing", () => {
    const big = attachment("holiday", 8 * MB);
    const notices: Failure[] = [];
    const planned = planContents(
      [
        user([{ attachmentId: "holiday" }, { text: "what is this" }], [big]),
        model("a beach"),
        user([{ text: "and now?" }]),
      ],
      notices,
    );
    expect(planned[0].parts).toEqual([
      { text: '[video "holiday.mp4" is no longer available to the model]' },
      { text: "what is this" },
    ]);
    expect(planned.at(-1)?.parts).toEqual([{ text: "and now?" }]);
    expect(notices).toHaveLength(1);
    expect(notices[0].message).toContain('"holiday.mp4" from an earlier message');
    expect(notices[0]).toMatchObject({
      code: "chat_attachment_unavailable",
      params: { name: "holiday.mp4", limit: "7 MB" },
    });
    // The question being sent still refuses it: the user can act on that file now.
    expect(thrown(() => planContents([model("hi"), user([{ attachmentId: "holiday" }], [big])])).status).toBe(
      413,
    );
  });

  it("accepts a file of exactly the inline limit", () => {
    const edge = attachment("edge", INLINE_MAX_FILE_BYTES);
    expect(planContents([user([{ attachmentId: "edge" }], [edge])])[0].parts[0]).toEqual({ inline: edge });
  });

  it("rejects a request whose inline files add up past the per-request limit, history included", () => {
    const a = attachment("a", 5 * MB);
    const b = attachment("b", 5 * MB);
    const c = attachment("c", 5 * MB);
    const turns = [
      user([{ attachmentId: "a" }], [a]),
      model("ok"),
      user([{ attachmentId: "b" }, { attachmentId: "c" }], [b, c]),
    ];
    const error = thrown(() => planContents(turns));
    expect(error.status).toBe(413);
    expect(error.message).toContain("add up to 15 MB");
    expect(error.message).toContain("14 MB limit per request");
    expect(error.message).toContain('"a.mp4" 5 MB');
  });

  it("moves files with a public URL out of the inline total, largest first", () => {
    const a = attachment("a", 6 * MB);
    const b = attachment("b", 6 * MB, { publicUrl: "https://up.example.com/b.mp4" });
    const c = attachment("c", 3 * MB, { publicUrl: "https://up.example.com/c.mp4" });
    const [content] = planContents([
      user([{ attachmentId: "a" }, { attachmentId: "b" }, { attachmentId: "c" }], [a, b, c]),
    ]);
    expect(content.parts).toEqual([
      { inline: a },
      { fileData: { mimeType: "video/mp4", fileUri: "https://up.example.com/b.mp4" } },
      { inline: c },
    ]);
  });

  it("allows exactly the per-request total", () => {
    const a = attachment("a", INLINE_MAX_REQUEST_BYTES / 2);
    const b = attachment("b", INLINE_MAX_REQUEST_BYTES / 2);
    expect(() => planContents([user([{ attachmentId: "a" }, { attachmentId: "b" }], [a, b])])).not.toThrow();
  });
});
