import path from "node:path";
import { defineConfig } from "vitest/config";

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
    // STUDIO_TEST_DB=postgresql: a migrated template database that createTempDb() clones.
    globalSetup: ["lib/testing/postgres-global-setup.ts"],
    include: ["lib/**/*.test.ts", "scripts/**/*.test.ts", "app/**/*.test.ts", "components/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
