import { pgPoolOf, sqlDialect, type Db } from "../db-client";
import { RUNNING_STATUSES } from "../tasks/status";
import type { TrackerStatus } from "../tasks/tracker";
import { studioMetrics, type StudioMetrics } from "./studio-metrics";

/** A poll later than this counts as overdue (the spec's 5-10 s: 5 s late is past its last chance). */
const OVERDUE_MS = 5_000;

// Every state a gauge reports, so one that empties reads 0 instead of vanishing.
const BATCH_ITEM_STATES = ["planned", "sending", "sent", "outcome_unknown", "rejected", "held_budget"];
const SEQUENCE_STATES = ["draft", "running", "paused", "done", "failed"];
const ASSEMBLY_STATES = ["queued", "running", "done", "failed", "cancelled"];
const DELIVERY_STATES = ["pending", "delivered", "failed"];

export type CollectSources = {
  db: Db;
  /** This process's tracker, when it runs one. */
  tracker?: { status(): TrackerStatus };
  now?: () => number;
};

/**
 * Brings the gauges up to date just before a scrape: what lives in the database (running tasks,
 * outbox, batches, sequences — the same for every process on it) is counted there, what lives in
 * this process (its tracker's pools, its back-off, its pool of connections) is read from it.
 * Counters and histograms are updated where things happen; they need nothing here.
 */
export async function collectStudioGauges(sources: CollectSources, m: StudioMetrics = studioMetrics()) {
  const now = sources.now?.() ?? Date.now();
  const status = sources.tracker?.status();
  if (status) {
    m.tracker.pollWorkers.set({ state: "configured" }, status.polls.workers);
    m.tracker.pollWorkers.set({ state: "allowed" }, status.polls.allowed);
    m.tracker.pollWorkers.set({ state: "busy" }, status.polls.busy);
    m.tracker.mostOverdueSeconds.set(status.polls.overdueMs / 1000);
    m.tracker.downloadsInFlight.set(status.downloads.busy);
    m.tracker.downloadBytesInFlight.set(status.downloads.largeBytesInFlight);
    m.tracker.backoffSeconds.set(
      status.backoffUntil ? Math.max(0, (Date.parse(status.backoffUntil) - now) / 1000) : 0,
    );
  }
  const { db } = sources;
  m.database.info.set({ dialect: sqlDialect(db) }, 1);
  const pool = pgPoolOf(db);
  if (pool) {
    m.database.pool.set({ state: "total" }, pool.totalCount);
    m.database.pool.set({ state: "idle" }, pool.idleCount);
    m.database.pool.set({ state: "waiting" }, pool.waitingCount);
  }
  try {
    const running = { status: { in: [...RUNNING_STATUSES] } };
    const [tasks, overdue, downloads, items, sequences, assemblies, deliveries] = await Promise.all([
      db.task.count({ where: running }),
      db.task.count({ where: { ...running, nextPollAt: { lt: new Date(now - OVERDUE_MS) } } }),
      db.media.count({ where: { status: { in: ["pending", "downloading"] } } }),
      db.batchItem.groupBy({ by: ["state"], _count: { _all: true } }),
      db.sequence.groupBy({ by: ["state"], _count: { _all: true } }),
      db.assembly.groupBy({ by: ["state"], _count: { _all: true } }),
      db.webhookDelivery.groupBy({ by: ["state"], _count: { _all: true } }),
    ]);
    m.tracker.runningTasks.set(tasks);
    m.tracker.overduePolls.set(overdue);
    m.tracker.pendingDownloads.set(downloads);
    setByState(m.batches.items, BATCH_ITEM_STATES, items);
    setByState(m.sequences.sequences, SEQUENCE_STATES, sequences);
    setByState(m.sequences.assemblies, ASSEMBLY_STATES, assemblies);
    setByState(m.webhooks.deliveries, DELIVERY_STATES, deliveries);
  } catch {
    // The database is down: the scrape still answers (process and in-process figures), and says so.
    m.database.collectErrors.inc();
  }
}

function setByState(
  gauge: StudioMetrics["batches"]["items"],
  known: readonly string[],
  rows: readonly { state: string; _count: { _all: number } }[],
) {
  for (const state of known) gauge.set({ state }, 0);
  for (const row of rows) gauge.set({ state: row.state }, row._count._all);
}
