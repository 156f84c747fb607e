import path from "node:path";
import { defineConfig } from "vitest/config";
import { postgresTestList } from "./scripts/db/test-files.mjs";

const include = ["lib/**/*.test.ts", "scripts/**/*.test.ts", "app/**/*.test.ts", "components/**/*.test.ts"];

// VITEST_BOTH_DATABASES=1 (scripts/test.sh): one run, two projects — every file on SQLite, and the
// files of scripts/db/postgresql-test-files.txt again on PostgreSQL — sharing one pool of workers,
// so neither database's run idles a core while the other finishes alone. Without it, one database:
// SQLite, or PostgreSQL with STUDIO_TEST_DB=postgresql.
const bothDatabases = process.env.VITEST_BOTH_DATABASES === "1";

export default defineConfig({
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname),
      // Tests are server code: what Next.js resolves under its react-server condition.
      "server-only": path.resolve(import.meta.dirname, "node_modules/server-only/empty.js"),
    },
  },
  test: {
    environment: "node",
    // Warnings and errors only (lib/log.ts): a test that wants other lines sets its own logger.
    env: { LOG_LEVEL: process.env.LOG_LEVEL ?? "warn" },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    ...(bothDatabases
      ? {
          projects: [
            { extends: true, test: { name: "sqlite", include, env: { STUDIO_TEST_DB: "" } } },
            {
              extends: true,
              test: {
                name: "postgresql",
                include: postgresTestList(),
                env: { STUDIO_TEST_DB: "postgresql" },
                globalSetup: ["lib/testing/postgres-project-setup.ts"],
              },
            },
          ],
        }
      : {
          include,
          // STUDIO_TEST_DB=postgresql: a migrated template database that createTempDb() clones.
          globalSetup: ["lib/testing/postgres-global-setup.ts"],
        }),
  },
});
