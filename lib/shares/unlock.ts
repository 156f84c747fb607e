import "server-only";
import { verifyPassword } from "better-auth/crypto";
import type { Db } from "../db";
import { StudioError } from "../errors";
import { unlockCookies } from "./cookies";
import { findShareLink } from "./resolve";
import { unlockSchema } from "./schema";
import { countPasswordAttempt, forgivePasswordAttempt, requestAddress } from "./throttle";

/**
 * A guest's password for a link: counted against the link's and the address's limits before it is
 * checked; a right one sets the unlock cookie (scoped to the link's paths) and is forgiven.
 */
export async function unlockShare(
  db: Db,
  token: string,
  headers: Headers,
  input: unknown,
  now = Date.now(),
): Promise<{ setCookies: string[] }> {
  const { password } = unlockSchema.parse(input);
  const link = await findShareLink(db, token, headers, now);
  if (!link.passwordHash) return { setCookies: [] };
  const address = requestAddress(headers);
  await countPasswordAttempt(db, link.id, address, now);
  if (!(await verifyPassword({ hash: link.passwordHash, password }))) {
    throw new StudioError("unauthorized", "That password is not right for this link.", {
      issues: [{ path: "password", message: "is not right", code: "wrong_password" }],
    });
  }
  await forgivePasswordAttempt(db, link.id, address);
  return {
    setCookies: await unlockCookies(db, token, { id: link.id, passwordHash: link.passwordHash }, now),
  };
}
