import { z } from "zod";
import { ownerOf } from "@/lib/auth/scope";
import { env } from "@/lib/env";
import { readJson } from "@/lib/http/respond";
import { mediaCheckOf } from "@/lib/media-inspection/request-check";
import { route } from "@/lib/http/route";
import { presentTask } from "@/lib/tasks/present-task";
import { submitTask } from "@/lib/tasks/submit-task";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

const familyParams = z.object({ family: z.string().min(1) });

/**
 * Create, mirroring the upstream's video-family v1 path: the body ({ model, prompt, aspect_ratio,
 * seconds }) is validated by the family's rules in the catalog, then its referenced files (as on the
 * task API path), then the budget and rate checks,
 * then forwarded to {base_url}/v1/{family}/videos with the server's key. The task is tracked,
 * stored and billed like every task; the answer is the task as the studio knows it (its `id` is
 * the upstream's, for GET …/videos/{id}).
 */
export const POST = route({ auth: "user", params: familyParams }, async ({ request, params, user }) => {
  const task = await submitTask(await readJson(request, env().bodyLimits.task), undefined, {
    userId: ownerOf(user),
    check: {},
    via: params.family,
    media: mediaCheckOf(request, user),
  });
  return Response.json(presentTask(task, new URL(request.url).origin), {
    headers: { "Cache-Control": "no-store" },
  });
});
