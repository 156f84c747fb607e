import { db } from "@/lib/db";
import { route } from "@/lib/http/route";
import { readTrackerHealth, type TrackerHealth } from "@/lib/tasks/tracker-health";
import { runningTracker } from "@/lib/tasks/tracker";

export const dynamic = "force-dynamic";

/**
 * The tracker's lag (running tasks, overdue polls, pending downloads, last upstream error) for
 * admins. Members get only whether it is behind: the studio-wide counts and the upstream's last
 * error describe everyone's work, not theirs (docs/decisions/accounts.md).
 */
export const GET = route({ auth: "user" }, async ({ user }) => {
  const health = await readTrackerHealth(db(), Date.now(), runningTracker());
  return Response.json(user.role === "admin" ? health : memberView(health));
});

// What the header badge needs; the figures are left out rather than zeroed, so nothing reads as "0 running".
function memberView(health: TrackerHealth) {
  return {
    behind: health.behind,
    reasons: health.behind ? ["The studio's background work is behind: results may be stored late."] : [],
    lastUpstreamError: null,
    details: "admins only",
  };
}
