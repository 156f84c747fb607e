import { z } from "zod";
import { StudioError } from "@/lib/errors";
import { route } from "@/lib/http/route";
import { presentOpenAiVideo } from "@/lib/tasks/openai-videos";
import { refreshTask } from "@/lib/tasks/refresh-task";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

const params = z.object({ family: z.string().min(1), id: z.string().min(1) });

/**
 * Query, mirroring the v1 path: the task in OpenAI's video shape (what its SDK's `videos.retrieve`
 * reads; the studio's fields kept), refreshed at most every 5 s.
 */
export const GET = route({ auth: "user", params }, async ({ request, params, user }) => {
  const task = await refreshTask(params.id, undefined, user);
  // A task of another family (or of the task API) answers like an unknown one, as the upstream would.
  if (!task || task.v1Family !== params.family)
    throw new StudioError(
      "not_found",
      `Task ${params.id} is not a /v1/${params.family}/videos task of this studio.`,
    );
  return Response.json(presentOpenAiVideo(task, new URL(request.url).origin), {
    headers: { "Cache-Control": "no-store" },
  });
});
