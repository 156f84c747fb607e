import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { z } from "zod";
import { StudioError } from "../errors";
import { DISABLED_MESSAGE } from "./better-auth";
import type { AuthContext } from "./context";
import { roleSchema } from "./password-policy";
import type { StudioUser, TokenSummary } from "./types";

/**
 * Personal API tokens: 256 random bits behind a recognizable prefix, shown once. Only a SHA-256
 * digest is stored — a slow hash adds nothing to a secret of this entropy and would cost every API
 * request — so a database leak reveals no usable token.
 */
export const TOKEN_PREFIX = "mst_";
const MAX_ACTIVE_TOKENS = 50;
/** A token's last use is written at most this often (not on every request). */
const LAST_USED_RESOLUTION_MS = 60_000;

export const newTokenSchema = z.object({
  name: z
    .string({ error: "is required" })
    .trim()
    .min(1, { error: "is required" })
    .max(80, { error: "must be at most 80 characters" }),
  expiresInDays: z
    .number({ error: "must be a whole number of days" })
    .int({ error: "must be a whole number of days" })
    .min(1, { error: "must be at least 1 day" })
    .max(3650, { error: "must be at most 3650 days" })
    .nullish(),
});
export type NewToken = z.infer<typeof newTokenSchema>;

const digest = (token: string) => createHash("sha256").update(token).digest("hex");

const tokenSelect = {
  id: true,
  name: true,
  start: true,
  createdAt: true,
  expiresAt: true,
  lastUsedAt: true,
  revokedAt: true,
} as const;

function toSummary(row: {
  id: string;
  name: string;
  start: string;
  createdAt: Date;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}): TokenSummary {
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return {
    id: row.id,
    name: row.name,
    start: row.start,
    createdAt: row.createdAt.toISOString(),
    expiresAt: iso(row.expiresAt),
    lastUsedAt: iso(row.lastUsedAt),
    revokedAt: iso(row.revokedAt),
  };
}

/** Creates a token; the returned `token` is the only time it is ever shown. */
export async function createToken(
  ctx: AuthContext,
  userId: string,
  input: NewToken,
): Promise<TokenSummary & { token: string }> {
  const { name, expiresInDays } = newTokenSchema.parse(input);
  const active = await ctx.db.apiToken.count({ where: { userId, revokedAt: null } });
  if (active >= MAX_ACTIVE_TOKENS) {
    throw new StudioError("conflict", `At most ${MAX_ACTIVE_TOKENS} tokens can be active: revoke one first.`);
  }
  const token = TOKEN_PREFIX + randomBytes(32).toString("base64url");
  const row = await ctx.db.apiToken.create({
    data: {
      userId,
      name,
      start: token.slice(0, TOKEN_PREFIX.length + 6),
      tokenHash: digest(token),
      expiresAt: expiresInDays ? new Date(ctx.now() + expiresInDays * 86_400_000) : null,
    },
    select: tokenSelect,
  });
  return { ...toSummary(row), token };
}

export async function listTokens(ctx: AuthContext, userId: string): Promise<TokenSummary[]> {
  const rows = await ctx.db.apiToken.findMany({
    where: { userId },
    select: tokenSelect,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  return rows.map(toSummary);
}

/** Revokes one of the user's own tokens (idempotent; another user's token is "not found"). */
export async function revokeToken(ctx: AuthContext, userId: string, tokenId: string): Promise<TokenSummary> {
  const row = await ctx.db.apiToken.findFirst({ where: { id: tokenId, userId }, select: tokenSelect });
  if (!row) throw new StudioError("not_found", `You have no API token with the id ${tokenId}.`);
  if (row.revokedAt) return toSummary(row);
  return toSummary(
    await ctx.db.apiToken.update({
      where: { id: tokenId },
      data: { revokedAt: new Date(ctx.now()) },
      select: tokenSelect,
    }),
  );
}

/**
 * Revokes every active token of a user (a password reset: whoever had the old password may have
 * made tokens with it). Answers how many were revoked; `db` may be a transaction.
 */
export async function revokeAllTokens(
  db: Pick<AuthContext["db"], "apiToken">,
  userId: string,
  now: number,
): Promise<number> {
  const { count } = await db.apiToken.updateMany({
    where: { userId, revokedAt: null },
    data: { revokedAt: new Date(now) },
  });
  return count;
}

/** The user a presented token acts for; throws 401 for an unknown, revoked or expired token. */
export async function userFromToken(ctx: AuthContext, token: string): Promise<StudioUser> {
  const row = await ctx.db.apiToken.findUnique({
    where: { tokenHash: digest(token) },
    include: { user: { select: { id: true, email: true, name: true, role: true, banned: true } } },
  });
  const now = ctx.now();
  if (!row || row.revokedAt || (row.expiresAt && row.expiresAt.getTime() <= now)) {
    const why = !row ? "is not a token of this studio" : row.revokedAt ? "was revoked" : "has expired";
    throw new StudioError("unauthorized", `The API token ${why}. Create a new one on the Account page.`);
  }
  if (row.user.banned) throw disabledError();
  if (!row.lastUsedAt || now - row.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS) {
    await ctx.db.apiToken.update({ where: { id: row.id }, data: { lastUsedAt: new Date(now) } });
  }
  const { id, email, name, role } = row.user;
  return { id, email, name, role: roleSchema.catch("member").parse(role), via: "token" };
}

export function disabledError(): StudioError {
  return new StudioError("account_disabled", DISABLED_MESSAGE);
}
