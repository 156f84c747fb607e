/**
 * The only paths open without a session when accounts are on, besides /login and /setup: a share
 * link's page and its guest API. Nothing else under /s or /api/s exists.
 */
export const SHARE_PAGE_PATH = /^\/s\/([A-Za-z0-9_-]+)\/?$/;

export function isSharePagePath(pathname: string): boolean {
  return SHARE_PAGE_PATH.test(pathname);
}

export function sharePageToken(pathname: string): string | null {
  return SHARE_PAGE_PATH.exec(pathname)?.[1] ?? null;
}
