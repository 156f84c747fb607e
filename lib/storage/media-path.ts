import path from "node:path";
import { env } from "../env";
import { StudioError } from "../errors";

/** Absolute MEDIA_DIR. */
export function mediaRoot(): string {
  return env().mediaDir;
}

/** Absolute path of a MEDIA_DIR-relative path; throws on traversal outside MEDIA_DIR. */
export function resolveMediaPath(relativePath: string, root = mediaRoot()): string {
  assertKeyShape(relativePath);
  const absolute = path.resolve(root, relativePath);
  const inside = path.relative(root, absolute);
  if (
    path.isAbsolute(relativePath) ||
    inside === "" ||
    inside === ".." ||
    inside.startsWith(`..${path.sep}`) ||
    path.isAbsolute(inside)
  ) {
    throw new StudioError("invalid_request", `The media path "${relativePath}" points outside MEDIA_DIR.`);
  }
  return absolute;
}

/**
 * A media key as a bucket holds it: the same relative path MEDIA_DIR would resolve (`a/../b.png`
 * is `b.png`), refused by the same rules, so a key means one file whichever store is configured.
 */
export function normalizeMediaKey(key: string): string {
  assertKeyShape(key);
  const normal = path.posix.normalize(key.replaceAll("\\", "/"));
  if (key.startsWith("/") || normal === "." || normal === ".." || normal.startsWith("../")) {
    throw new StudioError("invalid_request", `The media path "${key}" points outside the media store.`);
  }
  return normal;
}

function assertKeyShape(key: string): void {
  if (typeof key !== "string" || key === "" || key.includes("\0")) {
    throw new StudioError("invalid_request", "A media path must be a non-empty relative path.");
  }
}
