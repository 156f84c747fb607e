import path from "node:path";
import { env } from "../env";
import { StudioError } from "../errors";

/** Absolute MEDIA_DIR. */
export function mediaRoot(): string {
  return env().mediaDir;
}

/** Absolute path of a MEDIA_DIR-relative path; throws on traversal outside MEDIA_DIR. */
export function resolveMediaPath(relativePath: string): string {
  if (typeof relativePath !== "string" || relativePath === "" || relativePath.includes("\0")) {
    throw new StudioError("invalid_request", "A media path must be a non-empty relative path.");
  }
  const root = mediaRoot();
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
