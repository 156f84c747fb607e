import type { Db } from "../db-client";
import { delegateName, type ModelName, type ModelTable } from "./models";

type Row = Record<string, unknown>;

/** The part of a model's client both copies use; every model has it, whatever its fields. */
type Delegate = {
  findMany(args: { where?: object; orderBy: object[]; take: number }): Promise<Row[]>;
  createMany(args: { data: Row[]; skipDuplicates: boolean }): Promise<{ count: number }>;
  count(args?: { where?: object }): Promise<number>;
  updateMany(args: { where: object; data: Row }): Promise<{ count: number }>;
};

export type RowCounts = {
  model: ModelName;
  /** Rows in the source when the copy of this model began. */
  source: number;
  /** Written by this run. */
  copied: number;
  /** Already in the target (an earlier, interrupted run wrote them). */
  present: number;
};

export type RowProgress = { model: ModelName; done: number; total: number };

export type CopyRowsOptions = {
  batchSize: number;
  signal?: AbortSignal;
  onProgress?: (progress: RowProgress) => void;
};

/**
 * Copies every row of every table, tables in foreign-key order, rows in primary-key order in
 * batches. Each batch is one INSERT … ON CONFLICT DO NOTHING (createMany skipDuplicates): atomic,
 * and a rerun after an interruption writes only what is missing, never a second copy.
 *
 * A table that references itself (a reply names its thread) cannot rely on key order putting the
 * referenced row first, nor on one batch holding both: its rows are written with those columns
 * empty, then a second pass sets them (a rerun sets them again, so an interruption between the two
 * passes is mended by the next run).
 */
export async function copyRows(
  source: Db,
  target: Db,
  tables: ModelTable[],
  options: CopyRowsOptions,
): Promise<RowCounts[]> {
  const counts: RowCounts[] = [];
  for (const table of tables) {
    const from = delegate(source, table.model);
    const to = delegate(target, table.model);
    const entry: RowCounts = { model: table.model, source: await from.count(), copied: 0, present: 0 };
    counts.push(entry);
    const self = table.selfReferences ?? [];
    for await (const batch of keysetBatches(from, table.key, options.batchSize, options.signal)) {
      const data = self.length ? batch.map((row) => ({ ...row, ...nulls(self) })) : batch;
      const { count } = await to.createMany({ data, skipDuplicates: true });
      entry.copied += count;
      entry.present += batch.length - count;
      options.onProgress?.({
        model: table.model,
        done: entry.copied + entry.present,
        total: entry.source,
      });
    }
    if (self.length) await restoreSelfReferences(from, to, table, options);
  }
  return counts;
}

async function restoreSelfReferences(
  from: Delegate,
  to: Delegate,
  table: ModelTable,
  options: CopyRowsOptions,
) {
  for await (const batch of keysetBatches(from, table.key, options.batchSize, options.signal)) {
    for (const row of batch) {
      const data = Object.fromEntries(table.selfReferences.map((column) => [column, row[column]]));
      if (Object.values(data).every((value) => value === null)) continue;
      await to.updateMany({ where: Object.fromEntries(table.key.map((k) => [k, row[k]])), data });
    }
  }
}

const nulls = (columns: string[]): Row => Object.fromEntries(columns.map((c) => [c, null]));

/** Rows in primary-key order, `size` at a time, each batch read after the last key of the one before. */
export async function* keysetBatches(
  from: Delegate,
  key: string[],
  size: number,
  signal?: AbortSignal,
): AsyncGenerator<Row[]> {
  const orderBy = key.map((column) => ({ [column]: "asc" }));
  let last: Row | undefined;
  while (true) {
    signal?.throwIfAborted();
    const batch = await from.findMany({ where: last && after(key, last), orderBy, take: size });
    if (!batch.length) return;
    yield batch;
    if (batch.length < size) return;
    last = batch.at(-1);
  }
}

/** (a, b) > (x, y) as Prisma writes it: a > x OR (a = x AND b > y). */
function after(key: string[], row: Row): object {
  return {
    OR: key.map((column, i) => ({
      ...Object.fromEntries(key.slice(0, i).map((k) => [k, row[k]])),
      [column]: { gt: row[column] },
    })),
  };
}

export function delegate(db: Db, model: ModelName): Delegate {
  return (db as unknown as Record<string, Delegate>)[delegateName(model)];
}
