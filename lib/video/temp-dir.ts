import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

/** Prefix of every video job's temp dir, so a crash's leftovers are easy to find (and test for). */
export const VIDEO_TEMP_PREFIX = "studio-video-";

/**
 * Runs `work` with a fresh directory of its own under the OS temp dir, removed afterwards whatever
 * happens (success, error, cancel): one job's files never outlive it or mix with another's.
 */
export async function withTempDir<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(tmpdir(), VIDEO_TEMP_PREFIX));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
