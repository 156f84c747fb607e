import { randomUUID } from "node:crypto";

/**
 * A claim on a row held by one runner: `renew` pushes its end further, but only while the row still
 * carries this claim's token (`leaseHolder`). A runner stalled past its lease (a long pause, a slow
 * database) finds on its next renewal that another instance took the row over, and stops instead of
 * working alongside it.
 */
export type HeldLease = {
  holder: string;
  /** Renews the lease; false when another instance holds the row now (stop at once). */
  renew(): Promise<boolean>;
};

export const newLeaseHolder = () => randomUUID();

/** The outcome of work whose lease was taken over by another instance: it stopped, wrote nothing more. */
export const LEASE_LOST = "lost" as const;
