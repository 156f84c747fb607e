import { StudioError } from "../errors";
import { Prisma } from "../generated/prisma/client";
import type { StudioUser } from "./types";

/**
 * Ownership (issue 10 part 3, docs/decisions/ownership.md): tasks (gallery items), batches,
 * conversations and attachments carry the id of the user who made them (`userId`). Members see and
 * change only their own; admins see everyone's and may narrow to one user. Rows with a null owner
 * (made before accounts, or with accounts off) are seen by admins only. Another user's row is
 * answered exactly like a row that does not exist (404), never with its content or a 403.
 *
 * One module decides it: every read, write and list in lib/ takes the viewer and goes through
 * `ownedBy` (Prisma) or `ownedBySql` (the gallery's raw SQL).
 */
export type Viewer = Pick<StudioUser, "id" | "role" | "via">;

/** The admin user filter's value for rows nobody owns. */
export const UNOWNED = "none";

/**
 * The owner stored on what `user` makes: their id; null with accounts off (the implicit local
 * admin is no database row, and everything made then stays visible to every admin later).
 */
export function ownerOf(user: Viewer): string | null {
  return user.via === "local" ? null : user.id;
}

/**
 * A Prisma `where` fragment for a model with a `userId` column: members → their own rows; admins →
 * every row, or one user's (`user`: a user id, or UNOWNED for rows with no owner). A member's `user`
 * filter is ignored: they only ever see their own.
 */
export function ownedBy(viewer: Viewer, user?: string): { userId?: string | null } {
  if (viewer.role !== "admin") return { userId: viewer.id };
  if (user === undefined || user === "") return {};
  return { userId: user === UNOWNED ? null : user };
}

/** `ownedBy(viewer)` for a row already read (its `userId`): whether the viewer may see it. */
export function isVisibleTo(viewer: Viewer, row: { userId: string | null }): boolean {
  return viewer.role === "admin" || row.userId === viewer.id;
}

/**
 * `ownedBy` as a SQL condition on the table alias `t` (the gallery's queries are raw SQL for the
 * prompt search); the same on SQLite and PostgreSQL.
 */
export function ownedBySql(viewer: Viewer, user?: string): Prisma.Sql {
  const where = ownedBy(viewer, user);
  if (!("userId" in where)) return Prisma.sql`1 = 1`;
  if (where.userId === null) return Prisma.sql`t."userId" IS NULL`;
  return Prisma.sql`t."userId" = ${where.userId}`;
}

/** Whether the viewer may see a row owned by `ownerId`. */
export function canSee(viewer: Viewer, ownerId: string | null): boolean {
  return viewer.role === "admin" || (ownerId !== null && ownerId === viewer.id);
}

/**
 * The row if the viewer may see it; otherwise — missing or someone else's — the same 404, so an
 * answer never tells that another user's item exists.
 */
export function visibleOr404<T extends { userId: string | null }>(
  viewer: Viewer,
  row: T | null | undefined,
  message: string,
): T {
  if (!row || !canSee(viewer, row.userId)) throw new StudioError("not_found", message);
  return row;
}
