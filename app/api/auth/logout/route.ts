import { signOut } from "@/lib/auth/sessions";
import { env } from "@/lib/env";
import { route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

/** POST (the header's form): ends the session and goes to the login page. */
export const POST = route({ auth: "public" }, async ({ request, auth }) => {
  const cookies = env().auth.enabled ? await signOut(await auth(), request.headers) : [];
  const response = new Response(null, { status: 303, headers: { Location: "/login" } });
  for (const cookie of cookies) response.headers.append("Set-Cookie", cookie);
  return response;
});
