import { env } from "@/lib/env";
import { readJson } from "@/lib/http/respond";
import { ownerOf } from "@/lib/auth/scope";
import { mediaCheckOf } from "@/lib/media-inspection/request-check";
import { route } from "@/lib/http/route";
import { presentTask } from "@/lib/tasks/present-task";
import { submitTask } from "@/lib/tasks/submit-task";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/**
 * Submit, mirroring the upstream path: validated against the catalog first (invalid bodies never
 * reach the upstream), then the referenced files against the model's limits (400 for a file that
 * breaks one, 422 media_unverified for files that could not be checked unless the
 * X-Studio-Media-Check: skip-unreachable header says to send anyway), then the user's submit rate
 * limit (429) and budget (402), then forwarded with
 * the server's key; answers the top-level task object.
 * A client of the upstream API works unchanged with the studio's base URL and a studio API token.
 */
export const POST = route({ auth: "user" }, async ({ request, user }) => {
  const task = await submitTask(await readJson(request, env().bodyLimits.task), undefined, {
    userId: ownerOf(user),
    check: {},
    via: null,
    media: mediaCheckOf(request, user),
  });
  return Response.json(presentTask(task, new URL(request.url).origin), {
    headers: { "Cache-Control": "no-store" },
  });
});
