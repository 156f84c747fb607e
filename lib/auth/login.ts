import "server-only";
import { z } from "zod";
import type { AuthContext } from "./context";
import { clientAddress } from "./client-address";
import { countLoginAttempt, forgiveLoginAttempt } from "./login-throttle";
import { emailSchema } from "./password-policy";
import { signIn, type WithCookies } from "./sessions";
import type { StudioUser } from "./types";

const loginSchema = z.object({
  email: emailSchema,
  // Any length: a wrong password is "wrong", not "too short" (that would say which rule it broke).
  password: z.string({ error: "is required" }).min(1, { error: "is required" }).max(1024),
});

/** Logs in within the attempt limits (per account and address, per address). */
export async function login(
  ctx: AuthContext,
  body: unknown,
  headers: Headers,
): Promise<WithCookies<{ user: StudioUser }>> {
  const credentials = loginSchema.parse(body);
  const keys = { email: credentials.email, address: clientAddress(headers, ctx.config.trustedProxies) };
  await countLoginAttempt(ctx.db, keys, ctx.now());
  const result = await signIn(ctx, credentials, headers);
  await forgiveLoginAttempt(ctx.db, keys);
  return result;
}
