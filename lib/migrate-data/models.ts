import type { Db } from "../db-client";
import { Prisma } from "../generated/prisma/client";

export type ModelName = Prisma.ModelName;

/** What the copy needs to know of one model's table, read from the source database itself. */
export type ModelTable = {
  model: ModelName;
  table: string;
  /** Primary key columns in key order: the keyset the rows are read in. */
  key: string[];
  /** Tables this one references by foreign key (itself excluded). */
  references: string[];
  /** Its columns that reference its own rows (Comment.parentId): copied in a second pass. */
  selfReferences: string[];
};

type TableInfoRow = { name: string; pk: number | bigint };
type ForeignKeyRow = { table: string; from: string };

/**
 * Every model of the generated client (Prisma.ModelName: a model added to the schema is copied
 * without a change here), with its key and foreign keys as SQLite's catalog states them, in an
 * order where each table comes after every table it references.
 */
export async function modelTables(source: Db): Promise<ModelTable[]> {
  const tables: ModelTable[] = [];
  for (const model of Object.values(Prisma.ModelName)) {
    const table = tableName(model);
    const columns = await source.$queryRawUnsafe<TableInfoRow[]>(`PRAGMA table_info("${table}")`);
    if (!columns.length) throw new Error(`The source database has no table "${table}" (model ${model}).`);
    const key = columns
      .filter((c) => Number(c.pk) > 0)
      .sort((a, b) => Number(a.pk) - Number(b.pk))
      .map((c) => c.name);
    if (!key.length) throw new Error(`The table "${table}" (model ${model}) has no primary key.`);
    const foreignKeys = await source.$queryRawUnsafe<ForeignKeyRow[]>(`PRAGMA foreign_key_list("${table}")`);
    const references = [...new Set(foreignKeys.map((f) => f.table))].filter((t) => t !== table);
    const selfReferences = [...new Set(foreignKeys.filter((f) => f.table === table).map((f) => f.from))];
    tables.push({ model, table, key, references, selfReferences });
  }
  return dependencyOrder(tables);
}

/** The client's property for a model: `BatchItem` → `db.batchItem`. */
export function delegateName(model: ModelName): string {
  return model.charAt(0).toLowerCase() + model.slice(1);
}

// The schema maps no model to another table name (no @@map); if one ever does, PRAGMA table_info
// finds no table and modelTables says so rather than copying the wrong thing.
function tableName(model: ModelName): string {
  return model;
}

/**
 * Kahn's algorithm, ties broken by the schema's order so the output is stable. A cycle of foreign
 * keys (none today) could not be copied table by table with constraints on, so it is refused.
 */
export function dependencyOrder(tables: ModelTable[]): ModelTable[] {
  const byTable = new Map(tables.map((t) => [t.table, t]));
  const done = new Set<string>();
  const ordered: ModelTable[] = [];
  while (ordered.length < tables.length) {
    const next = tables.find(
      (t) => !done.has(t.table) && t.references.every((r) => done.has(r) || !byTable.has(r)),
    );
    if (!next) {
      const left = tables.filter((t) => !done.has(t.table)).map((t) => t.model);
      throw new Error(`The foreign keys of ${left.join(", ")} form a cycle; they cannot be copied in order.`);
    }
    done.add(next.table);
    ordered.push(next);
  }
  return ordered;
}
