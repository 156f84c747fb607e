import "server-only";
import fs from "node:fs";
import path from "node:path";
import { createDb } from "../db-client";
import type { Env } from "../env";
import { isPostgresUrl } from "../postgres-url";
import { sqliteFileFromUrl } from "../sqlite-url";
import { restorePostgres, restoreSqlite } from "./database";
import { BackupError, countRows, readManifest, sha256File } from "./manifest";
import { restoreMedia, type MediaRestoreReport } from "./media";

export type RestoreOptions = {
  env: Pick<Env, "databaseUrl" | "mediaDir" | "mediaStore">;
  from: string;
  /** Replace an existing database (stop the studio first). */
  force?: boolean;
};

export type RestoreReport = { rows: Record<string, number>; media: MediaRestoreReport };

/**
 * Puts a backup back: the database (checked against its SHA-256 first, then its row counts
 * afterwards) and every media file whose identical copy the store does not hold. The studio must
 * be stopped: its open database would be replaced under it.
 */
export async function restore(options: RestoreOptions): Promise<RestoreReport> {
  const from = path.resolve(options.from);
  const manifest = readManifest(from);
  const file = path.join(from, manifest.database.file);
  if ((await sha256File(file)) !== manifest.database.sha256) {
    throw new BackupError(
      `${file} is damaged: its SHA-256 differs from the manifest's. Nothing was restored.`,
    );
  }
  const target = isPostgresUrl(options.env.databaseUrl) ? "postgresql" : "sqlite";
  if (target !== manifest.database.kind) {
    throw new BackupError(
      `This backup holds a ${manifest.database.kind} database and DATABASE_URL names a ${target} one; ` +
        `restore into a ${manifest.database.kind} database, then move it with migrate-data if needed.`,
    );
  }
  if (manifest.media.kind !== options.env.mediaStore.kind) {
    throw new BackupError(
      `This backup's files came from MEDIA_STORE=${manifest.media.kind} and the studio is configured for ${options.env.mediaStore.kind}.`,
    );
  }
  // A database with no rows (the CLI's start migrates a missing one) is replaced without --force.
  const models = Object.keys(manifest.database.rows);
  const replace = !!options.force || (await isEmptyStudio(options.env.databaseUrl, models));
  if (target === "sqlite") await restoreSqlite(file, sqliteFileFromUrl(options.env.databaseUrl), replace);
  else await restorePostgres(file, options.env.databaseUrl, replace);

  const db = createDb(options.env.databaseUrl);
  let rows: Record<string, number>;
  try {
    rows = await countRows(db, Object.keys(manifest.database.rows));
  } finally {
    await db.$disconnect();
  }
  const differ = Object.keys(manifest.database.rows).filter((m) => rows[m] !== manifest.database.rows[m]);
  if (differ.length) {
    throw new BackupError(
      `After the restore the row counts of ${differ.join(", ")} differ from the backup's.`,
    );
  }
  const media = await restoreMedia(manifest, from);
  if (media.missing.length) {
    throw new BackupError(
      `The database is restored, but ${media.missing.length} file(s) are neither in the store nor in the backup: ${media.missing.slice(0, 5).join(", ")}${media.missing.length > 5 ? ", …" : ""}`,
    );
  }
  return { rows, media };
}

/** No database yet, or one whose tables hold no row at all. */
async function isEmptyStudio(databaseUrl: string, models: string[]): Promise<boolean> {
  if (!isPostgresUrl(databaseUrl) && !fs.existsSync(sqliteFileFromUrl(databaseUrl))) return true;
  const db = createDb(databaseUrl);
  try {
    const rows = await countRows(db, models);
    return Object.values(rows).every((n) => n === 0);
  } catch {
    return false; // tables missing or unreadable: not known to be empty, so --force decides
  } finally {
    await db.$disconnect();
  }
}
