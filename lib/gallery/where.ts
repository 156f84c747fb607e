import { ownedBySql, type Viewer } from "../auth/scope";
import type { PageCursor } from "../http/page-cursor";
import { endOf, startOf, type GalleryFilters } from "./filters";
import { parsePromptSearch } from "./search";
import { normalizeTagName } from "./tag-names";

/** A SQL condition on `Task t` with its positional parameters. */
export type SqlCondition = { sql: string; params: (string | number)[] };

/**
 * Prisma writes DateTime to SQLite as ISO text with a "+00:00" offset; bounds are written the same
 * way so that SQLite's text comparison orders them correctly.
 */
export function toDbTime(date: Date): string {
  return date.toISOString().replace("Z", "+00:00");
}

/**
 * Every filter as one SQL condition (ANDed), in the order SQLite can use the indexes on Task,
 * always within what the viewer may see (lib/auth/scope.ts; `user` narrows an admin's view).
 */
export function filterCondition(viewer: Viewer, filters: GalleryFilters): SqlCondition {
  const parts: string[] = [];
  const params: (string | number)[] = [];
  const add = (sql: string, ...values: (string | number)[]) => {
    parts.push(sql);
    params.push(...values);
  };

  const owner = ownedBySql(viewer, filters.user);
  if (owner.sql !== "1 = 1") add(owner.sql, ...owner.params);

  if (filters.type) add("t.kind = ?", filters.type);
  if (filters.batch) add("t.batchId = ?", filters.batch);
  if (filters.model) add("t.model = ?", filters.model);
  if (filters.status === "expired") {
    // "Expired" means a result the upstream no longer serves and the studio could not store.
    // Uncorrelated IN: one pass over Media's status index instead of one probe per task.
    add("(t.mediaState = 'expired' OR t.id IN (SELECT m.taskId FROM Media m WHERE m.status = 'expired'))");
  } else if (filters.status) {
    add("t.status = ?", filters.status);
  }
  if (filters.favorite !== undefined) add("t.favorite = ?", filters.favorite ? 1 : 0);
  if (filters.rating !== undefined) add("t.rating >= ?", filters.rating);
  if (filters.tag) {
    add(
      "t.id IN (SELECT tt.taskId FROM TaskTag tt JOIN Tag g ON g.id = tt.tagId WHERE g.name = ?)",
      normalizeTagName(filters.tag),
    );
  }
  if (filters.from) add("t.submittedAt >= ?", toDbTime(startOf(filters.from)));
  if (filters.to) add("t.submittedAt < ?", toDbTime(endOf(filters.to)));

  const search = parsePromptSearch(filters.q);
  if (search) {
    const fts = "SELECT rowid FROM TaskPromptFts WHERE TaskPromptFts MATCH ?";
    if (search.match) add(`t.rowid IN (${fts})`, search.match);
    if (search.exclude) add(`t.rowid NOT IN (${fts})`, search.exclude);
    for (const text of search.contains) add("instr(t.prompt, ?) > 0", text);
    for (const text of search.notContains) add("instr(t.prompt, ?) = 0", text);
  }
  return { sql: parts.length ? parts.join(" AND ") : "1 = 1", params };
}

/**
 * Items strictly after (older than) the cursor in the gallery order, or strictly before it
 * (newer) for the previous-item lookup of the detail view.
 */
export function cursorCondition(cursor: PageCursor, direction: "older" | "newer" = "older"): SqlCondition {
  const op = direction === "older" ? "<" : ">";
  return {
    sql: `(t.submittedAt ${op} ? OR (t.submittedAt = ? AND t.id ${op} ?))`,
    params: [cursor.submittedAt, cursor.submittedAt, cursor.id],
  };
}

export function and(...conditions: SqlCondition[]): SqlCondition {
  return {
    sql: conditions.map((c) => `(${c.sql})`).join(" AND "),
    params: conditions.flatMap((c) => c.params),
  };
}
