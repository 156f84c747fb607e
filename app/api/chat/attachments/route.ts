// Upload: multipart/form-data (field "file") or the raw bytes with X-File-Name (URI-encoded).
import { saveUploadedAttachment } from "@/lib/chat/attachments";
import { db } from "@/lib/db";
import { StudioError } from "@/lib/errors";
import { percentDecode } from "@/lib/http/percent-decode";
import { route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

export const POST = route({ auth: "user" }, async ({ request, user }) => {
  const type = request.headers.get("content-type") ?? "";
  const length = Number(request.headers.get("content-length") ?? NaN);
  if (type.startsWith("multipart/form-data")) {
    const file = (await request.formData()).get("file");
    if (!(file instanceof File)) {
      throw new StudioError("invalid_request", 'Send the file in a form field named "file".', {
        issues: [{ path: "file", message: "is required" }],
      });
    }
    const attachment = await saveUploadedAttachment(db(), user, file.stream(), {
      name: file.name,
      declaredType: file.type,
      contentLength: file.size,
    });
    return Response.json(attachment, { status: 201 });
  }
  if (!request.body) throw new StudioError("invalid_request", "The request has no file in its body.");
  const name = decodeFileName(request.headers.get("x-file-name") ?? "upload");
  const attachment = await saveUploadedAttachment(db(), user, request.body, {
    name,
    declaredType: type,
    contentLength: Number.isFinite(length) ? length : undefined,
  });
  return Response.json(attachment, { status: 201 });
});

function decodeFileName(header: string): string {
  return percentDecode(
    header,
    "X-File-Name",
    'The X-File-Name header is not valid URI encoding; send the name through encodeURIComponent ("%" as "%25").',
  );
}
