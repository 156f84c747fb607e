#!/usr/bin/env node
// The `model-studio` bin: runs scripts/cli.ts through tsx (a dependency of the studio), so the CLI
// has no build step of its own.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..");
const result = spawnSync(
  process.execPath,
  ["--import", "tsx", path.join(root, "scripts/cli.ts"), ...process.argv.slice(2)],
  {
    stdio: "inherit",
  },
);
process.exit(result.status ?? 1);
