import { createHash } from "node:crypto";
import path from "node:path";
import type { Viewer } from "../../auth/scope";
import { saveUploadedAttachment } from "../../chat/attachments";
import type { Db } from "../../db-client";
import { storePreviewFile } from "../../assets/preview";
import { writeMediaFile } from "../../storage/files";
import { createThumbnail } from "../../storage/thumbnails";
import { seedTask } from "../../tasks/testing/task-fixtures";
import { makeMp4, makePng, makeWav } from "../../testing/media-fixtures";
import { saveMediaUpload } from "../../uploads/media-uploads";

const sha = (text: string) => createHash("sha256").update(text).digest("hex");
const once = (bytes: Uint8Array) =>
  (async function* () {
    yield bytes;
  })();

/**
 * A small but complete studio in `db` and MEDIA_DIR (which env() must already name): at least one
 * row of every model, and every kind of stored file, written through the studio's own code where it
 * has one (thumbnails, chat attachments, form uploads, asset previews).
 */
export async function seedStudio(db: Db, scratch: string) {
  const at = (minutes: number) => new Date(Date.UTC(2026, 10, 20, 12, minutes));
  const admin = await db.user.create({
    data: { name: "Ada", email: "ada@example.com", role: "admin", emailVerified: true, createdAt: at(0) },
  });
  const member = await db.user.create({ data: { name: "Bo", email: "bo@example.com", createdAt: at(1) } });
  const viewer: Viewer = { id: admin.id, role: "admin", via: "session" };
  await db.account.create({
    data: { accountId: admin.id, providerId: "credential", userId: admin.id, password: "salt:hash" },
  });
  await db.session.create({
    data: { token: "session-token", userId: member.id, expiresAt: at(600), ipAddress: "127.0.0.1" },
  });
  await db.verification.create({ data: { identifier: "reset:bo", value: "v", expiresAt: at(30) } });
  await db.apiToken.create({
    data: { userId: admin.id, name: "ci", start: "mst_ab", tokenHash: sha("token"), lastUsedAt: at(5) },
  });
  await db.budget.create({ data: { userId: member.id, daily: 12.5, monthly: null, dailyTokens: 50_000 } });
  await db.loginThrottle.create({
    data: { key: "email:bo@example.com", attempts: 2, resetAt: 1_795_000_000_123n },
  });
  await db.auditEntry.create({
    data: {
      at: at(2),
      action: "user.create",
      actorId: admin.id,
      actorEmail: admin.email,
      address: "192.0.2.1",
      targetType: "user",
      targetId: member.id,
      targetLabel: member.email,
      detail: JSON.stringify({ role: "member" }),
    },
  });
  await db.studioSetting.create({ data: { key: "auth.secret", value: "s".repeat(40) } });
  await db.submitRateWindow.create({ data: { key: member.id, points: 3, resetAt: 1_795_000_060_000n } });
  await db.upstreamBackoff.create({
    data: { key: "tasks", pausedUntil: 1n, floor: 0.25, inARow: 1, status: 429, at: 2n },
  });
  await db.budgetAdmission.create({ data: { spender: member.id, at: 1_795_000_000_000n } });
  await db.batchSendPace.create({ data: { key: "runner", nextSendAt: 1_795_000_000_500n } });
  await db.budgetReservation.create({
    data: { id: "reservation-1", spender: member.id, credits: 1.5, expiresAt: 1_795_000_900_000n },
  });
  await db.textUsage.create({
    data: {
      spender: member.id,
      source: "api",
      model: "sd2_disc_nvid",
      promptTokens: 120,
      candidatesTokens: 480,
      totalTokens: 600,
      credits: 0.25,
      status: "complete",
      createdAt: at(4),
    },
  });

  const batch = await db.batch.create({
    data: { title: "foxes", plan: '{"models":["sd_2.5_ORelay"]}', intervalMs: 500, userId: member.id },
  });
  const item = await db.batchItem.create({
    data: { batchId: batch.id, index: 0, model: "sd_2.5_ORelay", variation: 1, body: "{}", state: "sent" },
  });
  await db.batchItem.create({
    data: {
      batchId: batch.id,
      index: 1,
      model: "sd_2.5_ORelay",
      variation: 2,
      body: "{}",
      state: "rejected",
      error: "422",
    },
  });

  // Results: an image and a video, each stored with its thumbnail or poster frame.
  const results = [
    { id: "task-image", kind: "image", ext: "png", make: (f: string) => makePng(f, { label: "fox" }) },
    { id: "task-video", kind: "video", ext: "mp4", make: async (f: string) => makeMp4(f, { seconds: 1 }) },
  ];
  for (const [i, result] of results.entries()) {
    await seedTask(db, {
      id: result.id,
      kind: result.kind,
      status: "completed",
      prompt: `a fox in the snow, take ${i + 1}`,
      submittedAt: at(10 + i),
      finishedAt: at(11 + i),
      settledAt: at(11 + i),
      mediaState: "stored",
      amount: 2.5,
      userId: i === 0 ? admin.id : member.id,
      favorite: i === 0,
      rating: i === 0 ? 5 : 3,
      notes: i === 0 ? "keeper" : "",
      batchId: i === 0 ? batch.id : null,
      batchItemId: i === 0 ? item.id : null,
    });
    const bytes = await result.make(path.join(scratch, `result.${result.ext}`));
    const key = `tasks/${result.id}/result.${result.ext}`;
    const written = await writeMediaFile(key, once(bytes));
    const media = await db.media.create({
      data: {
        taskId: result.id,
        role: "result",
        fields: "result_url",
        sourceUrl: `https://cdn.example.com/${result.id}.${result.ext}?Expires=1795000000`,
        status: "stored",
        path: key,
        contentType: written.contentType,
        size: written.size,
        sha256: written.sha256,
        storedAt: at(12 + i),
      },
    });
    await createThumbnail(db, media.id);
  }
  await seedTask(db, {
    id: "task-failed",
    status: "failed",
    error: "The prompt was refused.",
    submittedAt: at(20),
    finishedAt: at(21),
    settledAt: at(21),
    userId: admin.id,
  });
  await seedTask(db, { id: "task-queued", submittedAt: at(22), userId: member.id, progress: 0.4 });
  for (const name of ["fox", "snow"]) {
    const tag = await db.tag.create({ data: { name } });
    await db.taskTag.create({ data: { taskId: "task-image", tagId: tag.id } });
  }

  // Review: a collection shared with the member, a link, a thread with a reply, an approval.
  const collection = await db.collection.create({
    data: { name: "Selects", userId: admin.id, coverTaskId: "task-video", createdAt: at(23) },
  });
  await db.collectionItem.createMany({
    data: [
      {
        collectionId: collection.id,
        taskId: "task-video",
        position: 1,
        approval: "approved",
        approvalBy: "Ada",
      },
      { collectionId: collection.id, taskId: "task-image", position: 2 },
    ],
  });
  await db.collectionMember.create({
    data: { collectionId: collection.id, userId: member.id, role: "commenter" },
  });
  const link = await db.shareLink.create({
    data: { tokenHash: "h".repeat(64), token: "t".repeat(43), collectionId: collection.id, userId: admin.id },
  });
  const thread = await db.comment.create({
    data: {
      taskId: "task-video",
      collectionId: collection.id,
      shareLinkId: link.id,
      guestName: "Client",
      guestId: "guest-1",
      body: "the hand at 0:00.5",
      atSeconds: 0.5,
      shape: JSON.stringify({ kind: "rect", x: 0.1, y: 0.2, w: 0.3, h: 0.3 }),
      createdAt: at(24),
    },
  });
  await db.comment.create({
    data: {
      taskId: "task-video",
      parentId: thread.id,
      shareLinkId: link.id,
      authorId: admin.id,
      body: "fixed",
    },
  });
  // Sequences and webhooks: a two-shot sequence with an assembly, an endpoint with a delivery and its log.
  const sequence = await db.sequence.create({ data: { name: "Fox film", userId: member.id, state: "done" } });
  await db.sequenceShot.createMany({
    data: [
      {
        sequenceId: sequence.id,
        position: 1,
        model: "sd_2.5_ORelay",
        body: "{}",
        pickedTaskId: "task-video",
      },
      {
        sequenceId: sequence.id,
        position: 2,
        model: "sd_2.5_ORelay",
        body: "{}",
        chained: true,
        trimOut: 0.8,
      },
    ],
  });
  await db.assembly.create({
    data: { sequenceId: sequence.id, userId: member.id, edit: "{}", state: "done" },
  });
  const endpoint = await db.webhookEndpoint.create({
    data: {
      userId: member.id,
      url: "https://hooks.example.com/in",
      secret: "whsec_c2VjcmV0",
      events: "task.stored",
    },
  });
  const delivery = await db.webhookDelivery.create({
    data: { id: "msg_1", endpointId: endpoint.id, event: "task.stored", payload: "{}", state: "delivered" },
  });
  await db.webhookAttempt.create({ data: { deliveryId: delivery.id, status: 200, latencyMs: 12 } });
  // What the vision model saw (issue 25); PostgreSQL's trigger makes its search row on the copy.
  await db.taskDescription.create({
    data: {
      taskId: "task-video",
      status: "done",
      caption: "A test pattern of colour bars.",
      tags: JSON.stringify(["test pattern"]),
      model: "llm-2.5-flash-lite",
      tokens: 300,
    },
  });
  await db.approvalEvent.create({
    data: { collectionId: collection.id, taskId: "task-video", status: "approved", actorId: admin.id },
  });

  // Chat: a conversation whose first message carries an uploaded image.
  const attachment = await saveUploadedAttachment(
    db,
    viewer,
    once(await makePng(path.join(scratch, "attach.png"), { width: 320, height: 200, label: "ref" })),
    { name: "ref.png" },
  );
  await db.conversation.create({
    data: {
      title: "Foxes",
      model: "gemini-2.5-flash",
      userId: admin.id,
      answerLeaseUntil: 1_795_000_000_000n,
      messages: {
        create: [
          { role: "user", parts: JSON.stringify([{ text: "what is this?" }]), createdAt: at(30) },
          {
            role: "model",
            parts: JSON.stringify([{ text: "a fox" }]),
            totalTokenCount: 42,
            createdAt: at(31),
          },
        ],
      },
    },
  });
  const question = await db.message.findFirstOrThrow({ where: { role: "user" } });
  await db.attachment.update({ where: { id: attachment.id }, data: { messageId: question.id } });

  // A form upload and an asset with its preview.
  await saveMediaUpload(db, viewer, once(makeWav(path.join(scratch, "voice.wav"), { seconds: 1 })), {
    name: "voice.wav",
    maxBytes: 10 * 1024 * 1024,
  });
  const preview = await storePreviewFile(
    once(await makePng(path.join(scratch, "asset.png"), { width: 256, height: 256, label: "logo" })),
    "image",
    { name: "logo.png", field: "file" },
  );
  await db.asset.create({
    data: {
      assetId: "asset-123",
      label: "Logo",
      kind: "image",
      origin: "uploaded",
      userId: admin.id,
      ...preview,
    },
  });
  return { admin, member, viewer };
}
