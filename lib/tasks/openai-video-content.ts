import "server-only";
import { ownedBy, type Viewer } from "../auth/scope";
import type { Db } from "../db";
import { StudioError } from "../errors";
import { mediaResponse, thumbnailResponse } from "./serve-media";

const VARIANTS = ["video", "thumbnail", "spritesheet"] as const;

/**
 * OpenAI's video content for a v1 task: the STORED result (never the upstream's URL, which expires
 * and would carry the upstream's address), or its poster frame for `variant=thumbnail`. Range, ETag
 * and HEAD come from the gallery's file serving. Another user's task answers 404 like a missing one.
 */
export async function videoContentResponse(
  db: Db,
  viewer: Viewer,
  request: Request,
  target: { family: string; id: string; variant?: string },
): Promise<Response> {
  const variant = target.variant ?? "video";
  if (!VARIANTS.includes(variant as (typeof VARIANTS)[number]))
    throw new StudioError("invalid_request", `variant: "${variant}" is not one of ${VARIANTS.join(", ")}.`, {
      issues: [{ path: "variant", message: `must be one of ${VARIANTS.join(", ")}` }],
    });
  if (variant === "spritesheet")
    throw new StudioError(
      "invalid_request",
      "variant: the studio keeps no spritesheet of a video; ask for variant=video or variant=thumbnail.",
      { issues: [{ path: "variant", message: "spritesheet is not available" }] },
    );
  const task = await db.task.findFirst({
    where: { id: target.id, v1Family: target.family, ...ownedBy(viewer) },
    select: { id: true, status: true, media: { where: { role: "result" }, orderBy: { id: "asc" } } },
  });
  if (!task)
    throw new StudioError(
      "not_found",
      `Task ${target.id} is not a /v1/${target.family}/videos task of this studio.`,
    );
  const media = task.media[0];
  if (task.status !== "completed" || !media)
    throw new StudioError(
      "conflict",
      `Video ${task.id} has no content yet (${task.status}); retrieve it until completed.`,
    );
  if (media.status !== "stored")
    throw new StudioError(
      "conflict",
      `Video ${task.id} is completed but its file is not stored yet (${media.status}); try again in a moment.`,
    );
  return variant === "thumbnail"
    ? thumbnailResponse(db, viewer, request, media.id)
    : mediaResponse(db, viewer, request, media.id);
}
