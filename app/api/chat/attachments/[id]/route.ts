import { deleteUnsentAttachment, getAttachment } from "@/lib/chat/attachments";
import { db } from "@/lib/db";
import { handler } from "@/lib/http/respond";
import { mediaFileResponse } from "@/lib/storage/files";

export const dynamic = "force-dynamic";
type Context = { params: Promise<{ id: string }> };

export const GET = handler(async (request: Request, { params }: Context) => {
  const row = await getAttachment(db(), (await params).id);
  const response = await mediaFileResponse(request, row.path, row.mimeType, {
    cacheControl: "private, max-age=31536000, immutable",
    sha256: row.sha256 || undefined,
  });
  // Served from the studio's origin: never let a file be run as a page.
  response.headers.set("Content-Security-Policy", "default-src 'none'; sandbox");
  response.headers.set("X-Content-Type-Options", "nosniff");
  return response;
});

export const DELETE = handler(async (_request: Request, { params }: Context) => {
  await deleteUnsentAttachment(db(), (await params).id);
  return new Response(null, { status: 204 });
});
