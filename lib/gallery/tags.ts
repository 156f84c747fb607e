import { ownedBy, ownedBySql, UNOWNED, type Viewer } from "../auth/scope";
import { sqlDialect, type Db } from "../db-client";
import { Prisma } from "../generated/prisma/client";
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

/**
 * Tag suggestions: most used first, optionally only those starting with (or containing) `q`.
 * Tag names are shared rows, but a viewer only ever sees the tags on items they may see, counted
 * over those items: another user's tags never show (docs/decisions/ownership.md).
 */
export async function listTags(db: Db, viewer: Viewer, q = "", limit = 20): Promise<TagCount[]> {
  const needle = normalizeTagName(q);
  const [contains, startsWith] =
    sqlDialect(db) === "postgresql"
      ? [Prisma.sql`strpos(g."name", ${needle}) > 0`, Prisma.sql`starts_with(g."name", ${needle})`]
      : [
          Prisma.sql`instr(g."name", ${needle}) > 0`,
          Prisma.sql`substr(g."name", 1, length(${needle})) = ${needle}`,
        ];
  // COUNT is a bigint on PostgreSQL.
  const rows = await db.$queryRaw<{ name: string; n: bigint | number }[]>`
    SELECT g."name" AS "name", COUNT(tt."taskId") AS "n" FROM "Tag" g JOIN "TaskTag" tt ON tt."tagId" = g."id"
    JOIN "Task" t ON t."id" = tt."taskId"
    WHERE ${contains} AND ${ownedBySql(viewer)} GROUP BY g."id"
    ORDER BY (${startsWith}) DESC, "n" DESC, g."name" ASC LIMIT ${limit}`;
  return rows.map((r) => ({ name: r.name, count: Number(r.n) }));
}

/**
 * Choices for the filter bar: every model and tag among the items the viewer may see, with counts;
 * for an admin with accounts on, also every owner (the user filter), "none" for unowned items.
 */
export async function galleryFacets(db: Db, viewer: Viewer): Promise<GalleryFacets> {
  const [models, tags, users] = await Promise.all([
    db.task.groupBy({
      by: ["model"],
      where: ownedBy(viewer),
      _count: { _all: true },
      orderBy: { model: "asc" },
    }),
    listTags(db, viewer, "", 500),
    viewer.role === "admin" && viewer.via !== "local" ? ownerFacets(db) : Promise.resolve(undefined),
  ]);
  return {
    models: models.map((m) => ({ id: m.model, count: m._count._all })),
    tags,
    ...(users ? { users } : {}),
  };
}

async function ownerFacets(db: Db): Promise<NonNullable<GalleryFacets["users"]>> {
  const groups = await db.task.groupBy({ by: ["userId"], _count: { _all: true } });
  const ids = groups.flatMap((g) => (g.userId ? [g.userId] : []));
  const users = await db.user.findMany({ where: { id: { in: ids } }, select: { id: true, email: true } });
  const email = new Map(users.map((u) => [u.id, u.email]));
  const owned = groups
    .filter((g) => g.userId)
    .map((g) => ({ id: g.userId!, label: email.get(g.userId!) ?? g.userId!, count: g._count._all }))
    .sort((a, b) => a.label.localeCompare(b.label));
  const unowned = groups.find((g) => !g.userId);
  return unowned
    ? [...owned, { id: UNOWNED, label: "No owner (before accounts)", count: unowned._count._all }]
    : owned;
}
