/**
 * Whether a public URL answers now (an upstream result URL until it expires: spec, Limits), checked
 * at the moment of use. The probe goes through the SSRF-safe fetch: a URL on an internal address is
 * "not live" without a connection being made, so the answer never tells whether something listens.
 */
import { fetchPolicy } from "./fetch-policy";
import { safeFetch, type FetchPolicy } from "./safe-fetch";

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
