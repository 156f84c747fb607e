/**
 * Public URLs the upstream can fetch by itself: a gallery item's original upstream URL, while it
 * has not expired (lib/net/live-url.ts).
 */
import type { Db } from "../db";
import { fetchPolicy } from "../net/fetch-policy";
import { isUrlLive } from "../net/live-url";
import type { FetchPolicy } from "../net/safe-fetch";

/** Live upstream URLs of the given gallery media, by media id (expired ones are left out). */
export async function liveSourceUrls(
  db: Db,
  mediaIds: string[],
  policy: FetchPolicy = fetchPolicy(),
): Promise<Map<string, string>> {
  const unique = [...new Set(mediaIds)];
  if (!unique.length) return new Map();
  const rows = await db.media.findMany({
    where: { id: { in: unique } },
    select: { id: true, sourceUrl: true },
  });
  const checked = await Promise.all(
    rows.map(async (r) => [r.id, r.sourceUrl, await isUrlLive(r.sourceUrl, policy)] as const),
  );
  return new Map(checked.filter(([, , live]) => live).map(([id, url]) => [id, url]));
}
