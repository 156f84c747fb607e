// A backfill in a process of its own, for the test that kills it midway:
// `tsx backfill-process.ts <DATABASE_URL> <MEDIA_DIR> <text API URL> <pace ms> <lease ms>`.
// Prints one line per described item.
const [databaseUrl, mediaDir, baseUrl, pace, lease] = process.argv.slice(2);
Object.assign(process.env, {
  DATABASE_URL: databaseUrl,
  MEDIA_DIR: mediaDir,
  TRACKER: "0",
  TEXT_RATE_PER_MINUTE: "0",
});
const { createDb } = await import("../../db-client");
const { runBackfill } = await import("../backfill");
const db = createDb(databaseUrl);
await runBackfill(
  {
    db,
    model: "llm-2.5-flash-lite",
    paceMs: Number(pace),
    leaseMs: Number(lease),
    now: Date.now,
    config: { baseUrl, apiKey: "test-key" },
    log: console,
  },
  {},
  (p) => console.log(JSON.stringify(p)),
);
await db.$disconnect();

export {};
