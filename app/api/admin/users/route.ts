import { z } from "zod";
import { emailSchema, passwordSchema, roleSchema } from "@/lib/auth/password-policy";
import { createUser, listUsers } from "@/lib/auth/users";
import { readJson } from "@/lib/http/respond";
import { route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

const newUserSchema = z.object({
  email: emailSchema,
  name: z.string().trim().max(80, { error: "must be at most 80 characters" }).optional(),
  password: passwordSchema,
  role: roleSchema.default("member"),
});

export const GET = route({ auth: "admin" }, async ({ auth }) =>
  Response.json({ users: await listUsers(await auth()) }, { headers: { "Cache-Control": "no-store" } }),
);

/** POST { email, name?, password, role? }: a new account with an initial password to hand over. */
export const POST = route({ auth: "admin" }, async ({ request, auth }) => {
  const input = newUserSchema.parse(await readJson(request));
  return Response.json(await createUser(await auth(), input), { status: 201 });
});
