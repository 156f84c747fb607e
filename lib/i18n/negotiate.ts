import { match } from "@formatjs/intl-localematcher";
import Negotiator from "negotiator";
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from "./locales";

/**
 * The best of our locales for an Accept-Language header: "zh", "zh-Hans", "zh-SG" and "zh-CN" all
 * find Simplified Chinese (the best-fit matcher knows the script and region likely subtags);
 * anything unmatched, or no header, is English.
 */
export function negotiateLocale(acceptLanguage: string | null | undefined): Locale {
  if (!acceptLanguage) return DEFAULT_LOCALE;
  const requested = new Negotiator({ headers: { "accept-language": acceptLanguage } })
    .languages()
    .filter((tag) => tag !== "*");
  try {
    const found = match(requested, LOCALES, DEFAULT_LOCALE);
    return isLocale(found) ? found : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE; // a malformed tag (RangeError): not worth failing a page for
  }
}

/** The locale a request renders in: the user's setting, else the cookie, else Accept-Language. */
export function resolveLocale(sources: {
  userLocale?: string | null;
  cookie?: string | null;
  acceptLanguage?: string | null;
}): Locale {
  if (isLocale(sources.userLocale)) return sources.userLocale;
  if (isLocale(sources.cookie)) return sources.cookie;
  return negotiateLocale(sources.acceptLanguage);
}
