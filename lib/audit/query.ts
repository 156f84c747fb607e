import "server-only";
import type { Db } from "../db";
import type { Prisma } from "../generated/prisma/client";
import type { AuditEntryView, AuditFilter, AuditListQuery } from "./schema";

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function where(filter: AuditFilter): Prisma.AuditEntryWhereInput {
  const at: Prisma.DateTimeFilter = {};
  if (filter.from) at.gte = new Date(filter.from);
  // A bare day means through its end.
  if (filter.to) at.lte = new Date(DAY.test(filter.to) ? `${filter.to}T23:59:59.999Z` : filter.to);
  return {
    ...(filter.action ? { action: filter.action } : {}),
    ...(filter.outcome ? { outcome: filter.outcome } : {}),
    ...(filter.actor ? { actorEmail: { contains: filter.actor } } : {}),
    ...(filter.target
      ? { OR: [{ targetId: filter.target }, { targetLabel: { contains: filter.target } }] }
      : {}),
    ...(filter.from || filter.to ? { at } : {}),
  };
}

const ORDER: Prisma.AuditEntryOrderByWithRelationInput[] = [{ at: "desc" }, { id: "desc" }];

type Row = Awaited<ReturnType<Db["auditEntry"]["findFirstOrThrow"]>>;

function view(row: Row): AuditEntryView {
  return {
    id: row.id,
    at: row.at.toISOString(),
    action: row.action,
    outcome: row.outcome,
    actorId: row.actorId,
    actorEmail: row.actorEmail,
    address: row.address,
    targetType: row.targetType,
    targetId: row.targetId,
    targetLabel: row.targetLabel,
    detail: row.detail ? (JSON.parse(row.detail) as Record<string, unknown>) : null,
  };
}

/** A page of entries, newest first; `nextCursor` fetches the next page (null at the end). */
export async function listAuditEntries(
  db: Db,
  query: AuditListQuery,
): Promise<{ entries: AuditEntryView[]; nextCursor: string | null }> {
  const rows = await db.auditEntry.findMany({
    where: where(query),
    orderBy: ORDER,
    take: query.limit + 1,
    ...(query.cursor ? { cursor: { id: query.cursor }, skip: 1 } : {}),
  });
  const page = rows.slice(0, query.limit);
  return { entries: page.map(view), nextCursor: rows.length > query.limit ? page[page.length - 1].id : null };
}

/** Every matching entry, newest first, a page at a time (an export never holds the whole log). */
export async function* allAuditEntries(db: Db, filter: AuditFilter, pageSize = 1000) {
  let cursor: string | undefined;
  for (;;) {
    const rows = await db.auditEntry.findMany({
      where: where(filter),
      orderBy: ORDER,
      take: pageSize,
      ...(cursor ? { cursor: { id: cursor }, skip: 1 } : {}),
    });
    for (const row of rows) yield view(row);
    if (rows.length < pageSize) return;
    cursor = rows[rows.length - 1].id;
  }
}
