// Upload into a media field: multipart/form-data (field "file") or the raw bytes with X-File-Name.
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { referenceContext, studioFileReference } from "@/lib/gallery/reference-url";
import { readUploadedFile } from "@/lib/http/multipart";
import { route } from "@/lib/http/route";
import { saveMediaUpload, uploadPath } from "@/lib/uploads/media-uploads";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/** Answers the stored upload and the URL to put in the task body (with its warning, if any). */
export const POST = route({ auth: "user" }, async ({ request, user }) => {
  const maxBytes = env().bodyLimits.upload;
  const { stream, ...meta } = await readUploadedFile(request, maxBytes);
  const upload = await saveMediaUpload(db(), user, stream, { ...meta, maxBytes });
  const reference = studioFileReference(
    uploadPath(upload.id),
    await referenceContext(new URL(request.url).origin),
  );
  return Response.json(
    {
      id: upload.id,
      kind: upload.kind,
      mimeType: upload.mimeType,
      size: upload.size,
      name: upload.originalName,
      url: reference.url,
      warning: reference.warning,
    },
    { status: 201 },
  );
});
