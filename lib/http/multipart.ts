import { env } from "../env";
import { formatBytes } from "../format/bytes";
import { StudioError } from "../errors";

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
