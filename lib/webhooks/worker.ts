import type { Db } from "../db";
import { attemptDelivery, type AttemptOptions, type Claimed } from "./attempt";
import { serverLog } from "../log";

export type WebhookWorkerOptions = AttemptOptions & {
  /** Deliveries in flight at once (per process). */
  concurrency: number;
  /** A claim lasts this long; longer than the send's timeout, so a live attempt keeps it. */
  leaseMs: number;
  /** How often to look for due deliveries when idle. */
  idleMs: number;
  log?: Pick<Console, "error">;
};

/**
 * Takes up to `limit` due deliveries of enabled endpoints. Each claim is one conditional UPDATE
 * (lease free → ours), atomic on SQLite and PostgreSQL alike, so two workers — in one process or
 * in two studio instances on one database — never attempt the same delivery at once. A worker
 * that dies holding a lease leaves it to run out; then the delivery is claimed again, with the
 * same id (at least once, never lost).
 */
export async function claimDueDeliveries(
  db: Db,
  options: { now: number; leaseMs: number; limit: number },
): Promise<Claimed[]> {
  const now = new Date(options.now);
  const free = { OR: [{ leaseUntil: null }, { leaseUntil: { lte: now } }] };
  const due = await db.webhookDelivery.findMany({
    where: { state: "pending", nextAttemptAt: { lte: now }, endpoint: { enabled: true }, ...free },
    select: { id: true },
    orderBy: { nextAttemptAt: "asc" },
    take: options.limit,
  });
  const claimed: Claimed[] = [];
  for (const { id } of due) {
    // A later claim of an expired lease always writes a later end, so the end identifies the holder.
    const leaseUntil = new Date(options.now + options.leaseMs);
    const taken = await db.webhookDelivery.updateMany({
      where: { id, state: "pending", ...free },
      data: { leaseUntil },
    });
    if (taken.count > 0) claimed.push({ id, leaseUntil });
  }
  return claimed;
}

export type WebhookWorker = { stop: () => Promise<void>; wake: () => void };

/** The delivery loop: claims as many as it has free slots, and looks again as each one ends. */
export function startWebhookWorker(db: Db, options: WebhookWorkerOptions): WebhookWorker {
  const inFlight = new Set<Promise<void>>();
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let ticking = false;
  // A slot freed while a claim was running: look again right after it, not an idle period later.
  let again = false;
  const log = options.log ?? serverLog;

  const schedule = (ms: number) => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(tick, ms);
    timer.unref?.();
  };
  const tick = async () => {
    timer = null;
    if (stopped) return;
    if (ticking) return void (again = true);
    ticking = true;
    again = false;
    let claimed: Claimed[] = [];
    try {
      const free = options.concurrency - inFlight.size;
      if (free > 0) {
        claimed = await claimDueDeliveries(db, { now: options.now(), leaseMs: options.leaseMs, limit: free });
      }
    } catch (error) {
      log.error("[webhooks] claiming deliveries failed:", error);
    } finally {
      ticking = false;
    }
    for (const delivery of claimed) {
      const work = attemptDelivery(db, delivery, options)
        .catch((error: unknown) => log.error(`[webhooks] delivery ${delivery.id} failed:`, error))
        .finally(() => {
          inFlight.delete(work);
          schedule(0);
        });
      inFlight.add(work);
    }
    // Full slots: the next look comes when one frees up; otherwise after idleMs (or now, if the
    // claim was full and more may be due).
    if (inFlight.size < options.concurrency) schedule(claimed.length > 0 || again ? 0 : options.idleMs);
  };
  schedule(0);
  return {
    wake: () => schedule(0),
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await Promise.all(inFlight);
    },
  };
}
