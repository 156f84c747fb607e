import { claimPaceSlot, releasePaceSlot, type PaceSlot } from "../coordination/pace-slot";
import type { Db } from "../db";

/** The one pace every runner shares (lib/coordination/pace-slot.ts). */
const KEY = "runner";

export type SendSlot = PaceSlot;

/**
 * Claims the right to send now for `paceMs` (the gap the send must leave before the next one, in
 * any studio process); of runners asking at once exactly one gets it, the others learn when to ask
 * again.
 */
export async function claimSendSlot(db: Db, now: number, paceMs: number): Promise<SendSlot> {
  return claimPaceSlot(db, KEY, now, paceMs);
}

/** Gives back a claimed slot that sent nothing (the item was gone), so no runner waits for it. */
export async function releaseSendSlot(db: Db, now: number): Promise<void> {
  await releasePaceSlot(db, KEY, now);
}
