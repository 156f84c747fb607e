import { ownedBy, type Viewer } from "../auth/scope";
import type { Db } from "../db";
import { StudioError } from "../errors";
import { itemNotFound } from "../gallery/item-select";
import { lastFrameOf, type LastFrame } from "./last-frame";

/**
 * "Continue from here" on a gallery item: its last frame, for the item's owner (and admins). Not
 * for members of a collection holding it: the media check at submit reads studio files only for
 * their owner (lib/media-inspection/open-media.ts), and the frame becomes a file of the item.
 * Others get the gallery's 404.
 */
export async function continueFrameFor(
  db: Db,
  viewer: Viewer,
  taskId: string,
  origin: string,
): Promise<LastFrame> {
  const task = await db.task.findFirst({ where: { id: taskId, ...ownedBy(viewer) }, select: { id: true } });
  if (!task) throw new StudioError("not_found", itemNotFound(taskId));
  return lastFrameOf(db, taskId, { origin });
}
