import { activityQuery, readActivity } from "@/lib/activity/read-activity";
import { db } from "@/lib/db";
import { route } from "@/lib/http/route";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/**
 * GET /api/activity?since=<cursor> — the viewer's running count and what settled since the cursor
 * (lib/activity/read-activity.ts); the header's watcher turns it into the tab title, toasts and
 * browser notifications.
 */
export const GET = route({ auth: "user", search: activityQuery }, async ({ user, searchParams }) =>
  Response.json(
    await readActivity(db(), user, searchParams.since ? new Date(searchParams.since) : null, new Date()),
    { headers: { "Cache-Control": "no-store" } },
  ),
);
