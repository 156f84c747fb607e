// A conversation whose earlier gallery video can no longer be sent (over the inline limit, its
// upstream URL gone): the next question is still answered, the model is told the file is gone, and
// the user is told too. With PUBLIC_BASE_URL the studio's own copy is sent by reference instead.
import { LOCAL_USER } from "../auth/local-user";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildGenerateRequest } from "./build-request";
import { createConversation, getConversationDetail } from "./conversations";
import { MB } from "./limits";
import { sendMessage } from "./send";
import { sendMessageSchema } from "./send-schema";
import { collectEvents, doneOf, startChatFixture, type ChatFixture } from "./testing/chat-fixture";
import { chineseNotices } from "./testing/in-chinese";

let f: ChatFixture;
beforeAll(async () => {
  f = await startChatFixture();
});
afterAll(() => f.close());

/** A conversation whose first question carried an 8 MB gallery video whose media row is gone. */
async function conversationWithStaleVideo() {
  const c = await createConversation(f.db, LOCAL_USER);
  const question = await f.db.message.create({
    data: { conversationId: c.id, role: "user", parts: "[]", createdAt: new Date(Date.now() - 2000) },
  });
  fs.mkdirSync(path.join(f.mediaDir, "chat"), { recursive: true });
  fs.writeFileSync(path.join(f.mediaDir, "chat", `${c.id}.mp4`), "not read");
  const video = await f.db.attachment.create({
    data: {
      messageId: question.id,
      kind: "video",
      mimeType: "video/mp4",
      size: 8 * MB,
      sha256: "x",
      path: `chat/${c.id}.mp4`,
      originalName: "x.mp4",
      sourceMediaId: "deleted-gallery-item",
    },
  });
  await f.db.message.update({
    where: { id: question.id },
    data: { parts: JSON.stringify([{ attachmentId: video.id }, { text: "what happens here?" }]) },
  });
  await f.db.message.create({
    data: {
      conversationId: c.id,
      role: "model",
      parts: JSON.stringify([{ text: "A cat jumps." }]),
      createdAt: new Date(Date.now() - 1000),
    },
  });
  return { conversation: c, video };
}

describe("an earlier file that can no longer be sent", () => {
  it("is replaced by a note to the model, and the answer tells the user", async () => {
    const { conversation } = await conversationWithStaleVideo();
    const done = doneOf(
      await collectEvents(
        await sendMessage(f.db, LOCAL_USER, conversation.id, sendMessageSchema.parse({ text: "and then?" }), {
          config: f.config,
        }),
      ),
    );
    expect(done.message.status).toBe("complete");
    const sent = f.sandbox.log.list().at(-1)!.body as { contents: { parts: unknown[] }[] };
    expect(sent.contents[0].parts).toEqual([
      { text: '[video "x.mp4" is no longer available to the model]' },
      { text: "what happens here?" },
    ]);
    expect(done.message.notices).toHaveLength(1);
    expect(done.message.notices[0]).toContain('"x.mp4" from an earlier message');
    expect(done.message.noticeCodes).toEqual(["chat_attachment_unavailable"]);
    expect(done.message.noticeParams).toEqual([{ name: "x.mp4", limit: "7 MB" }]);
    expect(chineseNotices(done.message)).toEqual([
      "较早消息中的“x.mp4”超过了 7 MB 的内联上限，且已没有公开链接（图库链接会过期），模型已看不到它。如需询问它，请通过链接重新附加。",
    ]);
    expect(done.message.error).toBeNull();
    const stored = (await getConversationDetail(f.db, LOCAL_USER, conversation.id)).messages.at(-1)!;
    expect(stored.notices).toEqual(done.message.notices);
    expect(stored.noticeCodes).toEqual(done.message.noticeCodes);
    expect(stored.noticeParams).toEqual(done.message.noticeParams);
    expect(stored.error).toBeNull();
    // The column keeps the English strings where readers of its older shape look for them.
    const row = await f.db.message.findUniqueOrThrow({ where: { id: stored.id } });
    expect(JSON.parse(row.error!)).toMatchObject({ notices: done.message.notices });
  });

  it("goes by reference at the studio's own URL when PUBLIC_BASE_URL is set", async () => {
    const { video } = await conversationWithStaleVideo();
    const thread = await f.db.message.findMany({
      where: { attachments: { some: { id: video.id } } },
      include: { attachments: true },
    });
    const { request, notices } = await buildGenerateRequest(
      f.db,
      { systemInstruction: "", generationConfig: {} },
      [
        {
          role: "user",
          status: "complete",
          parts: JSON.parse(thread[0].parts),
          attachments: thread[0].attachments,
        },
        { role: "user", status: "complete", parts: [{ text: "and then?" }], attachments: [] },
      ],
      { publicBaseUrl: "https://studio.example.com" },
    );
    expect(notices).toEqual([]);
    expect(request.contents[0].parts[0]).toEqual({
      fileData: {
        mimeType: "video/mp4",
        fileUri: `https://studio.example.com/api/chat/attachments/${video.id}`,
      },
    });
  });
});
