import { studioBaseUrl } from "@/lib/auth/context";
import { startSso } from "@/lib/auth/sso";
import { route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

/**
 * POST (the login page's form, field `next`): 303 to the identity provider's sign-in page, with
 * the cookie that binds the state. A form post rather than fetch, so the browser follows the
 * redirect itself (the page's CSP form-action names the issuer for that).
 */
export const POST = route({ auth: "public" }, async ({ request, auth }) => {
  const form = request.headers.get("content-type")?.includes("form") ? await request.formData() : null;
  const next = form?.get("next");
  const { url, setCookies } = await startSso(
    await auth(),
    studioBaseUrl(),
    typeof next === "string" ? next : null,
    request.headers,
  );
  const response = new Response(null, {
    status: 303,
    headers: { Location: url, "Cache-Control": "no-store" },
  });
  for (const cookie of setCookies) response.headers.append("Set-Cookie", cookie);
  return response;
});
