/**
 * Stored messages -> the native API's `contents`. Text stays text; an attachment goes inline
 * (`inlineData { mimeType, data: base64 }`) when it fits the limits, otherwise by reference
 * (`fileData { mimeType, fileUri }`) when it has a public URL. The limits are checked on sizes
 * alone, before any file is read or anything is sent; a breach names the file and the limit.
 */
import { StudioError, type Failure } from "../errors";
import { INLINE_MAX_FILE_BYTES, INLINE_MAX_REQUEST_BYTES, formatOver } from "./limits";
import type { NativeContent, NativePart } from "../upstream/native-schema";
import type { StoredPart } from "./types";
import { formatBytes } from "../format/bytes";

export type PartsAttachment = {
  id: string;
  name: string;
  mimeType: string;
  size: number;
  /** The stored bytes' key in the media store (a MEDIA_DIR-relative path). */
  path: string;
  /** A URL the upstream can fetch (a gallery item's still-valid upstream URL), if any. */
  publicUrl?: string | null;
};

export type PartsTurn = { role: "user" | "model"; parts: StoredPart[]; attachments: PartsAttachment[] };

export type PlannedPart =
  { text: string } | { inline: PartsAttachment } | { fileData: { mimeType: string; fileUri: string } };

export type PlannedContent = { role: "user" | "model"; parts: PlannedPart[] };

const label = (a: PartsAttachment) => `"${a.name || a.id}"`;

function tooLarge(message: string, attachment?: PartsAttachment): StudioError {
  return new StudioError("payload_too_large", message, {
    issues: [{ path: attachment ? `attachments.${attachment.id}` : "attachments", message }],
  });
}

/** What the model is told in place of an earlier file it can no longer be sent (model input: English). */
function unavailableText(attachment: PartsAttachment): string {
  const kind = attachment.mimeType.toLowerCase().startsWith("video/") ? "video" : "image";
  return `[${kind} ${label(attachment)} is no longer available to the model]`;
}

/** What the user is told about that file (messages failures.chat_attachment_unavailable). */
function unavailableNotice(attachment: PartsAttachment): Failure {
  const limit = formatBytes(INLINE_MAX_FILE_BYTES);
  return {
    code: "chat_attachment_unavailable",
    message:
      `${label(attachment)} from an earlier message is over the ${limit} inline limit ` +
      `and has no public URL any more (gallery URLs expire), so the model no longer sees it. ` +
      `Attach it again by URL to ask about it.`,
    params: { name: attachment.name || attachment.id, limit },
  };
}

/**
 * Decides inline or by-reference for every attachment; throws before anything is read. A file of
 * the question being sent that cannot go either way is refused; one of an earlier message (its
 * public URL has expired since) is replaced by a short text saying so, with a coded notice in
 * `notices` for the user, so one stale file does not make the whole conversation unanswerable.
 */
export function planContents(turns: PartsTurn[], notices: Failure[] = []): PlannedContent[] {
  const planned: PlannedContent[] = [];
  const inline: PartsAttachment[] = [];
  const byReference = new Set<PartsAttachment>();
  const current = turns.at(-1);

  for (const turn of turns) {
    const parts: PlannedPart[] = [];
    for (const part of turn.parts) {
      if ("text" in part) {
        if (part.text) parts.push({ text: part.text });
      } else if ("fileData" in part) {
        parts.push({ fileData: part.fileData });
      } else {
        const attachment = turn.attachments.find((a) => a.id === part.attachmentId);
        if (!attachment) {
          throw new StudioError(
            "not_found",
            `Attachment ${part.attachmentId} of an earlier message is missing.`,
          );
        }
        if (attachment.size > INLINE_MAX_FILE_BYTES) {
          if (!attachment.publicUrl && turn !== current) {
            parts.push({ text: unavailableText(attachment) });
            notices.push(unavailableNotice(attachment));
            continue;
          }
          if (!attachment.publicUrl) {
            throw tooLarge(
              `${label(attachment)} is ${formatOver(attachment.size, INLINE_MAX_FILE_BYTES)}, over the ${formatBytes(INLINE_MAX_FILE_BYTES)} ` +
                `limit for a file sent inline, and it has no public URL to send by reference. ` +
                `Attach it by URL instead ("By URL", if it is online) or use a smaller file.`,
              attachment,
            );
          }
          byReference.add(attachment);
        } else {
          inline.push(attachment);
        }
        parts.push({ inline: attachment });
      }
    }
    if (parts.length === 0) continue;
    const previous = planned.at(-1);
    // Consecutive turns of one role (e.g. a question whose answer failed) merge into one content.
    if (previous?.role === turn.role) previous.parts.push(...parts);
    else planned.push({ role: turn.role, parts });
  }

  // Over the per-request total, files that have a public URL go by reference, largest first.
  let total = inline.reduce((sum, a) => sum + a.size, 0);
  for (const a of [...inline].sort((x, y) => y.size - x.size)) {
    if (total <= INLINE_MAX_REQUEST_BYTES) break;
    if (!a.publicUrl) continue;
    byReference.add(a);
    total -= a.size;
  }
  if (total > INLINE_MAX_REQUEST_BYTES) {
    const largest = inline
      .filter((a) => !byReference.has(a))
      .sort((x, y) => y.size - x.size)
      .slice(0, 3)
      .map((a) => `${label(a)} ${formatBytes(a.size)}`);
    throw tooLarge(
      `The attachments of this request add up to ${formatOver(total, INLINE_MAX_REQUEST_BYTES)} sent inline, over the ` +
        `${formatBytes(INLINE_MAX_REQUEST_BYTES)} limit per request (largest: ${largest.join(", ")}). ` +
        `Earlier messages are sent again with every question: start a new conversation or attach fewer files.`,
    );
  }

  for (const content of planned) {
    content.parts = content.parts.map((p) =>
      "inline" in p && byReference.has(p.inline)
        ? { fileData: { mimeType: p.inline.mimeType, fileUri: p.inline.publicUrl as string } }
        : p,
    );
  }
  return planned;
}

/** Reads the inline files (base64) once the plan has passed the limits. */
async function materializeContents(
  planned: PlannedContent[],
  readFile: (attachment: PartsAttachment) => Promise<Uint8Array>,
): Promise<NativeContent[]> {
  const contents: NativeContent[] = [];
  for (const content of planned) {
    const parts: NativePart[] = [];
    for (const part of content.parts) {
      if ("inline" in part) {
        const bytes = await readFile(part.inline);
        parts.push({
          inlineData: { mimeType: part.inline.mimeType, data: Buffer.from(bytes).toString("base64") },
        });
      } else {
        parts.push(part);
      }
    }
    contents.push({ role: content.role, parts });
  }
  return contents;
}

export async function buildContents(
  turns: PartsTurn[],
  readFile: (attachment: PartsAttachment) => Promise<Uint8Array>,
  notices: Failure[] = [],
): Promise<NativeContent[]> {
  return materializeContents(planContents(turns, notices), readFile);
}
