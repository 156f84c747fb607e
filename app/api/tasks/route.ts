import { db } from "@/lib/db";
import { handler } from "@/lib/http/respond";
import { listTasks, listTasksQuery } from "@/lib/tasks/list-tasks";
import { presentTask } from "@/lib/tasks/present-task";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/** GET /api/tasks?cursor=&limit=1..100&status=&model= — newest first. */
export const GET = handler(async (request: Request) => {
  const url = new URL(request.url);
  const query = listTasksQuery.parse(Object.fromEntries(url.searchParams));
  const { items, nextCursor } = await listTasks(db(), query);
  return Response.json(
    { items: items.map((task) => presentTask(task, url.origin)), nextCursor },
    { headers: { "Cache-Control": "no-store" } },
  );
});
