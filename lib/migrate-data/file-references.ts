import type { Prisma } from "../generated/prisma/client";
import type { ModelName } from "./models";

type Scalars<M extends ModelName> = keyof Prisma.TypeMap["model"][M]["payload"]["scalars"] & string;

/** A column holding a media key (a path relative to MEDIA_DIR), with what the row records of it. */
export type FileReference = {
  [M in ModelName]: {
    model: M;
    path: Scalars<M>;
    sha256?: Scalars<M>;
    size?: Scalars<M>;
    contentType?: Scalars<M>;
  };
}[ModelName];

/**
 * Every column of the schema that names a stored file (lib/storage writes them; see the `///`
 * comments "relative to MEDIA_DIR" in prisma/schema.prisma). Thumbnails record no hash: theirs is
 * computed from the local file before the copy and checked against what reached the bucket.
 */
export const FILE_REFERENCES: FileReference[] = [
  { model: "Media", path: "path", sha256: "sha256", size: "size", contentType: "contentType" },
  { model: "Media", path: "thumbPath" },
  { model: "Attachment", path: "path", sha256: "sha256", size: "size", contentType: "mimeType" },
  { model: "MediaUpload", path: "path", sha256: "sha256", size: "size", contentType: "mimeType" },
  {
    model: "Asset",
    path: "previewPath",
    sha256: "previewSha256",
    size: "previewSize",
    contentType: "previewType",
  },
];
