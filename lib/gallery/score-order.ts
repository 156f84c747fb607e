import type { Viewer } from "../auth/scope";
import { sqlDialect, type Db } from "../db-client";
import { StudioError } from "../errors";
import { Prisma } from "../generated/prisma/client";
import { isStoredInstant } from "../http/page-cursor";
import type { GalleryFilters } from "./filters";
import type { GalleryItem } from "./types";
import { selectTaskKeys } from "./list";
import { and, cursorCondition, filterCondition, submittedAtText } from "./where";

/**
 * The gallery's "best score first" (issue 25 part 4): the items whose take has a score (0–5,
 * TaskDescription.score), highest first, then every other item; equal scores and the unscored
 * items newest first (submittedAt, then id, as the default order).
 *
 * Two regions, each read by keyset like the default order: the scored one sorts only the scored
 * takes (few: scoring is opted into per batch or shot; TaskDescription's score index finds them),
 * the unscored one walks the gallery's own order with the scored ids left out, so a million
 * unscored items are never sorted. The cursor carries the score (null in the unscored region) with
 * the instant and id, so a page never repeats an item or skips one while items are added: a new
 * item lands before or after the cursor by its key, like a new task in the default order.
 */
export type ScoreCursor = { score: number | null; submittedAt: string; id: string };
export type ScoreKeyRow = { id: string; submittedAt: string; score: number | null };

export function encodeScoreCursor(cursor: ScoreCursor): string {
  return Buffer.from(JSON.stringify([cursor.score, cursor.submittedAt, cursor.id]), "utf8").toString(
    "base64url",
  );
}

export function decodeScoreCursor(value: string): ScoreCursor {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
    if (
      Array.isArray(parsed) &&
      parsed.length === 3 &&
      (parsed[0] === null || Number.isInteger(parsed[0])) &&
      typeof parsed[1] === "string" &&
      typeof parsed[2] === "string" &&
      isStoredInstant(parsed[1])
    ) {
      return { score: parsed[0] as number | null, submittedAt: parsed[1], id: parsed[2] };
    }
  } catch {
    // fall through to the error below
  }
  throw new StudioError("invalid_request", "cursor: is not a cursor returned by this API for sort=score", {
    issues: [{ path: "cursor", message: "is not a cursor returned by this API for sort=score" }],
  });
}

/** Uncorrelated: one pass over the score index, not a probe per task. */
const unscored = Prisma.sql`t."id" NOT IN (SELECT ds."taskId" FROM "TaskDescription" ds WHERE ds."score" IS NOT NULL)`;

/**
 * Keys of matching items in score order after `cursor` ("older": further down the order), or
 * before it ("newer": the previous item, nearest first), at most `limit`.
 */
export async function selectScoreKeys(
  db: Db,
  viewer: Viewer,
  filters: GalleryFilters,
  options: { cursor?: ScoreCursor; limit: number; direction?: "older" | "newer" },
): Promise<ScoreKeyRow[]> {
  const { cursor, limit } = options;
  const direction = options.direction ?? "older";
  const keys: ScoreKeyRow[] = [];
  const scored = () => selectScored(db, viewer, filters, { cursor, limit, direction });
  const rest = (after?: ScoreCursor) =>
    selectTaskKeys(db, viewer, filters, {
      cursor: after,
      limit: limit - keys.length,
      direction,
      where: unscored,
    }).then((rows) => rows.map((r) => ({ ...r, score: null })));

  if (direction === "older") {
    if (!cursor || cursor.score !== null) keys.push(...(await scored()));
    if (keys.length < limit) keys.push(...(await rest(cursor?.score === null ? cursor : undefined)));
  } else {
    if (cursor?.score === null) keys.push(...(await rest(cursor)));
    if (keys.length < limit && cursor) keys.push(...(await scored()));
  }
  return keys;
}

/** The scored region: score, then submittedAt and id, descending ("older") or ascending ("newer"). */
async function selectScored(
  db: Db,
  viewer: Viewer,
  filters: GalleryFilters,
  options: { cursor?: ScoreCursor; limit: number; direction: "older" | "newer" },
): Promise<ScoreKeyRow[]> {
  const dialect = sqlDialect(db);
  const { cursor, direction } = options;
  const conditions = [Prisma.sql`ds."score" IS NOT NULL`, filterCondition(dialect, viewer, filters)];
  // Going back from the unscored region, every scored item comes before the cursor.
  if (cursor && cursor.score !== null) {
    const op = Prisma.raw(direction === "older" ? "<" : ">");
    conditions.push(
      Prisma.sql`(ds."score" ${op} ${cursor.score} OR (ds."score" = ${cursor.score} AND ${cursorCondition(dialect, cursor, direction)}))`,
    );
  }
  const order = Prisma.raw(direction === "older" ? "DESC" : "ASC");
  const rows = await db.$queryRaw<{ id: string; submittedAt: string; score: number | bigint }[]>`
    SELECT t."id" AS "id", ${submittedAtText(dialect)} AS "submittedAt", ds."score" AS "score"
    FROM "Task" t JOIN "TaskDescription" ds ON ds."taskId" = t."id"
    WHERE ${and(...conditions)}
    ORDER BY ds."score" ${order}, t."submittedAt" ${order}, t."id" ${order} LIMIT ${options.limit}`;
  return rows.map((r) => ({ id: r.id, submittedAt: r.submittedAt, score: Number(r.score) }));
}

/** The detail view's previous and next item in score order. */
export async function scoreNeighbours(
  db: Db,
  viewer: Viewer,
  id: string,
  filters: GalleryFilters,
): Promise<{ prevId: string | null; nextId: string | null }> {
  const [position] = await db.$queryRaw<{ submittedAt: string; score: number | bigint | null }[]>`
    SELECT ${submittedAtText(sqlDialect(db))} AS "submittedAt", ds."score" AS "score"
    FROM "Task" t LEFT JOIN "TaskDescription" ds ON ds."taskId" = t."id" WHERE t."id" = ${id}`;
  if (!position) return { prevId: null, nextId: null };
  const cursor = {
    id,
    submittedAt: position.submittedAt,
    score: position.score === null ? null : Number(position.score),
  };
  const [[prev], [next]] = await Promise.all([
    selectScoreKeys(db, viewer, filters, { cursor, limit: 1, direction: "newer" }),
    selectScoreKeys(db, viewer, filters, { cursor, limit: 1, direction: "older" }),
  ]);
  return { prevId: prev?.id ?? null, nextId: next?.id ?? null };
}

/** The page's items with their take scores, for the cards of the score order (one query). */
export async function withTakeScores(db: Db, items: GalleryItem[]): Promise<GalleryItem[]> {
  if (!items.length) return items;
  const rows = await db.taskDescription.findMany({
    where: { taskId: { in: items.map((i) => i.id) }, score: { not: null } },
    select: { taskId: true, score: true, scoreReason: true },
  });
  const byTask = new Map(rows.map((r) => [r.taskId, { score: r.score!, reason: r.scoreReason ?? "" }]));
  return items.map((item) => {
    const takeScore = byTask.get(item.id);
    return takeScore ? { ...item, takeScore } : item;
  });
}
