// Upload: multipart/form-data (field "file") or the raw bytes with X-File-Name (URI-encoded).
import { saveUploadedAttachment } from "@/lib/chat/attachments";
import { INLINE_MAX_FILE_BYTES } from "@/lib/chat/limits";
import { db } from "@/lib/db";
import { readUploadedFile } from "@/lib/http/multipart";
import { route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

export const POST = route({ auth: "user" }, async ({ request, user }) => {
  const { stream, ...meta } = await readUploadedFile(request, INLINE_MAX_FILE_BYTES);
  return Response.json(await saveUploadedAttachment(db(), user, stream, meta), { status: 201 });
});
