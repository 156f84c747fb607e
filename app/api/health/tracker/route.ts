import { db } from "@/lib/db";
import { route } from "@/lib/http/route";
import { readTrackerHealth } from "@/lib/tasks/tracker-health";
import { runningTracker } from "@/lib/tasks/tracker";

export const dynamic = "force-dynamic";

/** The tracker's lag (running tasks, overdue polls, pending downloads, last upstream error). */
export const GET = route({ auth: "user" }, async () =>
  Response.json(await readTrackerHealth(db(), Date.now(), runningTracker())),
);
