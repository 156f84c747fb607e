import { z } from "zod";
import { attachFromGallery } from "@/lib/chat/attachments";
import { db } from "@/lib/db";
import { handler, readJson } from "@/lib/http/respond";

export const dynamic = "force-dynamic";

const bodySchema = z.object({ mediaId: z.string({ error: "is required" }).min(1, { error: "is required" }) });

export const POST = handler(async (request: Request) => {
  const { mediaId } = bodySchema.parse(await readJson(request));
  return Response.json(await attachFromGallery(db(), mediaId), { status: 201 });
});
