import { createHmac, timingSafeEqual } from "node:crypto";
import type { TaskSeed } from "./task-codec";

/**
 * Signed, expiring result URLs, like a storage bucket's pre-signed links (spec: "Result URLs
 * expire"; their lifetime is "not shown"). The HMAC covers the file and the expiry, so a URL cannot
 * be extended or pointed at another task by editing it.
 */
export type FileRole = "result" | "upstream" | "last-frame";

export function fileNameOf(seed: TaskSeed, role: FileRole): string {
  if (role === "last-frame") return "last-frame.png";
  const ext = seed.kind === "video" ? "mp4" : imageExtension(seed.model);
  return `${role === "result" ? seed.kind : "upstream"}.${ext}`;
}

/** vendors_5.0Pro answers JPEG, every other image model PNG: the studio must not assume one. */
export function imageExtension(model: string): "png" | "jpg" {
  return model === "vendors_5.0Pro" ? "jpg" : "png";
}

export function roleOfFileName(seed: TaskSeed, name: string): FileRole | undefined {
  const roles: FileRole[] = ["result", "upstream", ...(seed.lastFrame ? (["last-frame"] as const) : [])];
  return roles.find((role) => fileNameOf(seed, role) === name);
}

export function signedFileUrl(
  root: string,
  taskId: string,
  fileName: string,
  expiresMs: number,
  secret: string,
): string {
  // Rounded up so a URL lives at least its whole lifetime.
  const expires = Math.ceil(expiresMs / 1000);
  const signature = sign(secret, taskId, fileName, expires);
  return `${root}/files/${taskId}/${fileName}?expires=${expires}&signature=${signature}`;
}

export type UrlCheck = "valid" | "expired" | "bad-signature";

export function checkFileUrl(
  taskId: string,
  fileName: string,
  query: URLSearchParams,
  secret: string,
  nowMs: number,
): { check: UrlCheck; expiresMs?: number } {
  const expiresText = query.get("expires") ?? "";
  const given = query.get("signature") ?? "";
  if (!/^\d{1,12}$/.test(expiresText) || !/^[0-9a-f]{32}$/.test(given)) return { check: "bad-signature" };
  const expires = Number(expiresText);
  const expected = Buffer.from(sign(secret, taskId, fileName, expires));
  if (!timingSafeEqual(expected, Buffer.from(given))) return { check: "bad-signature" };
  const expiresMs = expires * 1000;
  return { check: nowMs >= expiresMs ? "expired" : "valid", expiresMs };
}

function sign(secret: string, taskId: string, fileName: string, expires: number): string {
  return createHmac("sha256", secret).update(`${taskId}/${fileName}:${expires}`).digest("hex").slice(0, 32);
}
