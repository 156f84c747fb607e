/** Default database when DATABASE_URL is unset: a SQLite file under ./data. */
export const DEFAULT_DATABASE_URL = "file:./data/studio.db";

/** Turns a `file:` URL into the path better-sqlite3 opens (relative paths resolve from the cwd). */
export function sqliteFileFromUrl(url: string): string {
  if (!url.startsWith("file:")) {
    throw new Error(`DATABASE_URL must be a SQLite "file:" URL, got "${url.split(":")[0]}:…"`);
  }
  const withoutScheme = url.slice("file:".length).replace(/^\/\/(?=\/)/, "");
  return withoutScheme.split("?")[0];
}

/** DATABASE_LOCK_WAIT_MS's default: how long a SQLite write waits for another process's lock. */
export const DEFAULT_SQLITE_LOCK_WAIT_MS = 5_000;

/**
 * DATABASE_LOCK_WAIT_MS (lib/env.ts validates it at start; read here too, since scripts and tests
 * open databases from the URL alone, as pgTimeouts does for PostgreSQL).
 */
export function sqliteLockWaitMs(source: Record<string, string | undefined> = process.env): number {
  const raw = source.DATABASE_LOCK_WAIT_MS?.trim();
  if (!raw) return DEFAULT_SQLITE_LOCK_WAIT_MS;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 100 || value > 3_600_000)
    throw new Error(
      `DATABASE_LOCK_WAIT_MS: must be a whole number of milliseconds from 100 to 3600000 (got "${raw}")`,
    );
  return value;
}
