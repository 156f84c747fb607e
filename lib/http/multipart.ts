import { createWriteStream } from "node:fs";
import { mkdtemp, open, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeWebStream } from "node:stream/web";
import Busboy, { type BusboyParser } from "busboy";
import { z } from "zod";
import { StudioError } from "../errors";
import { formatBytes } from "../format/bytes";
import { percentDecode } from "./percent-decode";

/** One uploaded file as a stream, with what the client said about it (both checked later by its bytes). */
export type UploadedFile = {
  stream: ReadableStream<Uint8Array>;
  name: string;
  declaredType: string;
  contentLength?: number;
};

export type MultipartForm = { fields: Record<string, string>; file: UploadedFile | null };

export function isMultipart(request: Request): boolean {
  return (request.headers.get("content-type") ?? "").toLowerCase().startsWith("multipart/form-data");
}

/** What multipart framing and the text fields add around a file at most, for the up-front size check. */
const MULTIPART_OVERHEAD = 64 * 1024;
const FIELD_LIMITS = { fields: 32, fieldSize: 64 * 1024, parts: 40 };

/**
 * A multipart form's text fields and its one file field, read as the body arrives: the file goes to
 * a temporary file (deleted once opened again, so nothing is left behind) and the read stops, with a
 * 413 naming the limit, as soon as it passes `maxFileBytes`. Nothing of the size of the file is ever
 * held in memory, and a form declaring more than the limit is refused before it is read.
 */
export async function readMultipart(
  request: Request,
  fileField: string,
  maxFileBytes: number,
): Promise<MultipartForm> {
  const length = Number(request.headers.get("content-length") ?? NaN);
  if (Number.isFinite(length) && length > maxFileBytes + MULTIPART_OVERHEAD) throw tooLarge(maxFileBytes);
  if (!request.body) throw new StudioError("invalid_request", "The request has no body.");
  let parser: BusboyParser;
  try {
    parser = Busboy({
      headers: { "content-type": request.headers.get("content-type") ?? "" },
      // busboy says "limit" on reaching it: one byte more tells a file just at the limit from a larger one.
      limits: { ...FIELD_LIMITS, files: 1, fileSize: maxFileBytes + 1 },
    });
  } catch (error) {
    throw unreadable(error);
  }
  const folder = await mkdtemp(join(tmpdir(), "studio-upload-"));
  const fields: Record<string, string> = {};
  let spooled: { path: string; name: string; declaredType: string; size: number } | null = null;
  let failure: unknown = null;
  const fail = (error: StudioError) => parser.destroy(error);
  const writes: Promise<void>[] = [];
  parser.on("field", (name, value, info) => {
    if (info.valueTruncated) fail(fieldTooLong(name));
    else fields[name] ??= value;
  });
  for (const event of ["fieldsLimit", "partsLimit", "filesLimit"]) {
    parser.on(event, () =>
      fail(new StudioError("invalid_request", "The form has more parts than an upload has.")),
    );
  }
  parser.on("file", (name, stream, info) => {
    if (name !== fileField) return void stream.resume();
    const path = join(folder, "file");
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.byteLength;
        done(null, chunk);
      },
    });
    // After busboy's own bookkeeping of this chunk (it touches the stream right after the event).
    stream.on("limit", () =>
      process.nextTick(() => {
        stream.destroy();
        fail(tooLarge(maxFileBytes));
      }),
    );
    writes.push(
      pipeline(stream, counter, createWriteStream(path)).then(
        () => {
          if (size > 0)
            spooled = { path, name: info.filename || "upload", declaredType: info.mimeType, size };
        },
        (error) => {
          failure ??= error;
        },
      ),
    );
  });
  try {
    await pipeline(Readable.fromWeb(request.body as NodeWebStream<Uint8Array>), parser);
    await Promise.all(writes);
    if (failure) throw failure;
  } catch (error) {
    await rm(folder, { recursive: true, force: true });
    const cause = failure instanceof StudioError ? failure : error;
    throw cause instanceof StudioError ? cause : unreadable(cause);
  }
  const file = spooled as { path: string; name: string; declaredType: string; size: number } | null;
  if (!file) {
    await rm(folder, { recursive: true, force: true });
    return { fields, file: null };
  }
  // An open file outlives its name: the stream reads it, and the disk is freed when it closes.
  const handle = await open(file.path, "r");
  await rm(folder, { recursive: true, force: true });
  const stream = Readable.toWeb(handle.createReadStream());
  return {
    fields,
    file: {
      stream: stream as ReadableStream<Uint8Array>,
      name: file.name,
      declaredType: file.declaredType,
      contentLength: file.size,
    },
  };
}

/** readUploadedFile's form as the OpenAPI document publishes it (the raw body's name goes in X-File-Name). */
export const uploadFileForm = z.object({ file: z.file().meta({ description: "The file's bytes." }) });

/**
 * The file of an upload route: a multipart form's field "file", or the raw body with its name in
 * X-File-Name (URI-encoded). `maxBytes`: a form declaring more is refused before it is read, and a
 * form's file stops being read past it; a raw body is streamed on, and its store stops it there.
 */
export async function readUploadedFile(request: Request, maxBytes: number): Promise<UploadedFile> {
  const type = request.headers.get("content-type") ?? "";
  const length = Number(request.headers.get("content-length") ?? NaN);
  if (isMultipart(request)) {
    const { file } = await readMultipart(request, "file", maxBytes);
    if (!file) {
      throw new StudioError("invalid_request", 'Send the file in a form field named "file".', {
        issues: [{ path: "file", message: "is required", code: "required" }],
      });
    }
    return file;
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

function tooLarge(maxBytes: number): StudioError {
  return new StudioError("payload_too_large", `Uploads are limited to ${formatBytes(maxBytes)}.`, {
    details: { maxBytes },
  });
}

function fieldTooLong(name: string): StudioError {
  return new StudioError(
    "invalid_request",
    `${name}: the form field is longer than ${formatBytes(FIELD_LIMITS.fieldSize)}.`,
    {
      issues: [
        {
          path: name,
          message: `is longer than ${formatBytes(FIELD_LIMITS.fieldSize)}`,
          code: "field_too_large",
          params: { maxBytes: FIELD_LIMITS.fieldSize },
        },
      ],
    },
  );
}

function unreadable(error: unknown): StudioError {
  return new StudioError(
    "invalid_request",
    `The multipart form could not be read (${error instanceof Error ? error.message : String(error)}).`,
  );
}
