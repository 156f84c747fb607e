import { db } from "@/lib/db";
import { handler } from "@/lib/http/respond";
import { thumbnailResponse } from "@/lib/tasks/serve-media";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

type Context = { params: Promise<{ id: string }> };

/** The stored thumbnail (image) or poster frame (video); 404 until the gallery made one. */
const serve = handler(async (request: Request, { params }: Context) => {
  const { id } = await params;
  return thumbnailResponse(db(), request, id);
});

export { serve as GET, serve as HEAD };
