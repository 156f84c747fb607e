import { defineConfig } from "@playwright/test";
import { E2E_BASE_PORT, OWNERSHIP_PORT } from "./e2e/support/ports";
import { E2E_SPEED } from "./e2e/support/test-speed";

const port = E2E_BASE_PORT;
// A second studio with accounts on (AUTH=on) for e2e/accounts.spec.ts, on the next port. Specs that
// start a studio of their own take the ports e2e/support/ports.ts lists.
const accountsPort = port + 1;
const ACCOUNTS_SPEC = /(accounts|budgets)\.spec\.ts$/;
const OWNERSHIP_SPEC = /ownership\.spec\.ts$/;
// Specs that run one long serial scenario each (a studio or two of their own, a 20,000-item
// seed): queued first, so that no worker is left alone with one of them at the end of the run.
const LONG_SPECS = /(two-instances|gallery-scale|batches-restart)\.spec\.ts$/;

export default defineConfig({
  testDir: "e2e",
  timeout: 120_000,
  expect: { timeout: 15_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  // Playwright hands out test groups in project order: the long serial ones (the accounts studio's
  // chain, the long specs, ownership's studio) first, then the many short ones fill both workers.
  projects: [
    {
      name: "accounts",
      use: { browserName: "chromium", baseURL: `http://127.0.0.1:${accountsPort}` },
      testMatch: ACCOUNTS_SPEC,
    },
    { name: "long", use: { browserName: "chromium" }, testMatch: LONG_SPECS },
    {
      // A studio of its own with its admin from the environment (no dependency on the accounts
      // project, which would hold this chain back until every other test had finished).
      name: "ownership",
      use: { browserName: "chromium", baseURL: `http://127.0.0.1:${OWNERSHIP_PORT}` },
      testMatch: OWNERSHIP_SPEC,
    },
    {
      name: "chromium",
      use: { browserName: "chromium" },
      testIgnore: [ACCOUNTS_SPEC, OWNERSHIP_SPEC, LONG_SPECS],
    },
  ],
  webServer: [
    {
      // The built app on its own port, its own SQLite file and media folder, with the built-in sandbox.
      command: `bash scripts/e2e-server.sh ${port}`,
      env: { ...(process.env as Record<string, string>), ...E2E_SPEED },
      url: `http://127.0.0.1:${port}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "pipe",
    },
    {
      command: `bash scripts/e2e-server.sh ${accountsPort}`,
      env: { ...(process.env as Record<string, string>), ...E2E_SPEED, AUTH: "on" },
      url: `http://127.0.0.1:${accountsPort}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "pipe",
    },
  ],
});
