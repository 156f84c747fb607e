import { cookies, headers } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { currentUser } from "@/components/auth/current-user";
import { db } from "@/lib/db";
import { LOCALE_COOKIE } from "@/lib/i18n/locales";
import { resolveLocale } from "@/lib/i18n/negotiate";
import { userLocale } from "@/lib/i18n/user-locale";

/**
 * next-intl's per-request configuration (no locale in the URL): the signed-in user's setting, else
 * the cookie the switcher sets, else Accept-Language. Only the chosen language's messages are
 * loaded, so a page carries one language, never both.
 */
export default getRequestConfig(async () => {
  const [cookieStore, headerList] = await Promise.all([cookies(), headers()]);
  const locale = resolveLocale({
    userLocale: await savedLocale(),
    cookie: cookieStore.get(LOCALE_COOKIE)?.value,
    acceptLanguage: headerList.get("accept-language"),
  });
  return { locale, messages: (await import(`../messages/${locale}.json`)).default };
});

/** A page must still render in some language while the database is down (its own page says so). */
async function savedLocale(): Promise<string | null> {
  try {
    return await userLocale(db(), await currentUser());
  } catch {
    return null;
  }
}
