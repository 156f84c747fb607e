import { defineConfig } from "@playwright/test";
import { E2E_SPEED } from "./e2e/support/test-speed";

const port = Number(process.env.E2E_PORT ?? 3100);
// A second studio with accounts on (AUTH=on) for e2e/accounts.spec.ts, on the next port; the
// ownership spec runs on the same studio after it (it signs in as the admin set up there). Specs of
// the accounts project that start a studio of their own use port + 2 … + 4 (accounts-start, budgets).
const accountsPort = port + 1;
const ACCOUNTS_SPEC = /(accounts|budgets)\.spec\.ts$/;
const OWNERSHIP_SPEC = /ownership\.spec\.ts$/;

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
  projects: [
    { name: "chromium", use: { browserName: "chromium" }, testIgnore: [ACCOUNTS_SPEC, OWNERSHIP_SPEC] },
    {
      name: "accounts",
      use: { browserName: "chromium", baseURL: `http://127.0.0.1:${accountsPort}` },
      testMatch: ACCOUNTS_SPEC,
    },
    {
      name: "ownership",
      use: { browserName: "chromium", baseURL: `http://127.0.0.1:${accountsPort}` },
      testMatch: OWNERSHIP_SPEC,
      dependencies: ["accounts"],
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
