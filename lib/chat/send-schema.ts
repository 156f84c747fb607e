/** Bodies of the chat's send, edit and attach calls; shared by the composer and the routes. */
import { z } from "zod";
import { MAX_ATTACHMENTS_PER_MESSAGE } from "./limits";

const MESSAGE_TEXT_MAX = 200_000;

export const fileRefSchema = z.object({
  mimeType: z.string().regex(/^(image|video)\/[\w.+-]+$/i, { error: "must be an image/* or video/* type" }),
  fileUri: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }),
});

export const sendMessageSchema = z
  .object({
    text: z
      .string()
      .max(MESSAGE_TEXT_MAX, { error: `must be at most ${MESSAGE_TEXT_MAX} characters` })
      .default(""),
    attachmentIds: z.array(z.string().min(1)).default([]),
    fileRefs: z.array(fileRefSchema).default([]),
    /**
     * The question whose answer failed outright and whose draft the composer brought back: that
     * exchange is replaced by this message (lib/chat/failed-exchange.ts). Without it nothing is dropped.
     */
    replaceFailed: z.string().min(1).optional(),
  })
  .refine((body) => body.attachmentIds.length + body.fileRefs.length <= MAX_ATTACHMENTS_PER_MESSAGE, {
    error: `at most ${MAX_ATTACHMENTS_PER_MESSAGE} attachments per message`,
    path: ["attachmentIds"],
  })
  .refine((body) => body.text.trim() || body.attachmentIds.length || body.fileRefs.length, {
    error: "write a message or attach an image or video",
    path: ["text"],
  });

export const editMessageSchema = z.object({
  text: z
    .string()
    .max(MESSAGE_TEXT_MAX, { error: `must be at most ${MESSAGE_TEXT_MAX} characters` })
    .refine((t) => t.trim().length > 0, { error: "must not be empty" }),
});

export type SendMessageInput = z.infer<typeof sendMessageSchema>;

/** POST /api/chat/attachments/from-gallery: a stored gallery file taken over as an attachment. */
export const attachFromGallerySchema = z.object({
  mediaId: z.string({ error: "is required" }).min(1, { error: "is required" }),
});
