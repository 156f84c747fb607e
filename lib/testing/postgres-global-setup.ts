import pg from "pg";
import { createMigratedPostgresDb, testPostgresAdminUrl } from "./postgres-test-server";

/**
 * Vitest global setup for STUDIO_TEST_DB=postgresql: one template database with every PostgreSQL
 * migration applied, which each test's createTempDb() clones; dropped with its clones at the end.
 * Fails loudly when the server is unreachable (the PostgreSQL run never skips).
 */
export default async function setup(): Promise<(() => Promise<void>) | void> {
  if (process.env.STUDIO_TEST_DB !== "postgresql") return;
  const adminUrl = testPostgresAdminUrl();
  const template = `studio_test_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(
      `STUDIO_TEST_DB=postgresql, but PostgreSQL at ${adminUrl} is unreachable: ${(error as Error).message}`,
    );
  }
  await dropRun(admin, template);
  await createMigratedPostgresDb(adminUrl, template);
  process.env.STUDIO_TEST_PG_TEMPLATE = template;
  return async () => {
    await dropRun(admin, template);
    await admin.end();
  };
}

/** The template and any clone a crashed test left behind. */
async function dropRun(admin: pg.Client, template: string): Promise<void> {
  const { rows } = await admin.query<{ datname: string }>(
    "SELECT datname FROM pg_database WHERE datname = $1 OR datname LIKE $1 || '\\_%'",
    [template],
  );
  for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
}
