import { z } from "zod";
import { attachFromGallery } from "@/lib/chat/attachments";
import { db } from "@/lib/db";
import { readJson } from "@/lib/http/respond";
import { route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

const bodySchema = z.object({ mediaId: z.string({ error: "is required" }).min(1, { error: "is required" }) });

export const POST = route({ auth: "user" }, async ({ request, user }) => {
  const { mediaId } = bodySchema.parse(await readJson(request));
  return Response.json(await attachFromGallery(db(), user, mediaId), { status: 201 });
});
