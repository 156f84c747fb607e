import "server-only";
import { upstreamFileLinks } from "../auth/file-links";
import type { TaskWithMedia } from "../tasks/load-task";
import { mediaPath } from "../tasks/present-task";

export type StoredLink = { role: string; contentType: string | null; size: number | null; url: string };

/**
 * The stored files of a task as links an agent can hand to anything (a download tool, a browser):
 * signed with accounts on (lib/auth/file-links.ts), so they open without the token, expire, and name
 * exactly one file.
 */
export async function storedLinks(task: TaskWithMedia, origin: string): Promise<StoredLink[]> {
  const sign = await upstreamFileLinks();
  return task.media
    .filter((m) => m.status === "stored")
    .map((m) => ({
      role: m.role,
      contentType: m.contentType,
      size: m.size,
      url: new URL(sign(mediaPath(m.id)), origin).toString(),
    }));
}
