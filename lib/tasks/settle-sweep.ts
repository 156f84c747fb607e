import type { Db } from "../db";
import { updateMediaState } from "./media-state";

/**
 * Tasks whose downloads are all done but whose media state still says "pending": the download's
 * last write (updateMediaState) failed, the database being down. Judged again here, from the
 * media rows, so an outage leaves no task looking "downloading" forever and every task is settled
 * (announced) once. Returns how many were judged.
 */
export async function settleUnjudgedTasks(db: Db, now: Date, limit = 200): Promise<number> {
  const tasks = await db.task.findMany({
    where: { mediaState: "pending", media: { none: { status: { in: ["pending", "downloading"] } } } },
    select: { id: true },
    take: limit,
  });
  for (const { id } of tasks) await updateMediaState(db, id, now);
  return tasks.length;
}
