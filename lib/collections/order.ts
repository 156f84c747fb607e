import type { Viewer } from "../auth/scope";
import type { Db } from "../db";
import { StudioError } from "../errors";
import { collectionAccess } from "./access";
import { stepTarget } from "./move-target";
import type { MoveInput } from "./schema";

/** The gap between consecutive positions when items are appended or renumbered. */
export const POSITION_STEP = 1024;
/**
 * Below this gap a midpoint no longer lands strictly between its neighbours in practice (doubles
 * halve about 50 times from POSITION_STEP before they meet): the collection is renumbered instead.
 */
const MIN_GAP = 1e-6;

/**
 * One move in a collection's order: `before` another item (null: to the end), or one `step` up or
 * down, which becomes the same move. The item gets the midpoint of its new neighbours, one row
 * written; when they are too close the whole collection is renumbered in its new order. Returns
 * the order after the move.
 */
export async function moveItem(
  db: Db,
  viewer: Viewer,
  collectionId: string,
  input: MoveInput,
): Promise<{ order: string[]; renumbered: boolean }> {
  await collectionAccess(db, viewer, collectionId, "edit");
  return db.$transaction(async (tx) => {
    // Written first (see items.ts): concurrent moves of one collection take turns.
    await tx.collection.update({ where: { id: collectionId }, data: { updatedAt: new Date() } });
    const rows = await tx.collectionItem.findMany({
      where: { collectionId },
      orderBy: [{ position: "asc" }, { taskId: "asc" }],
      select: { taskId: true, position: true },
    });
    const order = rows.map((r) => r.taskId);
    if (!order.includes(input.taskId)) throw notInIt("taskId", input.taskId);
    const before = "step" in input ? stepTarget(order, input.taskId, input.step) : input.before;
    // Already first (or last): nothing to do.
    if (before === undefined || before === input.taskId) return { order, renumbered: false };
    if (before !== null && !order.includes(before)) throw notInIt("before", before);

    const rest = rows.filter((r) => r.taskId !== input.taskId);
    const at = before === null ? rest.length : rest.findIndex((r) => r.taskId === before);
    const prev = rest[at - 1]?.position;
    const next = rest[at]?.position;
    const position =
      prev === undefined && next === undefined
        ? 0
        : prev === undefined
          ? next! - POSITION_STEP
          : next === undefined
            ? prev + POSITION_STEP
            : (prev + next) / 2;
    const newOrder = [
      ...rest.slice(0, at).map((r) => r.taskId),
      input.taskId,
      ...rest.slice(at).map((r) => r.taskId),
    ];
    const tooClose =
      prev !== undefined &&
      next !== undefined &&
      (next - prev < MIN_GAP || position <= prev || position >= next);
    if (!tooClose) {
      await tx.collectionItem.update({
        where: { collectionId_taskId: { collectionId, taskId: input.taskId } },
        data: { position },
      });
    } else {
      for (const [i, taskId] of newOrder.entries()) {
        await tx.collectionItem.update({
          where: { collectionId_taskId: { collectionId, taskId } },
          data: { position: (i + 1) * POSITION_STEP },
        });
      }
    }
    return { order: newOrder, renumbered: tooClose };
  });
}

function notInIt(field: string, taskId: string): StudioError {
  return new StudioError("invalid_request", `${field}: ${taskId} is not an item of this collection`, {
    issues: [{ path: field, message: "must be an item of this collection", code: "not_in_collection" }],
  });
}
