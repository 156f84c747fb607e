import { ownedBy, type Viewer } from "../auth/scope";
import { sqlDialect, type Db, type SqlDialect } from "../db-client";
import { Prisma } from "../generated/prisma/client";
import { DEFAULT_PAGE_SIZE, type GalleryFilters } from "./filters";
import { choosePagePlan, countableInIndex, countIndexMatches } from "./prompt-search-sql";
import { parsePromptSearch } from "./search";
import { approximateTaskCount } from "./task-count";
import { filterCondition } from "./where";

/**
 * The first page's total (docs/decisions/gallery.md, "Totals at scale"): exact up to TOTAL_BOUND
 * when counting it fits in its time budget, otherwise an estimate that says it is one (the UI
 * shows "about 120,000 items"). An exact COUNT(*) of a broad filter reads every match, far more
 * than the page itself at a million items, on every filter change.
 */
export const TOTAL_BOUND = 10_000;

/**
 * PostgreSQL stops the capped count after this long (statement_timeout in the count's own
 * transaction) and estimates instead; a count that reads 10,001 index entries takes a few ms, so
 * only counts that must test many rows per match hit it. SQLite has no statement timeout: its
 * capped count is bounded by the cap alone.
 */
export const COUNT_BUDGET_MS = 20;

/** How many of the newest tasks an estimate looks at, to take the filters' share of them. */
const SAMPLE = 2_000;

export type GalleryTotal = { total: number; totalIsEstimate: boolean };

export async function galleryTotal(
  db: Db,
  viewer: Viewer,
  filters: GalleryFilters,
  { countBudgetMs = COUNT_BUDGET_MS } = {},
): Promise<GalleryTotal> {
  const sample = await sampleMatches(db, viewer, filters);
  // Plainly far past the bound: no count (it would only run into its budget or its cap).
  if (sample.matches >= MIN_SAMPLE_MATCHES && sample.estimate > 2 * TOTAL_BOUND)
    return { total: roughly(sample.estimate), totalIsEstimate: true };
  const counted = await cappedCount(db, viewer, filters, countBudgetMs);
  if (counted !== "timed out" && counted <= TOTAL_BOUND) return { total: counted, totalIsEstimate: false };
  // A few matches in the sample still beat the planner, which prices a prefix word at a flat 2%.
  const estimate = sample.matches > 0 ? sample.estimate : await plannerEstimate(db, viewer, filters);
  // A count past the bound proves at least that many, whatever the estimate says.
  const total = counted === "timed out" ? estimate : Math.max(estimate, counted);
  return { total: roughly(total), totalIsEstimate: true };
}

/** Matches up to TOTAL_BOUND + 1 (one more tells "exactly 10,000" from "more"). */
async function cappedCount(
  db: Db,
  viewer: Viewer,
  filters: GalleryFilters,
  budgetMs: number,
): Promise<number | "timed out"> {
  const cap = TOTAL_BOUND + 1;
  // A search alone, over everything the viewer sees: the search index holds the answer.
  const { q, ...others } = filters;
  const search = parsePromptSearch(q);
  const searchOnly = Object.values(others).every((value) => value === undefined || value === "");
  const seesAll = !("userId" in ownedBy(viewer, filters.user));
  if (search && searchOnly && seesAll && countableInIndex(search)) {
    return withinBudget(db, budgetMs, (tx) => countIndexMatches(tx, search, cap));
  }
  // SQLite counts a common word faster walking another filter's index against the FTS5 list
  // (prompt-search-sql.ts); PostgreSQL's planner reads both sides for a count as it should.
  const plan =
    search && sqlDialect(db) === "sqlite" ? await choosePagePlan(db, search, DEFAULT_PAGE_SIZE) : undefined;
  const where = filterCondition(sqlDialect(db), viewer, filters, plan);
  return withinBudget(db, budgetMs, async (tx) => {
    // COUNT is a bigint on PostgreSQL.
    const rows = await tx.$queryRaw<{ n: bigint | number }[]>`
      SELECT COUNT(*) AS "n" FROM (SELECT 1 FROM "Task" t WHERE ${where} LIMIT ${cap}) AS "capped"`;
    return Number(rows[0]?.n ?? 0);
  });
}

type Tx = Pick<Db, "$queryRaw" | "$executeRawUnsafe">;

async function withinBudget(
  db: Db,
  budgetMs: number,
  count: (tx: Db) => Promise<number>,
): Promise<number | "timed out"> {
  if (sqlDialect(db) !== "postgresql") return count(db);
  try {
    return await db.$transaction(async (tx) => {
      // SET takes no parameter; a whole number of ms keeps the text a number.
      await (tx as Tx).$executeRawUnsafe(
        `SET LOCAL statement_timeout = ${Math.max(1, Math.round(budgetMs))}`,
      );
      return count(tx as Db);
    });
  } catch (error) {
    if (isStatementTimeout(error)) return "timed out";
    throw error;
  }
}

/** PostgreSQL's "canceling statement due to statement timeout" (SQLSTATE 57014) through Prisma's adapter. */
function isStatementTimeout(error: unknown): boolean {
  const cause = (error as { meta?: { driverAdapterError?: { cause?: { code?: unknown } } } })?.meta
    ?.driverAdapterError?.cause;
  return String(cause?.code ?? "") === "57014";
}

/** Fewer matches in the sample say too little about the share (±22% at 20). */
const MIN_SAMPLE_MATCHES = 20;

/**
 * The filters' share of the newest SAMPLE tasks they can reach, times how many tasks they can
 * reach: what the user scrolls through (newest first) is what the estimate is made of. "Can
 * reach" is the viewer's scope, the dates and the batch — filters that pick tasks by when they
 * were made, whose share among the newest says nothing about older ones — counted on SQLite (an
 * index range), estimated by PostgreSQL's planner (its statistics know dates and batches).
 */
async function sampleMatches(db: Db, viewer: Viewer, filters: GalleryFilters) {
  const dialect = sqlDialect(db);
  const { user, from, to, batch } = filters;
  const reach = filterCondition(dialect, viewer, { user, from, to, batch });
  const [sample] = await db.$queryRaw<{ sampled: bigint | number; matches: bigint | number | null }[]>(
    sampleSql(dialect, viewer, filters),
  );
  const sampled = Number(sample?.sampled ?? 0);
  const matches = Number(sample?.matches ?? 0);
  const narrowed = [user, from, to, batch].some((v) => v !== undefined) || "userId" in ownedBy(viewer);
  const reachable = !narrowed
    ? await approximateTaskCount(db)
    : dialect === "postgresql"
      ? await plannedRows(db, reach)
      : Number(
          (
            await db.$queryRaw<{ n: bigint | number }[]>`SELECT COUNT(*) AS "n" FROM "Task" t WHERE ${reach}`
          )[0]?.n ?? 0,
        );
  return { matches, estimate: sampled ? (matches / sampled) * Math.max(reachable, sampled) : 0 };
}

/**
 * The estimate's sample: how many of the newest SAMPLE tasks the filters can reach, and how many of
 * them match (gallery-plans.test.ts checks its plan). The walk plan tests the search and the tag
 * per sampled row instead of reading every match of them first.
 */
export function sampleSql(dialect: SqlDialect, viewer: Viewer, filters: GalleryFilters): Prisma.Sql {
  const { user, from, to, batch, ...rest } = filters;
  const reach = filterCondition(dialect, viewer, { user, from, to, batch });
  const matching = filterCondition(dialect, viewer, rest, "walk");
  // SQLite's FTS condition reads Task's rowid: the sample keeps it under that name.
  const columns = dialect === "postgresql" ? Prisma.sql`t.*` : Prisma.sql`t.rowid AS rowid, t.*`;
  return Prisma.sql`
    SELECT COUNT(*) AS "sampled", SUM(CASE WHEN ${matching} THEN 1 ELSE 0 END) AS "matches" FROM (
      SELECT ${columns} FROM "Task" t WHERE ${reach} ORDER BY t."submittedAt" DESC, t."id" DESC LIMIT ${SAMPLE}
    ) t`;
}

/** PostgreSQL's own estimate of the matches (SQLite: none, 0), for filters the sample cannot judge. */
async function plannerEstimate(db: Db, viewer: Viewer, filters: GalleryFilters): Promise<number> {
  if (sqlDialect(db) !== "postgresql") return 0;
  return plannedRows(db, filterCondition("postgresql", viewer, filters));
}

async function plannedRows(db: Db, where: Prisma.Sql): Promise<number> {
  const [plan] = await db.$queryRaw<{ "QUERY PLAN": [{ Plan: { "Plan Rows": number } }] }[]>`
    EXPLAIN (FORMAT JSON) SELECT 1 FROM "Task" t WHERE ${where}`;
  return plan?.["QUERY PLAN"]?.[0]?.Plan?.["Plan Rows"] ?? 0;
}

/** Two significant digits: an estimate that does not pretend to be a count (123,456 → 120,000). */
function roughly(n: number): number {
  return n < 100 ? Math.round(n) : Number(Math.round(n).toPrecision(2));
}
