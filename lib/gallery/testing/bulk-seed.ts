import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { toDbTime } from "../where";
import { seedInsertsSql, storedMediaIdsSql, TAGS, type SeedRowsOptions } from "./bulk-seed-rows";

/**
 * Fills a migrated database with `count` realistic gallery items fast: the database makes the rows
 * itself (INSERT … SELECT over generate_series or a recursive CTE, ./bulk-seed-rows.ts), a SQLite
 * file (the FTS triggers included) or a PostgreSQL database (its search trigger included), with the
 * same rows for the same seed. The benchmark's libraries (a million items on PostgreSQL in a few
 * minutes), the tests' and the e2e scale spec's. Deterministic (seeded), so runs compare.
 */
export type BulkSeedOptions = {
  seed?: number;
  /**
   * Where to write every stored item's (tiny) thumbnail file, as a real library has them; without
   * it the rows name thumbnails that do not exist and the thumbnail route would try to rebuild them.
   */
  mediaDir?: string;
  /**
   * With `mediaDir`: only the newest this many items get their thumbnail file (a browser benchmark
   * at a million items looks at the first few thousand; a million files would cost minutes).
   */
  thumbnailsFor?: number;
  /** The newest item's submission time (default: now); the rest are spread back from it. */
  newest?: Date;
  /** Ids are `<idPrefix><index, at least 6 digits>` (default "bench-"). */
  idPrefix?: string;
  /**
   * Prepended to every prompt with the item's index (`<label> item 123 dragon …`): a word that
   * finds exactly this seed's items, and a number that says which item a tile shows.
   */
  label?: string;
  /**
   * A pause between two transactions (of 1,000 items then), for a seed into the database of a
   * running server: back-to-back transactions free the write lock for microseconds, too short for
   * the server's busy handler to catch, and its writes time out while the seed runs.
   */
  pauseMs?: number;
};

// A 1×1 WebP: tiles that ask for a recorded thumbnail get a real file, as in a real library.
const TINY_WEBP = Buffer.from("UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==", "base64");

function rowsOptions(options: BulkSeedOptions): SeedRowsOptions {
  return {
    seed: options.seed ?? 42,
    idPrefix: options.idPrefix ?? "bench-",
    label: options.label,
    newest: options.newest ?? new Date(),
    now: toDbTime(new Date()),
  };
}

function writeThumbnails(mediaDir: string, mediaIds: string[]): void {
  for (const id of mediaIds) fs.writeFileSync(path.join(mediaDir, `thumbs/${id}.webp`), TINY_WEBP);
}

const thumbnailLimit = (options: BulkSeedOptions) => options.thumbnailsFor ?? Infinity;

function* ranges(count: number, batch: number) {
  for (let from = 0; from < count; from += batch) yield [from, Math.min(count, from + batch)] as const;
}

export function bulkSeedGallery(file: string, count: number, options: BulkSeedOptions = {}): void {
  const rows = rowsOptions(options);
  if (options.mediaDir) fs.mkdirSync(path.join(options.mediaDir, "thumbs"), { recursive: true });
  // A running studio may write to the same file (the e2e server): wait for its lock.
  const sqlite = new Database(file, { timeout: 10_000 });
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("cache_size = -65536");
  // The tags may exist already (a library in use): reuse them by name.
  sqlite
    .prepare(`INSERT OR IGNORE INTO Tag (id, name) VALUES ${TAGS.map(() => "(?, ?)").join(", ")}`)
    .run(...TAGS.flatMap((name, i) => [`${rows.idPrefix}tag-${i}`, name]));

  // Short transactions when a server shares the file: its writes wait for one of them, not the seed.
  const batch = options.pauseMs ? 1_000 : 20_000;
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (const [from, to] of ranges(count, batch)) {
    sqlite.transaction(() => {
      for (const sql of seedInsertsSql("sqlite", from, to, rows)) sqlite.exec(sql);
    })();
    if (options.mediaDir && from < thumbnailLimit(options)) {
      const media = sqlite
        .prepare(storedMediaIdsSql("sqlite", from, Math.min(to, thumbnailLimit(options)), rows))
        .pluck()
        .all();
      writeThumbnails(options.mediaDir, media as string[]);
    }
    if (options.pauseMs) Atomics.wait(pause, 0, 0, options.pauseMs); // sleeps without the lock
  }
  // Statistics for the planner (sqlite_stat1), as a library in use gets from `PRAGMA optimize`.
  sqlite.exec("ANALYZE");
  sqlite.close();
}

/**
 * The same library in a migrated PostgreSQL database; the trigger on Task fills the prompt search
 * table (TaskPromptSearch) as it does for the studio's own inserts. Vacuumed and analyzed, so plans
 * see its real size.
 */
export async function bulkSeedGalleryPostgres(
  databaseUrl: string,
  count: number,
  options: BulkSeedOptions = {},
): Promise<void> {
  const rows = rowsOptions(options);
  if (options.mediaDir) fs.mkdirSync(path.join(options.mediaDir, "thumbs"), { recursive: true });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // A seed lost in a crash is simply made again: no need to wait for each commit's flush.
    await client.query("SET synchronous_commit = off");
    await client.query(
      `INSERT INTO "Tag" ("id", "name") VALUES ${TAGS.map((_, i) => `($${2 * i + 1}, $${2 * i + 2})`).join(", ")}
       ON CONFLICT ("name") DO NOTHING`,
      TAGS.flatMap((name, i) => [`${rows.idPrefix}tag-${i}`, name]),
    );
    for (const [from, to] of ranges(count, 100_000)) {
      await client.query("BEGIN");
      for (const sql of seedInsertsSql("postgresql", from, to, rows)) await client.query(sql);
      await client.query("COMMIT");
      if (options.mediaDir && from < thumbnailLimit(options)) {
        const media = await client.query<{ id: string }>(
          storedMediaIdsSql("postgresql", from, Math.min(to, thumbnailLimit(options)), rows),
        );
        writeThumbnails(
          options.mediaDir,
          media.rows.map((r) => r.id),
        );
      }
    }
    // VACUUM as well: the steady state autovacuum leaves, whose visibility map lets the total count
    // be an index-only scan (a fresh load has none, and every count would read the heap).
    await client.query("VACUUM ANALYZE");
  } finally {
    await client.end();
  }
}
