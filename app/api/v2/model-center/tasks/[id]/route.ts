import { StudioError } from "@/lib/errors";
import { handler } from "@/lib/http/respond";
import { presentTask } from "@/lib/tasks/present-task";
import { refreshTask } from "@/lib/tasks/refresh-task";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/** Query, mirroring the upstream path: the task as the studio knows it, refreshed at most every 5 s. */
export const GET = handler(async (request: Request, { params }: { params: Promise<{ id: string }> }) => {
  const { id } = await params;
  const task = await refreshTask(id);
  if (!task) throw new StudioError("not_found", `Task ${id} is not known to this studio.`);
  return Response.json(presentTask(task, new URL(request.url).origin), {
    headers: { "Cache-Control": "no-store" },
  });
});
