import { startFakeUpstream, type FakeUpstream } from "../../upstream/testing/fake-upstream";
import type { Db } from "../../db";
import { pixelsOf } from "../price-model";

/**
 * A fake upstream that creates tasks and decides what each will cost (`price`, from the body it
 * received), and a tracker stand-in that settles tasks as the real tracker leaves them (status and
 * the upstream's `amount`). Its request log is what the upstream heard: the test's truth about what
 * was sent, whatever the studio's own rows say.
 */
export type PricedUpstream = FakeUpstream & {
  /** Task creations (POSTs) received, to any endpoint. */
  creations(): number;
  /** Completes (or fails, amount 0) the given tasks with their price, as the tracker would record it. */
  settle(db: Db, ids: readonly string[], outcome?: "completed" | "failed"): Promise<void>;
  /** Settles every running task. */
  settleAll(db: Db): Promise<void>;
  /** What the upstream charges for a task it created. */
  priceOf(id: string): number | undefined;
};

/** Deterministic per parameters, and unlike the estimator's model: more than linear in size. */
export function defaultPrice(body: Record<string, unknown>): number {
  const duration = Number(body.duration ?? body.seconds ?? 5);
  const pixels = pixelsOf(body.resolution) ?? pixelsOf("720p")!;
  const base = String(body.model).length % 3 === 0 ? 2 : 3;
  return Math.round(base * (duration / 5) ** 1.5 * (pixels / pixelsOf("720p")!) ** 1.3 * 100) / 100;
}

export async function startPricedUpstream(
  price: (body: Record<string, unknown>) => number = defaultPrice,
): Promise<PricedUpstream> {
  const prices = new Map<string, number>();
  let counter = 0;
  const upstream = await startFakeUpstream((request) => {
    if (request.method !== "POST") return { status: 404, json: { error: "not found" } };
    const body = JSON.parse(request.body) as Record<string, unknown>;
    const id = `priced-${process.pid}-${++counter}`;
    prices.set(id, price(body));
    // No keep-alive: a socket the server closes while idle between two slow steps would reset the
    // next send (ECONNRESET), which is no budget question.
    return {
      json: { id, object: "video", status: "queued", created: 1_763_000_000 },
      headers: { connection: "close" },
    };
  });
  const settle = async (db: Db, ids: readonly string[], outcome: "completed" | "failed" = "completed") => {
    for (const id of ids)
      await db.task.update({
        where: { id },
        data: { status: outcome, amount: outcome === "completed" ? (prices.get(id) ?? 0) : 0 },
      });
  };
  return {
    ...upstream,
    creations: () => upstream.requests.filter((r) => r.method === "POST").length,
    settle,
    settleAll: async (db) => {
      const running = await db.task.findMany({
        where: { status: { in: ["queued", "processing"] }, id: { startsWith: "priced-" } },
        select: { id: true },
      });
      await settle(
        db,
        running.map((t) => t.id),
      );
    },
    priceOf: (id) => prices.get(id),
  };
}
