import { studioBaseUrl } from "@/lib/auth/context";
import { finishSso } from "@/lib/auth/sso";
import { route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

/**
 * GET ?code&state (the identity provider sends the browser here): signs in, creating the user on
 * their first sign-in, and redirects home; a refusal redirects to /login?sso_error=<code>.
 */
export const GET = route({ auth: "public" }, async ({ request, auth }) => {
  const { location, setCookies } = await finishSso(await auth(), studioBaseUrl(), request);
  const response = new Response(null, {
    status: 303,
    headers: { Location: location, "Cache-Control": "no-store" },
  });
  for (const cookie of setCookies) response.headers.append("Set-Cookie", cookie);
  return response;
});
