// One tracker in a plain Node process, started as the studio's instrumentation starts it (TRACKER=1,
// everything from the environment: DATABASE_URL, MEDIA_DIR, UPSTREAM_*), without a Next.js build:
// `tsx --conditions=react-server tracker-process.ts`. The tracker benchmark runs one or two of them
// on one database, as one or two studio instances would.
import { ensureTrackerStarted } from "../../lib/tasks/tracker";

ensureTrackerStarted();
// Keeps the process alive: the tracker's timers are unref'd, as in the studio.
setInterval(() => undefined, 60_000);
console.log("tracker started");
