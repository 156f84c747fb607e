import { createDb, sqlDialect, type Db } from "../db-client";
import type { MediaStoreConfig } from "../env";
import { StudioError } from "../errors";
import { isPostgresUrl } from "../postgres-url";
import { LocalMediaStore } from "../storage/local-store";
import { S3MediaStore } from "../storage/s3-store";
import { applyPostgresMigrations } from "./apply-migrations";
import { copyFiles, type FileCounts, type FileProgress } from "./copy-files";
import { copyRows, delegate, type RowCounts, type RowProgress } from "./copy-rows";
import { modelTables } from "./models";
import { claimTarget, ensureStudioId, type TargetState } from "./studio-identity";

export type S3Config = Extract<MediaStoreConfig, { kind: "s3" }>;

export type MigrationProgress = ({ phase: "rows" } & RowProgress) | ({ phase: "files" } & FileProgress);

export type MigrateDataOptions = {
  /** The studio being moved: its SQLite database and its MEDIA_DIR. */
  source: Db;
  mediaDir: string;
  /** A postgresql:// URL: an empty database, or one an interrupted run of this copy wrote into. */
  targetUrl: string;
  /** Copy the files into this bucket too; without it they stay in MEDIA_DIR. */
  mediaTo?: S3Config | null;
  batchSize?: number;
  fileConcurrency?: number;
  /** Stops between batches and files (Ctrl-C); a rerun continues from what was written. */
  signal?: AbortSignal;
  onProgress?: (progress: MigrationProgress) => void;
  /** How the target gets its schema; `prisma migrate deploy` unless a test says otherwise. */
  applyMigrations?: (databaseUrl: string) => Promise<void>;
};

export type ModelReport = RowCounts & {
  /** Rows in the target after the copy; less than copied + present means a row did not arrive. */
  target: number;
};

export type MigrationReport = {
  target: TargetState;
  rows: ModelReport[];
  /** null: files stay in MEDIA_DIR (no --media-to). */
  files: FileCounts | null;
  mediaDir: string;
  mediaTo: S3Config | null;
  targetUrl: string;
  /** Every row and every file arrived and verified. */
  ok: boolean;
};

const DEFAULT_BATCH_SIZE = 500;
const DEFAULT_FILE_CONCURRENCY = 4;

/**
 * Copies a SQLite studio into PostgreSQL (and its files into S3): rows of every model in
 * foreign-key order, then files; resumable and never duplicating (docs/decisions/migrate-data.md).
 */
export async function migrateData(options: MigrateDataOptions): Promise<MigrationReport> {
  if (!isPostgresUrl(options.targetUrl)) {
    throw new StudioError(
      "invalid_request",
      `The target must be a postgresql:// URL, got "${redactUrl(options.targetUrl)}".`,
    );
  }
  if (sqlDialect(options.source) !== "sqlite") {
    throw new StudioError(
      "invalid_request",
      "The studio's own database (DATABASE_URL) must be SQLite to be moved; it is PostgreSQL already.",
    );
  }
  await (options.applyMigrations ?? applyPostgresMigrations)(options.targetUrl);

  const target = createDb(options.targetUrl);
  try {
    const tables = await modelTables(options.source);
    const identity = await ensureStudioId(options.source);
    const state = await claimTarget(target, identity, tables);
    const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
    const copied = await copyRows(options.source, target, tables, {
      batchSize,
      signal: options.signal,
      onProgress: (p) => options.onProgress?.({ phase: "rows", ...p }),
    });
    const rows: ModelReport[] = [];
    for (const counts of copied) {
      rows.push({ ...counts, target: await delegate(target, counts.model).count() });
    }
    const files = options.mediaTo
      ? await copyFiles(
          options.source,
          tables,
          new LocalMediaStore(() => options.mediaDir),
          new S3MediaStore(options.mediaTo),
          {
            batchSize,
            concurrency: options.fileConcurrency ?? DEFAULT_FILE_CONCURRENCY,
            signal: options.signal,
            onProgress: (p) => options.onProgress?.({ phase: "files", ...p }),
          },
        )
      : null;
    return {
      target: state,
      rows,
      files,
      mediaDir: options.mediaDir,
      mediaTo: options.mediaTo ?? null,
      targetUrl: options.targetUrl,
      ok: rows.every((r) => r.target >= r.copied + r.present) && (files?.failed ?? 0) === 0,
    };
  } finally {
    await target.$disconnect();
  }
}

/** The URL without its password, for reports and errors. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "****";
    return parsed.toString();
  } catch {
    return url.replace(/\/\/[^@/]*@/, "//****@");
  }
}
