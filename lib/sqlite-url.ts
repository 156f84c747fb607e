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
