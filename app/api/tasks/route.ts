import { db } from "@/lib/db";
import { route } from "@/lib/http/route";
import { listTasks, listTasksQuery } from "@/lib/tasks/list-tasks";
import { presentTask } from "@/lib/tasks/present-task";
import { summarizeTask } from "@/lib/tasks/prompt-preview";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/** GET /api/tasks?cursor=&limit=1..100&status=&model= — newest first, prompts as previews. */
export const GET = route(
  { auth: "user", search: listTasksQuery },
  async ({ request, searchParams, user }) => {
    const { items, nextCursor } = await listTasks(db(), user, searchParams);
    const origin = new URL(request.url).origin;
    return Response.json(
      { items: items.map((task) => summarizeTask(presentTask(task, origin))), nextCursor },
      { headers: { "Cache-Control": "no-store" } },
    );
  },
);
