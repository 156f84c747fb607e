import "server-only";
import { env } from "../env";
import { authContext } from "./context";
import { sessionSecret } from "./secret";
import { hasValidSignature, signPath } from "./signed-url";
import type { StudioUser } from "./types";

/**
 * Who a signed link acts for: it may read the one file it names, whoever owns it (file routes
 * accept it on GET/HEAD only, and the signature covers the exact path).
 */
export const SIGNED_LINK_USER: StudioUser = Object.freeze({
  id: "signed-link",
  email: "signed-link@localhost",
  name: "Signed link",
  role: "admin",
  via: "link",
});

async function linkSecret(): Promise<{ secret: string; now: () => number }> {
  const context = await authContext();
  return { secret: await sessionSecret(context.db, context.config.secret), now: context.now };
}

/**
 * How this studio links one of its stored files for the upstream to fetch (a reference, a chat
 * attachment by URL): as it is with accounts off, signed with accounts on, since the upstream has
 * no session (lib/auth/signed-url.ts).
 */
export async function upstreamFileLinks(): Promise<(path: string) => string> {
  if (!env().auth.enabled) return (path) => path;
  const { secret, now } = await linkSecret();
  return (path) => signPath(secret, path, now());
}

/** True when the request is a signed link to its own path that has not expired. */
export async function isSignedFileRequest(request: Request): Promise<boolean> {
  const { secret, now } = await linkSecret();
  return hasValidSignature(secret, new URL(request.url), now());
}
