// `npm run bench`: every benchmark in turn, each in its own process so one's warm caches and
// open handles cannot flatter another. `npm run bench -- <name>` (a key of `benches` below) runs one.
import { spawnSync } from "node:child_process";
import path from "node:path";

const benches: Record<string, string[]> = {
  gallery: ["gallery.ts", "--http"],
  // Issue 24: the gallery page in Chromium at 100,000 items: first grid, scroll to tile 10,000, filters.
  "gallery-ui": ["gallery-ui.ts"],
  // Issue 21: a 1,000-item collection's first page, both databases.
  collection: ["collection.ts"],
  "chat-proxy": ["chat-proxy.ts"],
  tracker: ["tracker.ts"],
  // Issue 12: the built studio's tracker on PostgreSQL, as one instance and as two on one database.
  "tracker-postgresql": ["tracker.ts", "--db", "postgresql"],
  "tracker-postgresql-x2": ["tracker.ts", "--db", "postgresql", "--instances", "2"],
  "thin-read": ["thin-read.ts"],
  // Imports server-only lib code directly, as scripts/admin.ts does.
  "media-check": ["--conditions=react-server", "media-check.ts"],
  // Issue 18: 40 strangers' 100 MB bodies against the built studio; RSS growth and health latency.
  "body-memory": ["body-memory.ts"],
  // Issue 23: webhook delivery latency after task.stored, and 1,000 events to a 100 ms receiver.
  webhooks: ["--conditions=react-server", "webhooks.ts"],
  "webhooks-postgresql": ["--conditions=react-server", "webhooks.ts", "--db", "postgresql"],

  // Issue 25: gallery search with captions at 100,000 items; describe throughput with a 250 ms text API.
  vision: ["--conditions=react-server", "vision.ts"],

  // Issue 22: a film of 10 takes of 10 s at 720p against plain ffmpeg concat; the studio's RSS meanwhile.
  assembly: ["assembly.ts"],
};
// Names first, then options passed on to each (`npm run bench -- gallery --items 200000 --db sqlite`).
const firstOption = process.argv.findIndex((arg, i) => i >= 2 && arg.startsWith("--"));
const wanted = process.argv.slice(2, firstOption === -1 ? undefined : firstOption);
const passed = firstOption === -1 ? [] : process.argv.slice(firstOption);
const unknown = wanted.filter((name) => !(name in benches));
if (unknown.length) {
  console.error(`Unknown benchmark ${unknown.join(", ")}; choose from ${Object.keys(benches).join(", ")}.`);
  process.exit(2);
}
let failed = false;
for (const name of wanted.length ? wanted : Object.keys(benches)) {
  const flags = benches[name].filter((arg) => arg.startsWith("--conditions"));
  const [file, ...args] = benches[name].filter((arg) => !flags.includes(arg));
  console.log(`\n=== ${file}`);
  const result = spawnSync(
    "npx",
    ["tsx", ...flags, path.join(import.meta.dirname, file), ...args, ...passed],
    {
      stdio: "inherit",
    },
  );
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
