import type { Viewer } from "../auth/scope";
import { sqlDialect, type Db } from "../db-client";
import { Prisma } from "../generated/prisma/client";
import { decodeCursor, encodeCursor, type PageCursor } from "../http/page-cursor";
import { DEFAULT_PAGE_SIZE, type GalleryFilters, type GalleryListQuery } from "./filters";
import { itemListSelect, missingThumbnails, toGalleryItem } from "./item-select";
import { choosePagePlan } from "./prompt-search-sql";
import { decodeScoreCursor, encodeScoreCursor, selectScoreKeys, withTakeScores } from "./score-order";
import { parsePromptSearch } from "./search";
import { withShownMatches } from "./shown-match";
import { scheduleThumbnails } from "./thumbnail-backfill";
import { galleryTotal } from "./total";
import type { GalleryPage } from "./types";
import { and, cursorCondition, filterCondition, submittedAtText } from "./where";

/** `score`: the take's score, in the score order only (score-order.ts). */
type KeyRow = { id: string; submittedAt: string; score?: number | null };
type KeyOptions = {
  cursor?: PageCursor;
  limit: number;
  direction?: "older" | "newer";
  /** One more condition on `Task t` (score-order.ts: the items without a take score). */
  where?: Prisma.Sql;
};

/**
 * Ids of matching tasks in gallery order (newest first, id as tie-break), after `cursor`.
 * Raw SQL because the prompt search uses each database's full-text search, which Prisma does not model.
 */
export async function selectTaskKeys(
  db: Db,
  viewer: Viewer,
  filters: GalleryFilters,
  options: KeyOptions,
): Promise<KeyRow[]> {
  return db.$queryRaw<KeyRow[]>(await taskKeysSql(db, viewer, filters, options));
}

/** The page query itself; plan checks (gallery-plans.test.ts) EXPLAIN exactly this. */
export async function taskKeysSql(
  db: Db,
  viewer: Viewer,
  filters: GalleryFilters,
  options: KeyOptions,
): Promise<Prisma.Sql> {
  const dialect = sqlDialect(db);
  const direction = options.direction ?? "older";
  const search = parsePromptSearch(filters.q);
  const plan = search ? await choosePagePlan(db, search, options.limit) : undefined;
  const conditions = [filterCondition(dialect, viewer, filters, plan)];
  if (options.cursor) conditions.push(cursorCondition(dialect, options.cursor, direction));
  if (options.where) conditions.push(options.where);
  const order = Prisma.raw(direction === "older" ? "DESC" : "ASC");
  // A lookup on PostgreSQL sorts by an expression no index gives: otherwise the planner, which prices
  // a prefix word at a flat 2% of rows, walks the gallery-order index testing each task, and a word
  // with no match reads all of them (5.8 s at 1,000,000 tasks) instead of its index entries (< 1 ms).
  const sortKey =
    plan === "lookup" && search?.include.length && dialect === "postgresql"
      ? Prisma.sql`(t."submittedAt" + interval '0 seconds')`
      : Prisma.sql`t."submittedAt"`;
  return Prisma.sql`
    SELECT t."id" AS "id", ${submittedAtText(dialect)} AS "submittedAt" FROM "Task" t
    WHERE ${and(...conditions)} ORDER BY ${sortKey} ${order}, t."id" ${order} LIMIT ${options.limit}`;
}

/** One page of the gallery (what the viewer may see): the list API's whole job. */
export async function listGalleryItems(
  db: Db,
  viewer: Viewer,
  query: GalleryListQuery,
): Promise<GalleryPage> {
  const { cursor: cursorParam, limit = DEFAULT_PAGE_SIZE, ...filters } = query;
  const byScore = filters.sort === "score";
  const pageKeys = (): Promise<KeyRow[]> =>
    byScore
      ? selectScoreKeys(db, viewer, filters, {
          cursor: cursorParam ? decodeScoreCursor(cursorParam) : undefined,
          limit: limit + 1,
        })
      : selectTaskKeys(db, viewer, filters, {
          cursor: cursorParam ? decodeCursor(cursorParam) : undefined,
          limit: limit + 1,
        });

  const [keys, total] = await Promise.all([
    pageKeys(),
    cursorParam ? Promise.resolve(null) : galleryTotal(db, viewer, filters),
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
  const items = ordered.map((row) => toGalleryItem(row));
  return {
    items: await withShownMatches(
      db,
      byScore ? await withTakeScores(db, items) : items,
      parsePromptSearch(filters.q),
    ),
    nextCursor:
      keys.length > limit && last
        ? byScore
          ? encodeScoreCursor({ ...last, score: last.score ?? null })
          : encodeCursor(last)
        : null,
    total: total?.total ?? null,
    ...(total?.totalIsEstimate ? { totalIsEstimate: true } : {}),
  };
}
