import { ownedBy, type Viewer } from "../auth/scope";
import { isLocalAddress } from "../catalog/media-items";
import { upstreamFileLinks } from "../auth/file-links";
import { isUrlLive } from "../net/live-url";
import type { Db } from "../db";
import { env } from "../env";
import { StudioError } from "../errors";
import { mediaPath } from "../tasks/present-task";
import { isUpstreamUrl, upstreamSecrets, type UpstreamSecrets } from "../upstream/public-text";
import { urlExpiry, type UrlExpiry } from "../upstream/url-expiry";
import { sortMedia } from "../tasks/media-order";
import { itemNotFound } from "./item-select";
import { mediaKindOf } from "./reference-targets";

/** One URL the upstream could fetch a gallery file from ("Use as reference"). */
export type ReferenceCandidate = {
  url: string;
  /** The upstream's original result URL, or the studio's stored copy. */
  source: "upstream" | "studio";
  /** Why this URL is expected to work. */
  note: string;
  /** Set when a real upstream most likely cannot fetch it. */
  warning: string | null;
};

/** The candidates of one stored file, best first (the first is the default choice). */
export type MediaReference = {
  mediaId: string;
  role: string;
  kind: "image" | "video";
  candidates: ReferenceCandidate[];
};

export type ReferenceContext = {
  /** The configured upstream: URLs shown masked (under its bases, on its host) are never offered. */
  secrets: UpstreamSecrets;
  /** PUBLIC_BASE_URL: where the upstream can fetch the studio's stored media, or null. */
  publicBaseUrl: string | null;
  /** The task upstream is the built-in sandbox, which fetches loopback addresses itself. */
  sandbox: boolean;
  /** The origin the browser reached the studio at. */
  origin: string;
  /** A stored file's path as the upstream may fetch it: signed with accounts on (lib/auth/file-links.ts). */
  fileLink: (path: string) => string;
};

export async function referenceContext(origin: string): Promise<ReferenceContext> {
  const { publicBaseUrl, usesSandbox } = env();
  const fileLink = await upstreamFileLinks();
  return { secrets: upstreamSecrets(), publicBaseUrl, sandbox: usesSandbox.tasks, origin, fileLink };
}

type MediaInput = { id: string; status: string; sourceUrl: string; source: UrlExpiry };

/**
 * Which URLs to offer for one file. The upstream fetches references itself (spec), so:
 * 1. its original URL, while known to work: signed and not yet expired, or probed live just now
 *    (`live`; expiry is usually unknown, and an old URL is then most likely dead). URLs under the
 *    configured base are never offered: responses show them masked.
 * 2. the studio's stored copy, at PUBLIC_BASE_URL when set; else at the browser's origin, which a
 *    real upstream cannot reach when it is a local address (said in the warning). The sandbox
 *    fetches loopback itself, so there the local copy is fine.
 */
export function referenceCandidates(
  media: MediaInput,
  live: boolean | undefined,
  context: ReferenceContext,
): ReferenceCandidate[] {
  const candidates: ReferenceCandidate[] = [];
  const { state, expiresAt } = media.source;
  const usable = !isUpstreamUrl(media.sourceUrl, context.secrets) && /^https?:\/\//i.test(media.sourceUrl);
  if (usable && (state === "valid" || (state === "unknown" && live === true))) {
    candidates.push({
      url: media.sourceUrl,
      source: "upstream",
      note:
        state === "valid" && expiresAt
          ? `The upstream's original URL, signed until ${expiresAt}.`
          : "The upstream's original URL: reachable when checked just now (when it expires is not known).",
      warning: null,
    });
  }
  if (media.status === "stored") candidates.push(studioCandidate(media.id, context));
  return candidates;
}

function studioCandidate(mediaId: string, context: ReferenceContext): ReferenceCandidate {
  return studioFileReference(mediaPath(mediaId), context);
}

/**
 * The URL the upstream is handed for a file the studio serves at `servedPath` (a stored result, a
 * form upload): at PUBLIC_BASE_URL when set, signed with accounts on, with the warning when a real
 * upstream most likely cannot fetch it.
 */
export function studioFileReference(servedPath: string, context: ReferenceContext): ReferenceCandidate {
  const path = context.fileLink(servedPath);
  if (context.publicBaseUrl) {
    return {
      url: `${context.publicBaseUrl}${path}`,
      source: "studio",
      note: "The studio's stored copy at PUBLIC_BASE_URL.",
      warning: null,
    };
  }
  const url = `${context.origin}${path}`;
  if (context.sandbox) {
    return {
      url,
      source: "studio",
      note: "The studio's stored copy; the built-in sandbox upstream fetches it from this machine.",
      warning: null,
    };
  }
  return {
    url,
    source: "studio",
    note: "The studio's stored copy at the address this page was opened at.",
    warning: isLocalAddress(context.origin)
      ? `This studio runs at a local address (${context.origin}) that a real upstream cannot fetch from: a task using this URL will fail. Set PUBLIC_BASE_URL to an address the upstream can reach (a tunnel or reverse proxy) to fix this.`
      : "PUBLIC_BASE_URL is not set: this works only if the upstream can reach this address from the internet. Set PUBLIC_BASE_URL to the studio's public address to be sure.",
  };
}

/**
 * The reference candidates of every file of a gallery item. Original URLs whose expiry is unknown
 * are probed now (HEAD, else a one-byte GET, with a short timeout), all at once, through the
 * SSRF-safe fetch: one on an internal address reads as not reachable, whether or not anything
 * listens there.
 */
export async function getReferenceOptions(
  db: Db,
  viewer: Viewer,
  id: string,
  context: ReferenceContext,
  options: { now?: Date; probe?: (url: string) => Promise<boolean> } = {},
): Promise<MediaReference[]> {
  const { now = new Date(), probe = isUrlLive } = options;
  const task = await db.task.findFirst({
    where: { id, ...ownedBy(viewer) },
    select: {
      kind: true,
      media: { select: { id: true, role: true, status: true, sourceUrl: true, contentType: true } },
    },
  });
  if (!task) throw new StudioError("not_found", itemNotFound(id));
  return Promise.all(
    sortMedia(task.media).map(async (m) => {
      const source = urlExpiry(m.sourceUrl, m.status === "expired", now);
      const probed =
        source.state === "unknown" && !isUpstreamUrl(m.sourceUrl, context.secrets)
          ? await probe(m.sourceUrl)
          : undefined;
      return {
        mediaId: m.id,
        role: m.role,
        kind: mediaKindOf(m.contentType, task.kind),
        candidates: referenceCandidates({ ...m, source }, probed, context),
      };
    }),
  );
}
