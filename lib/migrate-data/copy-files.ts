import { createHash } from "node:crypto";
import type { Db } from "../db-client";
import type { MediaStore } from "../storage/media-store";
import { streamChunks } from "../http/stream-chunks";
import { delegate, keysetBatches } from "./copy-rows";
import { FILE_REFERENCES, type FileReference } from "./file-references";
import type { ModelTable } from "./models";

export type FileFailure = { key: string; reason: string };

export type FileCounts = {
  copied: number;
  /** Already in the target with the same size and sha256 (an earlier run copied them). */
  skipped: number;
  failed: number;
  /** Bytes uploaded by this run. */
  bytes: number;
  failures: FileFailure[];
};

export type FileProgress = { done: number; total: number; bytes: number };

export type CopyFilesOptions = {
  batchSize: number;
  /** Files in flight at once. */
  concurrency: number;
  signal?: AbortSignal;
  onProgress?: (progress: FileProgress) => void;
};

type Expected = { sha256: string | null; size: number | null; contentType: string | null };

type Outcome = { status: "copied" | "skipped"; bytes: number } | { status: "failed"; reason: string };

/**
 * Copies every file the source's rows reference from one store to the other, streaming (the bytes
 * pass through once, hashed on the way). A file is only counted as copied when the bytes that
 * reached the target hash to what the row records (or, without a record, to the local file).
 */
export async function copyFiles(
  source: Db,
  tables: ModelTable[],
  from: MediaStore,
  to: MediaStore,
  options: CopyFilesOptions,
): Promise<FileCounts> {
  const counts: FileCounts = { copied: 0, skipped: 0, failed: 0, bytes: 0, failures: [] };
  const total = await countReferences(source);
  const seen = new Set<string>();
  const running = new Set<Promise<void>>();
  const report = () =>
    options.onProgress?.({
      done: counts.copied + counts.skipped + counts.failed,
      total,
      bytes: counts.bytes,
    });

  const settle = (key: string, outcome: Outcome) => {
    if (outcome.status === "failed") {
      counts.failed++;
      counts.failures.push({ key, reason: outcome.reason });
    } else {
      counts[outcome.status]++;
      counts.bytes += outcome.bytes;
    }
    report();
  };

  try {
    for (const reference of FILE_REFERENCES) {
      const key = tables.find((t) => t.model === reference.model)!.key;
      const rows = keysetBatches(delegate(source, reference.model), key, options.batchSize, options.signal);
      for await (const batch of rows) {
        for (const row of batch) {
          const path = row[reference.path];
          if (typeof path !== "string" || seen.has(path)) continue;
          // The same file may be named by several rows (a result stored once for two URLs).
          seen.add(path);
          options.signal?.throwIfAborted();
          if (running.size >= options.concurrency) await Promise.race(running);
          const job = copyFile(path, expectedOf(reference, row), from, to)
            .catch((error: unknown): Outcome => ({ status: "failed", reason: (error as Error).message }))
            .then((outcome) => settle(path, outcome))
            .finally(() => running.delete(job));
          running.add(job);
        }
      }
    }
  } finally {
    // Interrupted or not, files already in flight finish (or fail) before the copy returns.
    await Promise.allSettled(running);
  }
  return counts;
}

async function countReferences(source: Db): Promise<number> {
  let total = 0;
  for (const reference of FILE_REFERENCES) {
    // Raw because some of these columns are required and Prisma refuses `not: null` on them.
    const [row] = await source.$queryRawUnsafe<{ n: number | bigint }[]>(
      `SELECT COUNT(*) AS n FROM "${reference.model}" WHERE "${reference.path}" IS NOT NULL`,
    );
    total += Number(row?.n ?? 0);
  }
  return total;
}

function expectedOf(reference: FileReference, row: Record<string, unknown>): Expected {
  const field = (name: string | undefined) => (name === undefined ? null : (row[name] ?? null));
  return {
    sha256: field(reference.sha256) as string | null,
    size: field(reference.size) as number | null,
    contentType: field(reference.contentType) as string | null,
  };
}

class Mismatch extends Error {}

async function copyFile(key: string, expected: Expected, from: MediaStore, to: MediaStore): Promise<Outcome> {
  const local = await from.stat(key);
  if (!local) return { status: "failed", reason: "missing from the local media folder" };
  if (expected.size !== null && local.size !== expected.size) {
    return {
      status: "failed",
      reason: `the local file has ${local.size} bytes, its row records ${expected.size}`,
    };
  }
  const sha256 = expected.sha256 ?? (await hashOf(from, key));
  if (!sha256) return { status: "failed", reason: "missing from the local media folder" };
  const existing = await to.stat(key);
  if (existing) {
    if (existing.size === local.size && (await hashOf(to, key)) === sha256) {
      return { status: "skipped", bytes: 0 };
    }
    return {
      status: "failed",
      reason: "the target already holds a different file under this key (left as it is)",
    };
  }
  const body = await from.open(key);
  if (!body) return { status: "failed", reason: "missing from the local media folder" };
  try {
    const written = await to.put(key, body, {
      declaredType: expected.contentType ?? undefined,
      validate: (file) => {
        if (file.sha256 !== sha256 || file.size !== local.size) {
          throw new Mismatch(
            `sha256 mismatch: ${file.size} bytes hashing to ${file.sha256} arrived, ` +
              `${expected.sha256 ? "the row records" : "the local file hashed to"} ${sha256} (the copy was removed)`,
          );
        }
      },
    });
    return { status: "copied", bytes: written.size };
  } catch (error) {
    if (error instanceof Mismatch) return { status: "failed", reason: error.message };
    throw error;
  }
}

async function hashOf(store: MediaStore, key: string): Promise<string | undefined> {
  const body = await store.open(key);
  if (!body) return undefined;
  const hash = createHash("sha256");
  for await (const chunk of streamChunks(body)) hash.update(chunk);
  return hash.digest("hex");
}
