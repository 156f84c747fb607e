/** The interface languages (issue 27). English is the fallback and the language of the code. */
export const LOCALES = ["en", "zh-CN"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";
/** The language the server writes its sentences, issues and kept failures in (an English page shows them as they are). */
export const SERVER_LOCALE: Locale = "en";

/** The browser's choice when nobody is signed in (or with accounts off: the one local user). */
export const LOCALE_COOKIE = "studio-locale";
export const LOCALE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** Each language's name in itself, as the switcher shows it. */
export const LOCALE_NAMES: Record<Locale, string> = { en: "English", "zh-CN": "简体中文" };

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}
