/**
 * What safe fetches may reach without the address check (docs/decisions/security.md):
 * - a configured upstream ({base_url}, {llm_base_url}): its whole origin, since it is the service
 *   the studio was pointed at and may serve its result files beside its API;
 * - the built-in sandbox: only its own path (/api/sandbox) on the studio's origin, so a result URL
 *   pointing at the studio's other routes (/api/media, /api/health…) is still refused;
 * - FETCH_ALLOW_PRIVATE, exactly as listed.
 */
import { env, type Env } from "../env";
import type { FetchPolicy } from "./safe-fetch";

type PolicySource = Pick<Env, "upstreamBaseUrl" | "llmBaseUrl" | "usesSandbox" | "fetchAllowPrivate">;

export function fetchPolicy(source: PolicySource = env()): FetchPolicy {
  const upstreams: [string, boolean][] = [
    [source.upstreamBaseUrl, source.usesSandbox.tasks],
    [source.llmBaseUrl, source.usesSandbox.llm],
  ];
  const allow = upstreams.map(([base, sandbox]) => (sandbox ? base : new URL(base).origin));
  return { allow: [...new Set([...allow, ...source.fetchAllowPrivate])] };
}
