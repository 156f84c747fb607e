import { z } from "zod";
import { db } from "@/lib/db";
import { idParams, route } from "@/lib/http/route";
import { mediaResponse } from "@/lib/tasks/serve-media";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/** A stored file with Range support (videos seek); `?download=1` names it as an attachment. */
const serve = route(
  { auth: "file", params: idParams, search: z.object({ download: z.string().optional() }) },
  async ({ request, params, searchParams, user }) =>
    mediaResponse(db(), user, request, params.id, { download: searchParams.download === "1" }),
);

export { serve as GET, serve as HEAD };
