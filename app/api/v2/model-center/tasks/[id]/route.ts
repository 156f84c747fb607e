import { StudioError } from "@/lib/errors";
import { idParams, route } from "@/lib/http/route";
import { presentTask } from "@/lib/tasks/present-task";
import { refreshTask } from "@/lib/tasks/refresh-task";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/** Query, mirroring the upstream path: the task as the studio knows it, refreshed at most every 5 s. */
export const GET = route({ auth: "user", params: idParams }, async ({ request, params, user }) => {
  // Another user's task answers exactly like an unknown one (and is not refreshed for them).
  const task = await refreshTask(params.id, undefined, user);
  if (!task) throw new StudioError("not_found", `Task ${params.id} is not known to this studio.`);
  return Response.json(presentTask(task, new URL(request.url).origin, undefined, undefined, user.role), {
    headers: { "Cache-Control": "no-store" },
  });
});
