/**
 * What the sandbox "sees" in a non-text part: mime type, size and, for inline images, pixel
 * dimensions read from the bytes. Tests read this back from the answer to prove an attachment
 * reached the upstream intact.
 */
import sharp from "sharp";
import type { NativePart } from "@/lib/upstream/native-schema";
import { formatBytes } from "../../format/bytes";

export type MediaFacts = {
  kind: "inline" | "file";
  mimeType: string;
  bytes?: number;
  size?: string;
  uri?: string;
};

export async function describeMediaPart(part: NativePart): Promise<MediaFacts | undefined> {
  if (part.inlineData) {
    const bytes = Buffer.from(part.inlineData.data, "base64");
    const facts: MediaFacts = { kind: "inline", mimeType: part.inlineData.mimeType, bytes: bytes.length };
    if (part.inlineData.mimeType.startsWith("image/")) {
      const meta = await sharp(bytes)
        .metadata()
        .catch(() => undefined);
      if (meta?.width && meta.height) facts.size = `${meta.width}×${meta.height} px`;
    }
    return facts;
  }
  if (part.fileData) return { kind: "file", mimeType: part.fileData.mimeType, uri: part.fileData.fileUri };
  return undefined;
}

export function formatFacts(facts: MediaFacts): string {
  if (facts.kind === "file") return `${facts.mimeType} by reference (${facts.uri})`;
  const parts = [facts.mimeType, facts.size, formatBytes(facts.bytes ?? 0)].filter(Boolean);
  return `${parts.join(", ")} (inline)`;
}
