import type { Db } from "../db";
import type { Prisma } from "../generated/prisma/client";
import { normalizeTagName } from "./tag-names";
import type { GalleryFacets, TagCount } from "./types";

type Tx = Prisma.TransactionClient;

async function tagIds(tx: Tx, names: string[]): Promise<string[]> {
  const unique = [...new Set(names.map(normalizeTagName))];
  const ids: string[] = [];
  for (const name of unique) {
    const tag = await tx.tag.upsert({ where: { name }, create: { name }, update: {}, select: { id: true } });
    ids.push(tag.id);
  }
  return ids;
}

/** Replaces a task's tags with exactly `names`. */
export async function setTaskTags(tx: Tx, taskId: string, names: string[]): Promise<void> {
  const ids = await tagIds(tx, names);
  await tx.taskTag.deleteMany({ where: { taskId, tagId: { notIn: ids } } });
  const existing = await tx.taskTag.findMany({ where: { taskId }, select: { tagId: true } });
  const have = new Set(existing.map((e) => e.tagId));
  const missing = ids.filter((id) => !have.has(id));
  if (missing.length) await tx.taskTag.createMany({ data: missing.map((tagId) => ({ taskId, tagId })) });
}

export async function addTagToTasks(tx: Tx, taskIds: string[], name: string): Promise<number> {
  const [tagId] = await tagIds(tx, [name]);
  const existing = await tx.taskTag.findMany({
    where: { tagId, taskId: { in: taskIds } },
    select: { taskId: true },
  });
  const have = new Set(existing.map((e) => e.taskId));
  const missing = taskIds.filter((id) => !have.has(id));
  if (missing.length) await tx.taskTag.createMany({ data: missing.map((taskId) => ({ taskId, tagId })) });
  return missing.length;
}

export async function removeTagFromTasks(tx: Tx, taskIds: string[], name: string): Promise<number> {
  const result = await tx.taskTag.deleteMany({
    where: { taskId: { in: taskIds }, tag: { name: normalizeTagName(name) } },
  });
  return result.count;
}

/** Tags no task carries any more would only clutter the autocomplete. */
export async function pruneOrphanTags(tx: Tx): Promise<void> {
  await tx.tag.deleteMany({ where: { tasks: { none: {} } } });
}

/** Tag suggestions: most used first, optionally only those starting with (or containing) `q`. */
export async function listTags(db: Db, q = "", limit = 20): Promise<TagCount[]> {
  const needle = normalizeTagName(q);
  const rows = await db.$queryRawUnsafe<{ name: string; n: bigint | number }[]>(
    `SELECT g.name AS name, COUNT(tt.taskId) AS n FROM Tag g JOIN TaskTag tt ON tt.tagId = g.id
     WHERE instr(g.name, ?) > 0 GROUP BY g.id
     ORDER BY (substr(g.name, 1, length(?)) = ?) DESC, n DESC, g.name ASC LIMIT ?`,
    needle,
    needle,
    needle,
    limit,
  );
  return rows.map((r) => ({ name: r.name, count: Number(r.n) }));
}

/** Choices for the filter bar: every model and tag present in the gallery, with counts. */
export async function galleryFacets(db: Db): Promise<GalleryFacets> {
  const [models, tags] = await Promise.all([
    db.task.groupBy({ by: ["model"], _count: { _all: true }, orderBy: { model: "asc" } }),
    listTags(db, "", 500),
  ]);
  return { models: models.map((m) => ({ id: m.model, count: m._count._all })), tags };
}
