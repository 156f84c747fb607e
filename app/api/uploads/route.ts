// Upload into a media field: multipart/form-data (field "file") or the raw bytes with X-File-Name.
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { StudioError } from "@/lib/errors";
import { referenceContext, studioFileReference } from "@/lib/gallery/reference-url";
import { percentDecode } from "@/lib/http/percent-decode";
import { route } from "@/lib/http/route";
import { saveMediaUpload, uploadPath } from "@/lib/uploads/media-uploads";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/** Answers the stored upload and the URL to put in the task body (with its warning, if any). */
export const POST = route({ auth: "user" }, async ({ request, user }) => {
  const type = request.headers.get("content-type") ?? "";
  const length = Number(request.headers.get("content-length") ?? NaN);
  const maxBytes = env().bodyLimits.upload;
  let source: ReadableStream<Uint8Array>;
  let meta: { name: string; declaredType: string; contentLength?: number };
  if (type.startsWith("multipart/form-data")) {
    if (Number.isFinite(length) && length > maxBytes + 64 * 1024) {
      throw new StudioError("payload_too_large", `Uploads are limited to ${maxBytes} bytes.`);
    }
    const file = (await request.formData()).get("file");
    if (!(file instanceof File)) {
      throw new StudioError("invalid_request", 'Send the file in a form field named "file".', {
        issues: [{ path: "file", message: "is required" }],
      });
    }
    source = file.stream();
    meta = { name: file.name, declaredType: file.type, contentLength: file.size };
  } else {
    if (!request.body) throw new StudioError("invalid_request", "The request has no file in its body.");
    source = request.body;
    meta = {
      name: percentDecode(
        request.headers.get("x-file-name") ?? "upload",
        "X-File-Name",
        "The X-File-Name header is not valid URI encoding; send the name through encodeURIComponent.",
      ),
      declaredType: type,
      contentLength: Number.isFinite(length) ? length : undefined,
    };
  }
  const upload = await saveMediaUpload(db(), user, source, { ...meta, maxBytes });
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
