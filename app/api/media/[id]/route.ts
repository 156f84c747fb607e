import { db } from "@/lib/db";
import { handler } from "@/lib/http/respond";
import { mediaResponse } from "@/lib/tasks/serve-media";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

type Context = { params: Promise<{ id: string }> };

/** A stored file with Range support (videos seek); `?download=1` names it as an attachment. */
const serve = handler(async (request: Request, { params }: Context) => {
  const { id } = await params;
  const download = new URL(request.url).searchParams.get("download") === "1";
  return mediaResponse(db(), request, id, { download });
});

export { serve as GET, serve as HEAD };
