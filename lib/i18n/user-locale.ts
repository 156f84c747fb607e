import "server-only";
import { z } from "zod";
import type { StudioUser } from "../auth/types";
import type { Db } from "../db";
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_SECONDS, LOCALES, type Locale } from "./locales";

export const setLocaleSchema = z.object({
  locale: z.enum(LOCALES, { error: `locale must be one of ${LOCALES.join(", ")}` }),
});
export type SetLocaleInput = z.infer<typeof setLocaleSchema>;

/**
 * Whose choice is kept in the database: a signed-in browser session's account (not the local admin,
 * not a signed link; an API token manages nothing of its account, as on every account/ route).
 */
function hasAccountRow(user: StudioUser | null): user is StudioUser {
  return !!user && user.via === "session";
}

/** The account's chosen language, or null when they follow the browser (or have no account row). */
export async function userLocale(db: Db, user: StudioUser | null): Promise<string | null> {
  if (!hasAccountRow(user)) return null;
  const row = await db.user.findUnique({ where: { id: user.id }, select: { locale: true } });
  return row?.locale ?? null;
}

/**
 * Remembers the choice: on the account (so it follows them to another browser) when there is one,
 * and always in the cookie (so the login page and an AUTH=off studio speak it too).
 */
export async function saveLocale(db: Db, user: StudioUser | null, locale: Locale): Promise<string> {
  if (hasAccountRow(user)) await db.user.update({ where: { id: user.id }, data: { locale } });
  return localeCookie(locale);
}

export function localeCookie(locale: Locale): string {
  return `${LOCALE_COOKIE}=${encodeURIComponent(locale)}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax`;
}
