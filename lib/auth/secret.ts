import "server-only";
import { randomBytes } from "node:crypto";
import type { Db } from "../db";

const SECRET_KEY = "auth_secret";

/**
 * The key that signs session cookies: AUTH_SECRET when set, otherwise one generated on first use
 * and kept in the database, so it survives restarts and every studio process on the same database
 * signs alike (zero configuration; a leaked database already exposes the sessions themselves).
 */
export async function sessionSecret(db: Db, configured: string | null): Promise<string> {
  if (configured) return configured;
  const existing = await db.studioSetting.findUnique({ where: { key: SECRET_KEY } });
  if (existing) return existing.value;
  try {
    await db.studioSetting.create({
      data: { key: SECRET_KEY, value: randomBytes(32).toString("base64url") },
    });
  } catch {
    // another process created it first: its value wins
  }
  return (await db.studioSetting.findUniqueOrThrow({ where: { key: SECRET_KEY } })).value;
}
