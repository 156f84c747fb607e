import { attachFromGallery } from "@/lib/chat/attachments";
import { attachFromGallerySchema } from "@/lib/chat/send-schema";
import { db } from "@/lib/db";
import { readJson } from "@/lib/http/respond";
import { route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

export const POST = route({ auth: "user" }, async ({ request, user }) => {
  const { mediaId } = attachFromGallerySchema.parse(await readJson(request));
  return Response.json(await attachFromGallery(db(), user, mediaId), { status: 201 });
});
