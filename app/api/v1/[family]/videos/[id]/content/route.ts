import { z } from "zod";
import { db } from "@/lib/db";
import { route } from "@/lib/http/route";
import { videoContentResponse } from "@/lib/tasks/openai-video-content";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

const params = z.object({ family: z.string().min(1), id: z.string().min(1) });
const search = z.object({ variant: z.string().optional() });

/** OpenAI's `GET /videos/{id}/content` (the SDK's `videos.downloadContent`): the studio's stored file. */
const serve = route({ auth: "user", params, search }, async ({ request, params, searchParams, user }) =>
  videoContentResponse(db(), user, request, {
    family: params.family,
    id: params.id,
    variant: searchParams.variant,
  }),
);

export { serve as GET, serve as HEAD };
