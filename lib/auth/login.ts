import "server-only";
import type { AuthContext } from "./context";
import { clientAddress } from "./client-address";
import { countLoginAttempt, forgiveLoginAttempt } from "./login-throttle";
import { loginSchema } from "./request-schemas";
import { signIn, type WithCookies } from "./sessions";
import type { StudioUser } from "./types";

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
