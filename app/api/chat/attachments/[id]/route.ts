import { deleteUnsentAttachment, getAttachment } from "@/lib/chat/attachments";
import { db } from "@/lib/db";
import { idParams, route } from "@/lib/http/route";
import { mediaFileResponse } from "@/lib/storage/files";

export const dynamic = "force-dynamic";

export const GET = route({ auth: "file", params: idParams }, async ({ request, params, user }) => {
  const row = await getAttachment(db(), user, params.id);
  const response = await mediaFileResponse(request, row.path, row.mimeType, {
    cacheControl: "private, max-age=31536000, immutable",
    sha256: row.sha256 || undefined,
  });
  // Served from the studio's origin: never let a file be run as a page.
  response.headers.set("Content-Security-Policy", "default-src 'none'; sandbox");
  response.headers.set("X-Content-Type-Options", "nosniff");
  return response;
});

export const DELETE = route({ auth: "user", params: idParams }, async ({ params, user }) => {
  await deleteUnsentAttachment(db(), user, params.id);
  return new Response(null, { status: 204 });
});
