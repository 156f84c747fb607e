import { LOCALE_COOKIE, type Locale } from "./locales";
import { resolveLocale } from "./negotiate";

/**
 * A request's language where next-intl does not run (the share page and its "gone" page, which
 * proxy.ts answers): the switcher's cookie, else Accept-Language. A guest has no account setting.
 */
export function requestLocale(headers: Headers): Locale {
  const prefix = `${LOCALE_COOKIE}=`;
  const raw = (headers.get("cookie") ?? "")
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(prefix))
    ?.slice(prefix.length);
  let cookie: string | null = null;
  try {
    cookie = raw ? decodeURIComponent(raw) : null;
  } catch {
    cookie = null; // a malformed cookie: ignored, as a missing one
  }
  return resolveLocale({ cookie, acceptLanguage: headers.get("accept-language") });
}
