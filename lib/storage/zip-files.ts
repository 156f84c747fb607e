import { openMediaFile } from "./files";

/** A stored media file to put in a zip: its name in the archive, its size and its store key. */
export type StoredZipEntry = { name: string; size: number; lastModified: Date; key: string };

/**
 * The files of `entries` opened one at a time as the zip streams (never all at once), failing the
 * archive clearly if one disappeared between listing and streaming.
 */
export async function* storedZipFiles(entries: readonly StoredZipEntry[]) {
  for (const e of entries) {
    const input = await openMediaFile(e.key);
    if (!input) throw new Error(`The stored file of ${e.name} disappeared while the archive was being made.`);
    yield { name: e.name, lastModified: e.lastModified, size: e.size, input };
  }
}
