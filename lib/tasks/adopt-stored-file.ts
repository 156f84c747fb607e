import { createHash } from "node:crypto";
import { extensionFor, KNOWN_EXTENSIONS } from "../storage/file-names";
import { openMediaFile, statMediaFile, type WrittenFile } from "../storage/files";
import { isMediaType, SNIFF_BYTES, sniffContentType } from "../storage/sniff-type";

/**
 * A download an earlier attempt finished storing but could not record (the database went down
 * between the file's last byte and its row, or the process died there): the store only ever holds
 * a download's file complete and validated under its final key (`<relBase>.<ext>`), so the file
 * is adopted — its size, checksum and type read again from its bytes — instead of fetched again
 * from a URL that may have expired meanwhile, and nothing is left in the store without a row.
 */
export async function findStoredDownload(
  relBase: string,
  sourceUrl: string,
): Promise<{ rel: string; file: WrittenFile } | null> {
  const fromUrl = extensionFor(null, urlPath(sourceUrl));
  for (const ext of new Set([...KNOWN_EXTENSIONS, fromUrl])) {
    const rel = `${relBase}.${ext}`;
    if (!(await statMediaFile(rel))) continue;
    const file = await measure(rel);
    if (file && isMediaType(file.contentType)) return { rel, file };
  }
  return null;
}

async function measure(rel: string): Promise<WrittenFile | null> {
  const body = await openMediaFile(rel);
  if (!body) return null;
  const hash = createHash("sha256");
  const head: Uint8Array[] = [];
  let headBytes = 0;
  let size = 0;
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    hash.update(chunk);
    size += chunk.byteLength;
    if (headBytes < SNIFF_BYTES) {
      head.push(chunk);
      headBytes += chunk.byteLength;
    }
  }
  const contentType = await sniffContentType(Buffer.concat(head).subarray(0, SNIFF_BYTES));
  return { size, sha256: hash.digest("hex"), contentType };
}

function urlPath(url: string): string | null {
  try {
    return new URL(url).pathname;
  } catch {
    return null;
  }
}
