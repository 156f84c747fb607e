// A batch runner in its own process, for the test that kills it mid-send (a real crash, not a
// stop): `tsx runner-process.ts <DATABASE_URL> <upstream base URL> <interval ms>`.
import { createDb } from "../../db-client";
import { taskDeps } from "../../tasks/deps";
import { startBatchRunner } from "../runner";

const [databaseUrl, baseUrl, interval] = process.argv.slice(2);
const deps = taskDeps({
  db: createDb(databaseUrl),
  upstream: { baseUrl, apiKey: "test-key", timeoutMs: 60_000 },
  createThumbnail: async () => undefined,
});
startBatchRunner(deps, { minIntervalMs: Number(interval), idleMs: 50 });
// Keeps the process alive: the runner's timers are unref'd, as in the studio.
setInterval(() => undefined, 60_000);
console.log("runner started");
