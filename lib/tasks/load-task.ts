import type { Db } from "../db";
import type { Media, Task } from "../generated/prisma/client";

export type TaskWithMedia = Task & { media: Media[] };

/** Results first, then last frames, then the upstream's extra copies; stable within a role. */
const ROLE_ORDER: Record<string, number> = { result: 0, last_frame: 1, extra: 2 };

export async function loadTask(db: Db, id: string): Promise<TaskWithMedia | null> {
  const task = await db.task.findUnique({
    where: { id },
    include: { media: { orderBy: [{ createdAt: "asc" }, { id: "asc" }] } },
  });
  if (task) task.media.sort((a, b) => (ROLE_ORDER[a.role] ?? 9) - (ROLE_ORDER[b.role] ?? 9));
  return task;
}
