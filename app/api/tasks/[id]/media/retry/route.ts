import { db } from "@/lib/db";
import { StudioError } from "@/lib/errors";
import { readJson } from "@/lib/http/respond";
import { idParams, route } from "@/lib/http/route";
import { loadTask } from "@/lib/tasks/load-task";
import { presentTask } from "@/lib/tasks/present-task";
import { retryDownloadSchema, retryDownloads } from "@/lib/tasks/retry-download";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/**
 * Downloads a task's unstored result files again (body `{}`), or one of them
 * (`{ "mediaId": "…" }`), from the URL the upstream gave: no credits, nothing sent upstream.
 * 202 with the task (the files pending again); 404 for another user's task; 409 while they are
 * stored or downloading; 410 once the result URL has expired.
 */
export const POST = route({ auth: "user", params: idParams }, async ({ request, params, user }) => {
  const body = retryDownloadSchema.parse(await readJson(request));
  await retryDownloads(db(), user, params.id, { mediaId: body.mediaId });
  const task = await loadTask(db(), params.id);
  if (!task) throw new StudioError("not_found", `No task with id "${params.id}".`);
  return Response.json(presentTask(task, new URL(request.url).origin, undefined, undefined, user.role), {
    status: 202,
    headers: { "Cache-Control": "no-store" },
  });
});
