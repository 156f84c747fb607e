import { z } from "zod";
import { passwordSchema } from "@/lib/auth/password-policy";
import { resetPassword } from "@/lib/auth/users";
import { readJson } from "@/lib/http/respond";
import { idParams, route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

/** POST { password }: sets a new password and ends the user's sessions. */
export const POST = route({ auth: "admin", params: idParams }, async ({ request, params, auth }) => {
  const { password } = z.object({ password: passwordSchema }).parse(await readJson(request));
  await resetPassword(await auth(), params.id, password);
  return Response.json({ reset: true });
});
