import { env } from "../env";
import { formatBytes } from "../format/bytes";
import { StudioError } from "../errors";
import { percentDecode } from "./percent-decode";

export type MultipartForm = { fields: Record<string, string>; file: File | null };

export function isMultipart(request: Request): boolean {
  return (request.headers.get("content-type") ?? "").toLowerCase().startsWith("multipart/form-data");
}

/**
 * A multipart form's text fields and its one file field. Bodies above BODY_LIMIT_BYTES are refused
 * up front: in front of the routes Next.js buffers at most that much and cuts the rest, and a cut
 * form would fail later with a parse error that names nothing.
 */
export async function readMultipart(
  request: Request,
  fileField: string,
  maxBytes: number = env().bodyLimits.json,
): Promise<MultipartForm> {
  const length = Number(request.headers.get("content-length") ?? NaN);
  if (Number.isFinite(length) && length > maxBytes) {
    throw new StudioError(
      "payload_too_large",
      `The upload is ${formatBytes(length)}, over the studio's request limit of ${formatBytes(maxBytes)} (BODY_LIMIT_BYTES).`,
    );
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch (error) {
    throw new StudioError(
      "invalid_request",
      `The multipart form could not be read (${(error as Error).message}).`,
    );
  }
  const fields: Record<string, string> = {};
  let file: File | null = null;
  for (const [key, value] of form) {
    if (typeof value === "string") fields[key] ??= value;
    else if (key === fileField && value.size > 0) file ??= value;
  }
  return { fields, file };
}

/** One uploaded file as a stream, with what the client said about it (both checked later by its bytes). */
export type UploadedFile = {
  stream: ReadableStream<Uint8Array>;
  name: string;
  declaredType: string;
  contentLength?: number;
};

/** What multipart framing adds around a file at most, for the up-front size check. */
const MULTIPART_OVERHEAD = 64 * 1024;

/**
 * The file of an upload route: a multipart form's field "file", or the raw body with its name in
 * X-File-Name (URI-encoded). `maxBytes`: a form declaring more is refused before it is read (the
 * caller's store refuses a larger file anyway, with its own message, while it streams).
 */
export async function readUploadedFile(request: Request, maxBytes?: number): Promise<UploadedFile> {
  const type = request.headers.get("content-type") ?? "";
  const length = Number(request.headers.get("content-length") ?? NaN);
  if (isMultipart(request)) {
    if (maxBytes !== undefined && Number.isFinite(length) && length > maxBytes + MULTIPART_OVERHEAD) {
      throw new StudioError("payload_too_large", `Uploads are limited to ${formatBytes(maxBytes)}.`, {
        details: { maxBytes },
      });
    }
    const file = (await request.formData()).get("file");
    if (!(file instanceof File)) {
      throw new StudioError("invalid_request", 'Send the file in a form field named "file".', {
        issues: [{ path: "file", message: "is required" }],
      });
    }
    return { stream: file.stream(), name: file.name, declaredType: file.type, contentLength: file.size };
  }
  if (!request.body) throw new StudioError("invalid_request", "The request has no file in its body.");
  return {
    stream: request.body,
    name: percentDecode(
      request.headers.get("x-file-name") ?? "upload",
      "X-File-Name",
      'The X-File-Name header is not valid URI encoding; send the name through encodeURIComponent ("%" as "%25").',
    ),
    declaredType: type,
    contentLength: Number.isFinite(length) ? length : undefined,
  };
}
