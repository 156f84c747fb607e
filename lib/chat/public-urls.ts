/**
 * Public URLs the upstream can fetch by itself: a gallery item's original upstream URL, while it
 * has not expired. Checked at the moment of use, because result URLs expire (spec, Limits).
 * The probe goes through the SSRF-safe fetch: a URL on an internal address is "not live" without
 * a connection being made, so the answer never tells whether something listens there.
 */
import type { Db } from "../db";
import { fetchPolicy } from "../net/fetch-policy";
import { safeFetch, type FetchPolicy } from "../net/safe-fetch";

const CHECK_TIMEOUT_MS = 4_000;

export async function isUrlLive(
  url: string | null | undefined,
  policy: FetchPolicy = fetchPolicy(),
): Promise<boolean> {
  if (!url || !/^https?:\/\//i.test(url)) return false;
  const attempts = [{ method: "HEAD" as const }, { method: "GET" as const, headers: { Range: "bytes=0-0" } }];
  for (const init of attempts) {
    try {
      const response = await safeFetch(
        url,
        { ...init, signal: AbortSignal.timeout(CHECK_TIMEOUT_MS) },
        policy,
      );
      await response.body?.cancel();
      if (response.ok) return true;
      // Some stores refuse HEAD; a one-byte GET settles it.
      if (response.status !== 405 && response.status !== 501) return false;
    } catch {
      return false;
    }
  }
  return false;
}

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
