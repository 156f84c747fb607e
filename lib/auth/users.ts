import "server-only";
import { z } from "zod";
import { forUpdate } from "../db-dialect";
import { StudioError } from "../errors";
import type { Prisma } from "../generated/prisma/client";
import type { AuthContext } from "./context";
import { revokeAllTokens } from "./tokens";
import { emailSchema, passwordSchema, roleSchema, type Role } from "./password-policy";
import type { UserSummary } from "./types";

/**
 * Account administration: the admin page, the operator CLI and the first-admin set-up all come
 * here. Rows are written with Prisma in the shape better-auth reads (a "credential" account holds
 * the scrypt hash better-auth made), so one transaction creates a user with its password.
 */
const CREDENTIAL_PROVIDER = "credential";

const summarySelect = {
  id: true,
  email: true,
  name: true,
  role: true,
  banned: true,
  createdAt: true,
  budget: { select: { daily: true, monthly: true, dailyTokens: true, monthlyTokens: true } },
  _count: { select: { apiTokens: { where: { revokedAt: null } } } },
} satisfies Prisma.UserSelect;

function toSummary(row: Prisma.UserGetPayload<{ select: typeof summarySelect }>): UserSummary {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: roleSchema.catch("member").parse(row.role),
    disabled: row.banned,
    createdAt: row.createdAt.toISOString(),
    activeTokens: row._count.apiTokens,
    budget: row.budget,
  };
}

export async function countUsers(ctx: AuthContext): Promise<number> {
  return ctx.db.user.count();
}

export async function listUsers(ctx: AuthContext): Promise<UserSummary[]> {
  const rows = await ctx.db.user.findMany({
    select: summarySelect,
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return rows.map(toSummary);
}

export async function findUserByEmail(ctx: AuthContext, email: string): Promise<UserSummary> {
  const row = await ctx.db.user.findUnique({
    where: { email: emailSchema.parse(email) },
    select: summarySelect,
  });
  if (!row) throw new StudioError("not_found", `No user has the e-mail ${email}.`);
  return toSummary(row);
}

export type NewUser = { email: string; password: string; name?: string; role?: Role };

const newUserSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  role: roleSchema.default("member"),
});

export async function createUser(ctx: AuthContext, input: NewUser): Promise<UserSummary> {
  const { email, password, role } = newUserSchema.parse(input);
  const name = input.name?.trim() || email.split("@")[0];
  const hash = await hashPassword(ctx, password);
  try {
    const row = await ctx.db.$transaction(async (tx) => {
      const user = await tx.user.create({ data: { email, name, role } });
      await tx.account.create({
        data: { userId: user.id, accountId: user.id, providerId: CREDENTIAL_PROVIDER, password: hash },
      });
      return tx.user.findUniqueOrThrow({ where: { id: user.id }, select: summarySelect });
    });
    return toSummary(row);
  } catch (error) {
    if ((error as { code?: string }).code === "P2002") {
      throw new StudioError("conflict", `A user with the e-mail ${email} already exists.`, {
        issues: [{ path: "email", message: "is already taken", code: "already_taken" }],
      });
    }
    throw error;
  }
}

/**
 * Sets a new password (admin reset or CLI) and ends every session of that user. Their API tokens
 * are revoked too (whoever knew the old password may have made them), unless `keepTokens`.
 */
export async function resetPassword(
  ctx: AuthContext,
  userId: string,
  password: string,
  options: { keepTokens?: boolean } = {},
): Promise<{ revokedTokens: number }> {
  const hash = await hashPassword(ctx, z.object({ password: passwordSchema }).parse({ password }).password);
  await requireUser(ctx, userId);
  return ctx.db.$transaction(async (tx) => {
    const updated = await tx.account.updateMany({
      where: { userId, providerId: CREDENTIAL_PROVIDER },
      data: { password: hash },
    });
    if (updated.count === 0) {
      await tx.account.create({
        data: { userId, accountId: userId, providerId: CREDENTIAL_PROVIDER, password: hash },
      });
    }
    await tx.session.deleteMany({ where: { userId } });
    return { revokedTokens: options.keepTokens ? 0 : await revokeAllTokens(tx, userId, ctx.now()) };
  });
}

export type UserPatch = { disabled?: boolean; role?: Role; name?: string };

/**
 * Disabling ends the user's sessions at once; their API tokens are refused while disabled and work
 * again if the account is enabled. The last enabled admin can be neither disabled nor demoted.
 */
export async function updateUser(ctx: AuthContext, userId: string, patch: UserPatch): Promise<UserSummary> {
  const user = await requireUser(ctx, userId);
  const losesAdmin =
    user.role === "admin" &&
    !user.banned &&
    (patch.disabled === true || (patch.role && patch.role !== "admin"));
  await ctx.db.$transaction(async (tx) => {
    if (losesAdmin) await keepOneAdmin(tx, userId, patch.disabled ? "disable" : "demote");
    await tx.user.update({
      where: { id: userId },
      data: {
        ...(patch.disabled !== undefined && {
          banned: patch.disabled,
          banReason: patch.disabled ? "disabled" : null,
        }),
        ...(patch.role && { role: roleSchema.parse(patch.role) }),
        ...(patch.name !== undefined && { name: patch.name.trim() || user.email.split("@")[0] }),
      },
    });
    if (patch.disabled) await tx.session.deleteMany({ where: { userId } });
  });
  return toSummary(await ctx.db.user.findUniqueOrThrow({ where: { id: userId }, select: summarySelect }));
}

/**
 * Removes the user with their sessions, tokens, password and budget (cascades). What they made
 * stays, with no owner (the foreign keys clear it): admins only see it, and `claim-unowned` gives
 * it to someone (docs/decisions/ownership.md).
 */
export async function deleteUser(ctx: AuthContext, userId: string): Promise<void> {
  const user = await requireUser(ctx, userId);
  await ctx.db.$transaction(async (tx) => {
    if (user.role === "admin" && !user.banned) await keepOneAdmin(tx, userId, "delete");
    await tx.user.delete({ where: { id: userId } });
  });
}

// Two admins demoting each other at once must not both succeed: the enabled admins' rows are
// locked while this transaction decides (on PostgreSQL; SQLite's one writer serializes it anyway).
async function keepOneAdmin(tx: Prisma.TransactionClient, userId: string, action: string): Promise<void> {
  const admins = await tx.$queryRaw<{ id: string }[]>`
    SELECT "id" FROM "User" WHERE "role" = 'admin' AND "banned" = ${false} ${forUpdate(tx)}`;
  if (!admins.some((admin) => admin.id !== userId)) {
    throw new StudioError(
      "conflict",
      `Cannot ${action} the last enabled admin: make another user admin first, or nobody could manage this studio.`,
    );
  }
}

async function requireUser(ctx: AuthContext, userId: string) {
  const user = await ctx.db.user.findUnique({ where: { id: userId } });
  if (!user) throw new StudioError("not_found", `No user has the id ${userId}.`);
  return user;
}

async function hashPassword(ctx: AuthContext, password: string): Promise<string> {
  return (await ctx.auth.$context).password.hash(password);
}
