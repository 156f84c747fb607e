import type { SessionInfo } from "@/lib/auth/types";
import { env } from "@/lib/env";
import { route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

/** GET: whether accounts are on and who is signed in (null when nobody). */
export const GET = route({ auth: "public" }, async ({ user }) => {
  const info: SessionInfo = {
    accounts: env().auth.enabled,
    user: user && { id: user.id, email: user.email, name: user.name, role: user.role },
  };
  return Response.json(info, { headers: { "Cache-Control": "no-store" } });
});
