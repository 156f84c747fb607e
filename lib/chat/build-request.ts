/**
 * A conversation's stored thread -> the native request body: history as contents (answers that
 * failed are left out; partial ones the user saw are kept), the system instruction and the
 * conversation's generationConfig.
 */
import { upstreamFileLinks } from "../auth/file-links";
import type { Failure } from "../errors";
import type { Db } from "../db";
import { env } from "../env";
import { readMediaFile } from "../storage/files";
import { buildContents, type PartsAttachment, type PartsTurn } from "./build-parts";
import { INLINE_MAX_FILE_BYTES, INLINE_MAX_REQUEST_BYTES } from "./limits";
import type { GenerateContentRequest } from "../upstream/native-schema";
import { liveSourceUrls } from "./public-urls";
import type { GenerationSettings, StoredPart } from "./types";
import { attachmentUrl } from "./views";

export type HistoryMessage = {
  role: string;
  status: string;
  parts: StoredPart[];
  attachments: {
    id: string;
    originalName: string;
    mimeType: string;
    size: number;
    path: string;
    sourceMediaId: string | null;
  }[];
};

const SENT_AGAIN = new Set(["complete", "stopped", "interrupted"]);

export type BuiltRequest = {
  request: GenerateContentRequest;
  /** For the user: earlier files the model can no longer be sent (see planContents), coded. */
  notices: Failure[];
};

/**
 * `publicBaseUrl` (PUBLIC_BASE_URL, env() by default): where the upstream can fetch this studio's
 * stored attachments. When set, any stored file can go by reference at the URL the studio serves it
 * at (signed with accounts on); otherwise only a gallery pick can, at its upstream URL while that
 * still answers.
 */
export async function buildGenerateRequest(
  db: Db,
  settings: { systemInstruction: string; generationConfig: GenerationSettings },
  history: HistoryMessage[],
  options: { publicBaseUrl?: string | null } = {},
): Promise<BuiltRequest> {
  const publicBaseUrl = options.publicBaseUrl === undefined ? env().publicBaseUrl : options.publicBaseUrl;
  const kept = history.filter((m) => m.role === "user" || SENT_AGAIN.has(m.status));
  const all = kept.flatMap((m) => m.attachments);
  const total = all.reduce((sum, a) => sum + a.size, 0);
  // Upstream URLs are only checked when some file cannot go inline: it costs a request each.
  const needUrls = publicBaseUrl
    ? []
    : all.filter(
        (a) => a.sourceMediaId && (a.size > INLINE_MAX_FILE_BYTES || total > INLINE_MAX_REQUEST_BYTES),
      );
  const urls = await liveSourceUrls(
    db,
    needUrls.map((a) => a.sourceMediaId as string),
  );
  const fileLink = publicBaseUrl ? await upstreamFileLinks() : undefined;
  const publicUrlOf = (a: HistoryMessage["attachments"][number]) =>
    publicBaseUrl && fileLink
      ? `${publicBaseUrl}${fileLink(attachmentUrl(a.id))}`
      : a.sourceMediaId
        ? urls.get(a.sourceMediaId)
        : undefined;

  const turns: PartsTurn[] = kept.map((m) => ({
    role: m.role === "model" ? "model" : "user",
    parts: m.parts,
    attachments: m.attachments.map((a): PartsAttachment => ({
      id: a.id,
      name: a.originalName,
      mimeType: a.mimeType,
      size: a.size,
      path: a.path,
      publicUrl: publicUrlOf(a),
    })),
  }));
  const notices: Failure[] = [];
  const contents = await buildContents(turns, (a) => readMediaFile(a.path), notices);
  const config = Object.fromEntries(
    Object.entries(settings.generationConfig).filter(([, v]) => v !== undefined && v !== null),
  );
  const request: GenerateContentRequest = {
    contents,
    ...(settings.systemInstruction.trim()
      ? { systemInstruction: { parts: [{ text: settings.systemInstruction }] } }
      : {}),
    ...(Object.keys(config).length ? { generationConfig: config } : {}),
  };
  return { request, notices };
}
