import "server-only";
import type { Db } from "../db";
import { guestCookies, newGuest, readGuest, type GuestCookie } from "./cookies";
import type { ShareGrant } from "./resolve";
import { guestNameSchema } from "./schema";

/** A visit: views seen again within this time are the same visit and are not counted again. */
export const VISIT_MS = 30 * 60_000;

export type GuestSession = { guest: GuestCookie; setCookies: string[] };

/**
 * The guest behind a request: their signed cookie, or a new random identity (set on the response).
 * `countView` (the page's first request) counts one view per visit: a new guest, or one whose last
 * counted view is older than VISIT_MS; the link's views and last-viewed time are what the owner sees.
 */
export async function guestSession(
  db: Db,
  grant: ShareGrant,
  headers: Headers,
  options: { countView?: boolean; now?: number } = {},
): Promise<GuestSession> {
  const now = options.now ?? Date.now();
  const existing = await readGuest(db, headers, grant.link.id);
  let guest = existing ?? newGuest(grant.link.id);
  let changed = !existing;
  if (options.countView && now - guest.viewedAt >= VISIT_MS) {
    await db.shareLink.update({
      where: { id: grant.link.id },
      data: { views: { increment: 1 }, lastViewedAt: new Date(now) },
    });
    guest = { ...guest, viewedAt: now };
    changed = true;
  }
  return { guest, setCookies: changed ? await guestCookies(db, grant.link.token, guest) : [] };
}

/** The name a guest gives before their first comment; kept in their cookie. */
export async function nameGuest(
  db: Db,
  grant: ShareGrant,
  headers: Headers,
  input: unknown,
): Promise<GuestSession> {
  const { name } = guestNameSchema.parse(input);
  const { guest } = await guestSession(db, grant, headers);
  const named = { ...guest, name };
  return { guest: named, setCookies: await guestCookies(db, grant.link.token, named) };
}
