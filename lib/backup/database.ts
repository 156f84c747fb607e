import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import Database from "better-sqlite3";
import { BackupError } from "./manifest";

const run = promisify(execFile);

/**
 * The database half of a backup. SQLite: better-sqlite3's online backup API, which copies a
 * consistent snapshot page by page while the studio goes on writing. PostgreSQL: pg_dump in its
 * custom format (consistent by its own snapshot), restored with pg_restore in one transaction.
 */
export async function backupSqlite(file: string, to: string): Promise<void> {
  if (!fs.existsSync(file)) throw new BackupError(`The database ${file} does not exist.`);
  const source = new Database(file, { readonly: true, fileMustExist: true });
  try {
    await source.backup(to);
  } finally {
    source.close();
  }
}

/**
 * Puts a backup's SQLite file in place of `file`: copied beside it first and renamed over it, so a
 * failure never leaves half a database; the old WAL files go (they belong to the replaced file).
 */
export async function restoreSqlite(backupFile: string, file: string, force: boolean): Promise<void> {
  if (fs.existsSync(file) && !force) {
    throw new BackupError(
      `The database ${file} exists. Stop the studio and pass --force to replace it, or point DATABASE_URL at a new file.`,
    );
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.restoring`;
  fs.copyFileSync(backupFile, temp);
  for (const suffix of ["-wal", "-shm", "-journal"]) fs.rmSync(file + suffix, { force: true });
  fs.renameSync(temp, file);
}

// libpq refuses parameters it does not know; Prisma's (connection_limit, pool_timeout, …) must go.
const LIBPQ_PARAMS = new Set([
  "sslmode",
  "sslrootcert",
  "sslcert",
  "sslkey",
  "sslpassword",
  "application_name",
  "options",
  "connect_timeout",
  "host",
  "port",
  "user",
  "password",
  "dbname",
  "target_session_attrs",
]);

export function libpqUrl(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  for (const key of [...url.searchParams.keys()]) if (!LIBPQ_PARAMS.has(key)) url.searchParams.delete(key);
  return url.toString();
}

async function tool(name: "pg_dump" | "pg_restore" | "psql", args: string[]): Promise<string> {
  try {
    const { stdout } = await run(name, args, { maxBuffer: 16 * 1024 * 1024 });
    return stdout;
  } catch (error) {
    const e = error as NodeJS.ErrnoException & { stderr?: string };
    if (e.code === "ENOENT") {
      throw new BackupError(
        `${name} is not installed: install PostgreSQL's client tools (apt-get install postgresql-client).`,
      );
    }
    throw new BackupError(`${name} failed: ${(e.stderr || e.message).trim()}`);
  }
}

export async function backupPostgres(databaseUrl: string, to: string): Promise<void> {
  await tool("pg_dump", [
    "--format=custom",
    "--no-owner",
    "--no-privileges",
    "--file",
    to,
    libpqUrl(databaseUrl),
  ]);
}

export async function restorePostgres(
  backupFile: string,
  databaseUrl: string,
  force: boolean,
): Promise<void> {
  const url = libpqUrl(databaseUrl);
  const tables = Number(
    (
      await tool("psql", [
        url,
        "-Atc",
        "SELECT count(*) FROM information_schema.tables WHERE table_schema = current_schema()",
      ])
    ).trim(),
  );
  if (tables > 0 && !force) {
    throw new BackupError(
      `The database has ${tables} tables already. Stop the studio and pass --force to replace them, or restore into an empty database.`,
    );
  }
  await tool("pg_restore", [
    "--no-owner",
    "--no-privileges",
    "--single-transaction",
    "--exit-on-error",
    ...(tables > 0 ? ["--clean", "--if-exists"] : []),
    "--dbname",
    url,
    backupFile,
  ]);
}
