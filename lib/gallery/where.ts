import { ownedBySql, type Viewer } from "../auth/scope";
import type { SqlDialect } from "../db-client";
import { Prisma } from "../generated/prisma/client";
import type { PageCursor } from "../http/page-cursor";
import { endOf, startOf, type GalleryFilters } from "./filters";
import type { SearchPlan } from "./prompt-search-sql";
import { parsePromptSearch } from "./search";
import { searchConditions } from "./shown-search-sql";
import { normalizeTagName } from "./tag-names";

/**
 * Prisma writes DateTime to SQLite as ISO text with a "+00:00" offset; bounds are written the same
 * way so that SQLite's text comparison orders them correctly.
 */
export function toDbTime(date: Date): string {
  return date.toISOString().replace("Z", "+00:00");
}

/**
 * A point in time to compare Task.submittedAt with. SQLite stores it as text and compares text;
 * PostgreSQL stores a `timestamp(3)` holding UTC, and a text cast to `timestamp` reads the clock
 * time and ignores any offset, so the value never passes through the session's time zone.
 */
function timeValue(dialect: SqlDialect, isoText: string): Prisma.Sql {
  return dialect === "postgresql" ? Prisma.sql`CAST(${isoText} AS timestamp(3))` : Prisma.sql`${isoText}`;
}

/**
 * Task.submittedAt exactly as stored, as text: the page cursor carries it, so that paging compares
 * the same instant the row holds (SQLite: Prisma's ISO text; PostgreSQL: the UTC clock time).
 */
export function submittedAtText(dialect: SqlDialect): Prisma.Sql {
  return dialect === "postgresql"
    ? Prisma.sql`to_char(t."submittedAt", 'YYYY-MM-DD"T"HH24:MI:SS.MS')`
    : Prisma.sql`CAST(t."submittedAt" AS TEXT)`;
}

/**
 * Every filter as one SQL condition on `Task t` (ANDed), in the order SQLite can use the indexes
 * on Task, always within what the viewer may see (lib/auth/scope.ts; `user` narrows an admin's view).
 * `scope` replaces that ownership condition where the caller has already decided what the viewer
 * sees — a collection's items page joins the collection after checking the viewer's power over it
 * (lib/collections/item-page.ts), and a member sees the owner's items there.
 */
export function filterCondition(
  dialect: SqlDialect,
  viewer: Viewer,
  filters: GalleryFilters,
  searchPlan?: SearchPlan,
  scope: Prisma.Sql = ownedBySql(viewer, filters.user),
): Prisma.Sql {
  const parts: Prisma.Sql[] = [scope];

  if (filters.type) parts.push(Prisma.sql`t."kind" = ${filters.type}`);
  if (filters.batch) parts.push(Prisma.sql`t."batchId" = ${filters.batch}`);
  if (filters.model) parts.push(Prisma.sql`t."model" = ${filters.model}`);
  if (filters.status === "expired") {
    // "Expired" means a result the upstream no longer serves and the studio could not store.
    // Uncorrelated IN: one pass over Media's status index instead of one probe per task.
    parts.push(
      Prisma.sql`(t."mediaState" = 'expired' OR t."id" IN (SELECT m."taskId" FROM "Media" m WHERE m."status" = 'expired'))`,
    );
  } else if (filters.status) {
    parts.push(Prisma.sql`t."status" = ${filters.status}`);
  }
  if (filters.favorite !== undefined) {
    // SQLite keeps booleans as 0/1.
    const favorite = dialect === "postgresql" ? filters.favorite : Number(filters.favorite);
    parts.push(Prisma.sql`t."favorite" = ${favorite}`);
  }
  if (filters.rating !== undefined) parts.push(Prisma.sql`t."rating" >= ${filters.rating}`);
  if (filters.tag) {
    const name = normalizeTagName(filters.tag);
    // Tested row by row (a walk: the estimate's sample, a collection's page), a probe of TaskTag's
    // key per row; an uncorrelated IN there hashes every task carrying the tag first (25,000 at a
    // million tasks: ~25 ms for a 2,000-row sample). A page of its own lets the planner choose.
    parts.push(
      searchPlan === "walk"
        ? Prisma.sql`EXISTS (SELECT 1 FROM "TaskTag" tt JOIN "Tag" g ON g."id" = tt."tagId" WHERE tt."taskId" = t."id" AND g."name" = ${name})`
        : Prisma.sql`t."id" IN (SELECT tt."taskId" FROM "TaskTag" tt JOIN "Tag" g ON g."id" = tt."tagId" WHERE g."name" = ${name})`,
    );
  }
  if (filters.from)
    parts.push(Prisma.sql`t."submittedAt" >= ${timeValue(dialect, toDbTime(startOf(filters.from)))}`);
  if (filters.to)
    parts.push(Prisma.sql`t."submittedAt" < ${timeValue(dialect, toDbTime(endOf(filters.to)))}`);

  const search = parsePromptSearch(filters.q);
  if (search) parts.push(...searchConditions(dialect, search, searchPlan));
  return and(...parts);
}

/**
 * Items strictly after (older than) the cursor in the gallery order, or strictly before it
 * (newer) for the previous-item lookup of the detail view.
 */
export function cursorCondition(
  dialect: SqlDialect,
  cursor: PageCursor,
  direction: "older" | "newer" = "older",
): Prisma.Sql {
  const op = Prisma.raw(direction === "older" ? "<" : ">");
  const at = timeValue(dialect, cursor.submittedAt);
  return Prisma.sql`(t."submittedAt" ${op} ${at} OR (t."submittedAt" = ${at} AND t."id" ${op} ${cursor.id}))`;
}

export function and(...conditions: Prisma.Sql[]): Prisma.Sql {
  if (conditions.length === 0) return Prisma.sql`1 = 1`;
  return Prisma.join(
    conditions.map((c) => Prisma.sql`(${c})`),
    " AND ",
  );
}
