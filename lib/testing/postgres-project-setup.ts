import setup from "./postgres-global-setup";

/**
 * Global setup of the PostgreSQL project when one vitest run covers both databases
 * (VITEST_BOTH_DATABASES=1, vitest.config.ts): the same migrated template as a run with
 * STUDIO_TEST_DB=postgresql. The template's name goes to every worker through the environment;
 * only this project's workers have STUDIO_TEST_DB=postgresql (the project's `env`).
 */
export default async function projectSetup(): Promise<(() => Promise<void>) | void> {
  const previous = process.env.STUDIO_TEST_DB;
  process.env.STUDIO_TEST_DB = "postgresql";
  try {
    return await setup();
  } finally {
    if (previous === undefined) delete process.env.STUDIO_TEST_DB;
    else process.env.STUDIO_TEST_DB = previous;
  }
}
