import type { Viewer } from "../auth/scope";
import { itemAccess } from "../collections/access";
import type { Db } from "../db";
import { lastFrameOf, type LastFrame } from "./last-frame";

/**
 * "Continue from here" on a gallery item: its last frame, for anyone who may see the item (its
 * owner, or a member of a collection holding it: the frame is part of what they already see).
 * Others get the gallery's 404.
 */
export async function continueFrameFor(
  db: Db,
  viewer: Viewer,
  taskId: string,
  origin: string,
): Promise<LastFrame> {
  await itemAccess(db, viewer, taskId, "view");
  return lastFrameOf(db, taskId, { origin });
}
