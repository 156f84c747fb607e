import { handler, readJson } from "@/lib/http/respond";
import { presentTask } from "@/lib/tasks/present-task";
import { submitTask } from "@/lib/tasks/submit-task";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/**
 * Submit, mirroring the upstream path: validated against the catalog first (invalid bodies never
 * reach the upstream), then forwarded with the server's key; answers the top-level task object.
 */
export const POST = handler(async (request: Request) => {
  const task = await submitTask(await readJson(request));
  return Response.json(presentTask(task, new URL(request.url).origin), {
    headers: { "Cache-Control": "no-store" },
  });
});
