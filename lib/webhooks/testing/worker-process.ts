// A delivery worker in its own process, for the test that kills it mid-delivery (a real crash):
// `tsx worker-process.ts <DATABASE_URL> <allowed origin> <lease ms>`.
import { createDb } from "../../db-client";
import { startWebhookWorker } from "../worker";

const [databaseUrl, allow, leaseMs] = process.argv.slice(2);
startWebhookWorker(createDb(databaseUrl), {
  policy: { allow: [allow] },
  timeoutMs: 60_000,
  leaseMs: Number(leaseMs),
  retryScale: 1,
  concurrency: 4,
  idleMs: 50,
  now: Date.now,
});
setInterval(() => undefined, 60_000);
console.log("worker started");
