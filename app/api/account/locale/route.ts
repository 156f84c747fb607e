import { db } from "@/lib/db";
import { saveLocale, setLocaleSchema } from "@/lib/i18n/user-locale";
import { readJson } from "@/lib/http/respond";
import { route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

/**
 * PUT { locale }: the interface language, kept on the signed-in account and in a cookie. Public, so
 * the login page's switcher works before anyone signs in (then only the cookie is set); the account
 * is written for a browser session only, as every account/ route (an API token sets no preference).
 */
export const PUT = route({ auth: "public", credential: "session" }, async ({ request, user }) => {
  const { locale } = setLocaleSchema.parse(await readJson(request));
  const cookie = await saveLocale(db(), user, locale);
  const response = Response.json({ locale });
  response.headers.append("Set-Cookie", cookie);
  return response;
});
