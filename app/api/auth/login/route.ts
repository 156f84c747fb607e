import { login } from "@/lib/auth/login";
import { readJson } from "@/lib/http/respond";
import { route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

/** POST { email, password }: sets the session cookie; 401 wrong, 403 disabled, 429 too many attempts. */
export const POST = route({ auth: "public" }, async ({ request, auth }) => {
  const { user, setCookies } = await login(await auth(), await readJson(request), request.headers);
  const response = Response.json({ user }, { headers: { "Cache-Control": "no-store" } });
  for (const cookie of setCookies) response.headers.append("Set-Cookie", cookie);
  return response;
});
