import fs from "node:fs";
import path from "node:path";
import pg from "pg";

/**
 * Where the PostgreSQL run of the suite finds its server. scripts/test.sh sets STUDIO_TEST_DB and
 * TEST_POSTGRES_URL (the machine's server, or one it started); the vitest global setup
 * (postgres-global-setup.ts) migrates a template database once per run and names it here.
 * Benchmarks make their databases here too.
 */
export type PostgresTestSettings = { adminUrl: string; template: string };

export const DEFAULT_TEST_POSTGRES_URL = "postgresql://postgres@127.0.0.1:5432/postgres";

const migrationsDir = path.resolve(import.meta.dirname, "../../prisma/postgresql/migrations");

export function postgresTestSettings(): PostgresTestSettings | null {
  if (process.env.STUDIO_TEST_DB !== "postgresql") return null;
  const template = process.env.STUDIO_TEST_PG_TEMPLATE;
  if (!template)
    throw new Error("STUDIO_TEST_DB=postgresql but no template database: run through vitest's global setup");
  return { adminUrl: testPostgresAdminUrl(), template };
}

export function testPostgresAdminUrl(): string {
  return process.env.TEST_POSTGRES_URL || DEFAULT_TEST_POSTGRES_URL;
}

/** The URL of database `name` on the admin URL's server. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Creates database `name` with every PostgreSQL migration applied: each file as one script, as
 * `prisma migrate deploy` sends it (without its bookkeeping table, which tests do not need).
 */
export async function createMigratedPostgresDb(
  adminUrl: string,
  name: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = databaseUrl(adminUrl, name);
  const migrate = new pg.Client({ connectionString: url });
  await migrate.connect();
  try {
    for (const entry of fs.readdirSync(migrationsDir).sort()) {
      const sql = path.join(migrationsDir, entry, "migration.sql");
      if (fs.existsSync(sql)) await migrate.query(fs.readFileSync(sql, "utf8"));
    }
  } finally {
    await migrate.end();
  }
  return {
    url,
    drop: async () => {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      try {
        await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
}
