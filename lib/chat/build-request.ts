/**
 * A conversation's stored thread -> the native request body: history as contents (answers that
 * failed are left out; partial ones the user saw are kept), the system instruction and the
 * conversation's generationConfig.
 */
import fs from "node:fs/promises";
import type { Db } from "../db";
import { resolveMediaPath } from "../storage/files";
import { buildContents, type PartsAttachment, type PartsTurn } from "./build-parts";
import { INLINE_MAX_FILE_BYTES, INLINE_MAX_REQUEST_BYTES } from "./limits";
import type { GenerateContentRequest } from "./native-schema";
import { liveSourceUrls } from "./public-urls";
import type { GenerationSettings, StoredPart } from "./types";

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

export async function buildGenerateRequest(
  db: Db,
  settings: { systemInstruction: string; generationConfig: GenerationSettings },
  history: HistoryMessage[],
): Promise<GenerateContentRequest> {
  const kept = history.filter((m) => m.role === "user" || SENT_AGAIN.has(m.status));
  const all = kept.flatMap((m) => m.attachments);
  const total = all.reduce((sum, a) => sum + a.size, 0);
  // Upstream URLs are only checked when some file cannot go inline: it costs a request each.
  const needUrls = all.filter(
    (a) => a.sourceMediaId && (a.size > INLINE_MAX_FILE_BYTES || total > INLINE_MAX_REQUEST_BYTES),
  );
  const urls = await liveSourceUrls(
    db,
    needUrls.map((a) => a.sourceMediaId as string),
  );

  const turns: PartsTurn[] = kept.map((m) => ({
    role: m.role === "model" ? "model" : "user",
    parts: m.parts,
    attachments: m.attachments.map((a): PartsAttachment => ({
      id: a.id,
      name: a.originalName,
      mimeType: a.mimeType,
      size: a.size,
      path: a.path,
      publicUrl: a.sourceMediaId ? urls.get(a.sourceMediaId) : undefined,
    })),
  }));
  const contents = await buildContents(turns, (a) => fs.readFile(resolveMediaPath(a.path)));
  const config = Object.fromEntries(
    Object.entries(settings.generationConfig).filter(([, v]) => v !== undefined && v !== null),
  );
  return {
    contents,
    ...(settings.systemInstruction.trim()
      ? { systemInstruction: { parts: [{ text: settings.systemInstruction }] } }
      : {}),
    ...(Object.keys(config).length ? { generationConfig: config } : {}),
  };
}
