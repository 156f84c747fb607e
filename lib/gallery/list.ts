import { ownedBy, type Viewer } from "../auth/scope";
import { sqlDialect, type Db } from "../db-client";
import { Prisma } from "../generated/prisma/client";
import { decodeCursor, encodeCursor, type PageCursor } from "../http/page-cursor";
import { DEFAULT_PAGE_SIZE, type GalleryFilters, type GalleryListQuery } from "./filters";
import { itemListSelect, missingThumbnails, toGalleryItem } from "./item-select";
import { choosePagePlan, countableInIndex } from "./prompt-search-sql";
import { parsePromptSearch } from "./search";
import { withShownMatches } from "./shown-match";
import { countSearchIndexMatches } from "./shown-search-sql";
import { scheduleThumbnails } from "./thumbnail-backfill";
import type { GalleryPage } from "./types";
import { and, cursorCondition, filterCondition, submittedAtText } from "./where";

type KeyRow = { id: string; submittedAt: string };

/**
 * Ids of matching tasks in gallery order (newest first, id as tie-break), after `cursor`.
 * Raw SQL because the prompt search uses each database's full-text search, which Prisma does not model.
 */
export async function selectTaskKeys(
  db: Db,
  viewer: Viewer,
  filters: GalleryFilters,
  options: { cursor?: PageCursor; limit: number; direction?: "older" | "newer" },
): Promise<KeyRow[]> {
  return db.$queryRaw<KeyRow[]>(await taskKeysSql(db, viewer, filters, options));
}

/** The page query itself; plan checks (gallery-plans.test.ts) EXPLAIN exactly this. */
export async function taskKeysSql(
  db: Db,
  viewer: Viewer,
  filters: GalleryFilters,
  options: { cursor?: PageCursor; limit: number; direction?: "older" | "newer" },
): Promise<Prisma.Sql> {
  const dialect = sqlDialect(db);
  const direction = options.direction ?? "older";
  const search = parsePromptSearch(filters.q);
  const plan = search ? await choosePagePlan(db, search, options.limit) : undefined;
  const conditions = [filterCondition(dialect, viewer, filters, plan)];
  if (options.cursor) conditions.push(cursorCondition(dialect, options.cursor, direction));
  const order = Prisma.raw(direction === "older" ? "DESC" : "ASC");
  return Prisma.sql`
    SELECT t."id" AS "id", ${submittedAtText(dialect)} AS "submittedAt" FROM "Task" t
    WHERE ${and(...conditions)} ORDER BY t."submittedAt" ${order}, t."id" ${order} LIMIT ${options.limit}`;
}

/**
 * Counting stops here (docs/decisions/gallery.md): beyond it the first page says "10,000+". A count
 * capped by LIMIT reads at most this many index entries, so it costs the same at 1,000,000 items as at
 * 10,000, where an exact COUNT(*) of a broad filter reads them all on every filter change.
 */
export const TOTAL_BOUND = 10_000;

type Total = { total: number; totalIsLowerBound: boolean };

async function countTasks(db: Db, viewer: Viewer, filters: GalleryFilters): Promise<Total> {
  // A search alone, over everything the viewer sees: the search index holds the answer.
  const { q, ...others } = filters;
  const search = parsePromptSearch(q);
  const searchOnly = Object.values(others).every((value) => value === undefined || value === "");
  if (search && searchOnly && countableInIndex(search) && !("userId" in ownedBy(viewer, filters.user))) {
    // Counted in the search index alone, capped like every other count.
    const n = await countSearchIndexMatches(db, search, TOTAL_BOUND + 1);
    return n > TOTAL_BOUND
      ? { total: TOTAL_BOUND, totalIsLowerBound: true }
      : { total: n, totalIsLowerBound: false };
  }
  const where = filterCondition(sqlDialect(db), viewer, filters);
  // One row past the bound tells "exactly 10,000" from "more". COUNT is a bigint on PostgreSQL.
  const rows = await db.$queryRaw<{ n: bigint | number }[]>`
    SELECT COUNT(*) AS "n" FROM (SELECT 1 FROM "Task" t WHERE ${where} LIMIT ${TOTAL_BOUND + 1}) AS "capped"`;
  const n = Number(rows[0]?.n ?? 0);
  return n > TOTAL_BOUND
    ? { total: TOTAL_BOUND, totalIsLowerBound: true }
    : { total: n, totalIsLowerBound: false };
}

/** One page of the gallery (what the viewer may see): the list API's whole job. */
export async function listGalleryItems(
  db: Db,
  viewer: Viewer,
  query: GalleryListQuery,
): Promise<GalleryPage> {
  const { cursor: cursorParam, limit = DEFAULT_PAGE_SIZE, ...filters } = query;
  const cursor = cursorParam ? decodeCursor(cursorParam) : undefined;

  const [keys, total] = await Promise.all([
    selectTaskKeys(db, viewer, filters, { cursor, limit: limit + 1 }),
    cursor ? Promise.resolve(null) : countTasks(db, viewer, filters),
  ]);
  const page = keys.slice(0, limit);
  const rows = page.length
    ? await db.task.findMany({ where: { id: { in: page.map((k) => k.id) } }, select: itemListSelect })
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  // A row deleted between the two queries is simply skipped; the cursor still advances past it.
  const ordered = page.flatMap((k) => byId.get(k.id) ?? []);

  // Tiles show a placeholder (never the full-size original) until these are made.
  const missing = missingThumbnails(ordered);
  if (missing.length) scheduleThumbnails(db, missing);

  const last = page.at(-1);
  return {
    items: await withShownMatches(
      db,
      ordered.map((row) => toGalleryItem(row)),
      parsePromptSearch(filters.q),
    ),
    nextCursor: keys.length > limit && last ? encodeCursor(last) : null,
    total: total?.total ?? null,
    ...(total?.totalIsLowerBound ? { totalIsLowerBound: true } : {}),
  };
}
