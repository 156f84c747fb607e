import { maskUpstreamUrl, upstreamBases } from "../tasks/present-task";

/**
 * The gallery never reveals the configured upstream base URLs (spec: the browser never learns the
 * upstream's address). URLs go through the core's `maskUpstreamUrl`, which keeps path and query
 * behind "{base_url}"; free text (a stored request body, an error message) gets the same treatment
 * for every URL it contains, so a reference URL that pointed at the upstream is hidden too.
 */
export function maskUpstreamText(text: string, bases: readonly string[] = upstreamBases()): string {
  return text.replace(/https?:\/\/[^\s"'<>\\]+/gi, (url) => maskUpstreamUrl(url, bases));
}

/** True when the URL lies under a configured base: shown masked, so it cannot be handed to anyone. */
export function isUpstreamBaseUrl(url: string, bases: readonly string[] = upstreamBases()): boolean {
  return maskUpstreamUrl(url, bases) !== url;
}

export { maskUpstreamUrl, upstreamBases };
