import "server-only";
import { z } from "zod";
import { StudioError } from "../errors";
import { passwordSchema } from "./password-policy";
import type { StudioUser } from "./types";

/**
 * What a user may do to their own account (password, tokens) needs a signed-in browser session: a
 * leaked API token must not be able to mint more tokens or lock its owner out. With accounts off
 * there is no account to manage.
 */
export function requireOwnSession(user: StudioUser): void {
  if (user.via === "local") {
    throw new StudioError(
      "conflict",
      "Accounts are off (AUTH=off on loopback): there is no password or API token to manage. Set AUTH=on to use accounts.",
    );
  }
  if (user.via !== "session") {
    throw new StudioError(
      "forbidden",
      "Passwords and API tokens are managed from a signed-in browser session, not with a token.",
    );
  }
}

/** An admin acting on their own account goes through /account; here they could lock themselves out. */
export function refuseSelf(user: StudioUser, targetId: string, action: string): void {
  if (user.id === targetId)
    throw new StudioError("conflict", `You cannot ${action} your own account; another admin can.`);
}

export const changePasswordSchema = z.object({
  currentPassword: z.string({ error: "is required" }).min(1, { error: "is required" }),
  newPassword: passwordSchema,
});
