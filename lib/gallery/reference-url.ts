import type { GalleryMediaDetail } from "./types";

export type ReferenceUrl = { url: string; source: "upstream" | "studio"; warning: string | null };

/**
 * The URL to hand to the upstream as a reference (it fetches it itself). The upstream's original
 * URL works from anywhere, so it is preferred while it has not expired; after that only the
 * studio's stored copy remains, which the upstream can reach only if this studio is public.
 */
export function chooseReferenceUrl(
  media: Pick<GalleryMediaDetail, "sourceUrl" | "source" | "status" | "url">,
  studioOrigin: string,
): ReferenceUrl | null {
  if (media.source.state !== "expired") {
    return {
      url: media.sourceUrl,
      source: "upstream",
      warning:
        media.source.state === "unknown"
          ? "Uses the upstream's original URL. When it expires is not known; if the task is rejected for an unreachable reference, the URL has expired."
          : null,
    };
  }
  if (media.status !== "stored") return null;
  const local = /^https?:\/\/(localhost|127\.|\[::1\]|0\.0\.0\.0)/i.test(studioOrigin);
  return {
    url: `${studioOrigin}${media.url}`,
    source: "studio",
    warning: local
      ? "The original upstream URL has expired, so the studio's copy is used — but this studio runs on a local address the upstream cannot reach. The task will fail unless the studio is served at a public address."
      : "The original upstream URL has expired, so the studio's copy is used. The upstream can fetch it only if this studio is reachable from the internet.",
  };
}
