import "server-only";
import fs from "node:fs";
import path from "node:path";
import { sqlDialect, type Db } from "../db";
import type { Env } from "../env";
import { Prisma } from "../generated/prisma/client";
import { sqliteFileFromUrl } from "../sqlite-url";
import { backupPostgres, backupSqlite } from "./database";
import { BackupError, countRows, MANIFEST, sha256File, type BackupManifest } from "./manifest";
import { backupMedia, mediaKeys } from "./media";

export type BackupOptions = {
  db: Db;
  env: Pick<Env, "databaseUrl" | "mediaDir" | "mediaStore">;
  to: string;
  /** S3 only: list and hash the bucket's files without copying them (the bucket keeps its own copies). */
  mediaManifestOnly?: boolean;
  now?: () => Date;
};

/**
 * A backup folder: the database (online: the studio may keep running), the media files, and a
 * manifest with every file's SHA-256 and every model's row count. Written into a sibling folder
 * and renamed into place at the end, so `to` never holds half a backup.
 */
export async function backup(options: BackupOptions): Promise<BackupManifest> {
  const to = path.resolve(options.to);
  if (fs.existsSync(to) && fs.readdirSync(to).length > 0) {
    throw new BackupError(
      `${to} is not empty: back up into a new folder (a backup never overwrites another).`,
    );
  }
  const work = `${to}.partial-${process.pid}`;
  fs.rmSync(work, { recursive: true, force: true });
  fs.mkdirSync(work, { recursive: true });
  try {
    const kind = sqlDialect(options.db);
    const rows = await countRows(options.db, Object.values(Prisma.ModelName));
    const file = kind === "sqlite" ? "database.sqlite" : "database.pgdump";
    if (kind === "sqlite")
      await backupSqlite(sqliteFileFromUrl(options.env.databaseUrl), path.join(work, file));
    else await backupPostgres(options.env.databaseUrl, path.join(work, file));

    const store = options.env.mediaStore.kind;
    const copied = !(store === "s3" && options.mediaManifestOnly);
    const keys = await mediaKeys(options.db, store, options.env.mediaDir);
    const files = await backupMedia(keys, work, copied);

    const manifest: BackupManifest = {
      format: 1,
      createdAt: (options.now?.() ?? new Date()).toISOString(),
      database: { kind, file, sha256: await sha256File(path.join(work, file)), rows },
      media: { kind: store, copied, files },
    };
    fs.writeFileSync(path.join(work, MANIFEST), JSON.stringify(manifest, null, 2) + "\n");
    if (fs.existsSync(to)) fs.rmdirSync(to);
    fs.renameSync(work, to);
    return manifest;
  } catch (error) {
    fs.rmSync(work, { recursive: true, force: true });
    throw error;
  }
}
