import "server-only";
import { z } from "zod";
import type { AuthContext } from "./context";
import { countLoginAttempt, forgiveLoginAttempt } from "./login-throttle";
import { emailSchema } from "./password-policy";
import { signIn, type WithCookies } from "./sessions";
import type { StudioUser } from "./types";

const loginSchema = z.object({
  email: emailSchema,
  // Any length: a wrong password is "wrong", not "too short" (that would say which rule it broke).
  password: z.string({ error: "is required" }).min(1, { error: "is required" }).max(1024),
});

/** Logs in within the attempt limits (per e-mail and per client address). */
export async function login(
  ctx: AuthContext,
  body: unknown,
  headers: Headers,
): Promise<WithCookies<{ user: StudioUser }>> {
  const credentials = loginSchema.parse(body);
  const keys = { email: credentials.email, ip: clientAddress(headers) };
  await countLoginAttempt(ctx.db, keys, ctx.now());
  const result = await signIn(ctx, credentials, headers);
  await forgiveLoginAttempt(ctx.db, keys);
  return result;
}

/**
 * The client's address as the nearest proxy saw it: the last X-Forwarded-For entry (nginx appends
 * the peer it talked to). Without a proxy the client can write this header itself, which is why
 * the per-account limit does not depend on it (README, "Behind a reverse proxy").
 */
function clientAddress(headers: Headers): string | null {
  const forwarded = headers.get("x-forwarded-for");
  const last = forwarded?.split(",").pop()?.trim();
  return last ? last.toLowerCase() : null;
}
