import "server-only";
import { audit } from "../audit/record";
import { isStudioError, StudioError } from "../errors";
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
  const address = clientAddress(headers, ctx.config.trustedProxies);
  const keys = { email: credentials.email, address };
  try {
    if (!ctx.config.passwordLogin) {
      throw new StudioError(
        "forbidden",
        "Password sign-in is turned off on this studio: use single sign-on.",
      );
    }
    await countLoginAttempt(ctx.db, keys, ctx.now());
    const result = await signIn(ctx, credentials, headers);
    await forgiveLoginAttempt(ctx.db, keys);
    await audit(ctx.db, { action: "auth.sign_in", actor: result.user, address });
    return result;
  } catch (error) {
    // A refused sign-in names the account it tried (the address says from where), never the password.
    if (isStudioError(error)) {
      await audit(ctx.db, {
        action: "auth.sign_in",
        outcome: "failure",
        actor: { id: null, email: credentials.email.toLowerCase() },
        address,
        detail: { reason: error.code, message: error.message },
      });
    }
    throw error;
  }
}
