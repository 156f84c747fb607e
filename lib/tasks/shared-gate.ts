import type { Db } from "../db-client";
import type { GateState, UpstreamGate } from "./upstream-gate";

/**
 * The shared back-off across studio processes: one `UpstreamBackoff` row holds the latest pause
 * (until when, the share of workers to come back at, how many complaints in a row). A process told
 * to slow down writes it; every process reads it at most once per `syncMs` (a claim cycle of the
 * tracker or a browser's read, never per poll) and adopts a newer pause. So a second process stops
 * polling within `syncMs` (plus the polls already on the wire) of the first one's 429.
 */
const KEY = "task-api";

type Row = {
  pausedUntil: number | bigint;
  floor: number;
  inARow: number | bigint;
  status: number | bigint;
  retryAfterSeconds: number | bigint | null;
  at: number | bigint;
};

function stateOf(row: Row): GateState {
  const pausedUntil = Number(row.pausedUntil);
  return {
    pausedUntil,
    floor: Number(row.floor),
    inARow: Number(row.inARow),
    last: {
      at: Number(row.at),
      until: pausedUntil,
      status: Number(row.status),
      retryAfterSeconds: row.retryAfterSeconds === null ? null : Number(row.retryAfterSeconds),
    },
  };
}

/** Reads the shared row and adopts a newer pause; does nothing when read within `syncMs`. */
export async function syncGate(db: Db, gate: UpstreamGate, now: number): Promise<void> {
  if (now - gate.syncedAt < gate.options.syncMs && gate.syncedAt <= now) return;
  gate.syncedAt = now;
  const rows = await db.$queryRaw<Row[]>`
    SELECT "pausedUntil", "floor", "inARow", "status", "retryAfterSeconds", "at"
    FROM "UpstreamBackoff" WHERE "key" = ${KEY}`;
  if (rows.length) gate.adopt(stateOf(rows[0]));
}

/**
 * Publishes the complaint `gate.throttled()` just recorded. The longest pause wins: a short
 * Retry-After told to one process never shortens a longer pause another was given.
 */
export async function shareThrottle(db: Db, gate: UpstreamGate): Promise<void> {
  const { pausedUntil, floor, inARow, last } = gate.state();
  if (!last) return;
  await db.$executeRaw`
    INSERT INTO "UpstreamBackoff" ("key", "pausedUntil", "floor", "inARow", "status", "retryAfterSeconds", "at")
    VALUES (${KEY}, ${pausedUntil}, ${floor}, ${inARow}, ${last.status}, ${last.retryAfterSeconds}, ${last.at})
    ON CONFLICT ("key") DO UPDATE SET
      "pausedUntil" = excluded."pausedUntil", "floor" = excluded."floor", "inARow" = excluded."inARow",
      "status" = excluded."status", "retryAfterSeconds" = excluded."retryAfterSeconds", "at" = excluded."at"
    WHERE "UpstreamBackoff"."pausedUntil" <= excluded."pausedUntil"`;
  // Whichever pause won, this process waits by it now, not after its next read.
  gate.syncedAt = 0;
  await syncGate(db, gate, last.at);
}

/**
 * An answer came after a run of complaints: the next 429, in any process, starts from the first
 * pause again. Only once the pause is over, and only once per run of complaints per process.
 */
export async function shareRecovery(db: Db, now: number): Promise<void> {
  await db.$executeRaw`
    UPDATE "UpstreamBackoff" SET "inARow" = 0
    WHERE "key" = ${KEY} AND "inARow" > 0 AND "pausedUntil" <= ${now}`;
}
