import "server-only";
import { StudioError } from "../errors";
import { clientAddress } from "./client-address";
import type { AuthContext } from "./context";
import { countLoginAttempt, forgiveLoginAttempt } from "./login-throttle";
import type { StudioUser } from "./types";

/**
 * An admin acting on another account (create, reset a password, change a role, disable, delete)
 * confirms with their own current password in the same request: a session cookie left in an
 * unlocked browser, or stolen, is not enough to take over or lock out an account. Stateless (no
 * "recently re-authenticated" mark to keep per session), and the admin page asks once and keeps
 * the password in the page's memory only. Wrong passwords count against the same login limits as
 * the sign-in form, so a stolen session cannot guess the password here either.
 */
export { adminPasswordField } from "./request-schemas";

const ISSUE = { path: "adminPassword" };

export async function requireReauth(
  ctx: AuthContext,
  actor: StudioUser,
  password: string | undefined,
  headers: Headers,
): Promise<void> {
  // Accounts off: the local admin has no password to confirm with (the studio is on loopback).
  if (actor.via === "local") return;
  if (!password) {
    throw new StudioError(
      "forbidden",
      "adminPassword: confirm a change to another account with your own current password",
      {
        issues: [
          {
            ...ISSUE,
            message: "is required: confirm with your own current password",
            code: "reauth_required",
          },
        ],
      },
    );
  }
  const keys = { email: actor.email, address: clientAddress(headers, ctx.config.trustedProxies) };
  await countLoginAttempt(ctx.db, keys, ctx.now());
  const account = await ctx.db.account.findFirst({
    where: { userId: actor.id, providerId: "credential" },
    select: { password: true },
  });
  const hashed = (await ctx.auth.$context).password;
  const ok = account?.password ? await hashed.verify({ hash: account.password, password }) : false;
  if (!ok) {
    throw new StudioError("forbidden", "adminPassword: is not your current password", {
      issues: [{ ...ISSUE, message: "is not your current password", code: "not_current_password" }],
    });
  }
  await forgiveLoginAttempt(ctx.db, keys);
}
