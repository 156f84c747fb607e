import { dependencyFault } from "../health/dependency-fault";

/** Whether `error` is the database being down or locked (not a bug, not a bad row). */
export function isDatabaseFault(error: unknown): boolean {
  return dependencyFault(error)?.dependency === "database";
}

/**
 * Runs `work` again while the database is down, waiting longer each time (200 ms doubling to
 * 5 s), for at most `boundMs`; then the last fault is thrown. For writes that must not be lost to
 * a short outage — the row of a file already in the store — and that are safe to repeat. Any
 * other error is thrown at once.
 */
export async function whileDatabaseDown<T>(work: () => Promise<T>, boundMs: number): Promise<T> {
  const deadline = Date.now() + boundMs;
  for (let delay = 200; ; delay = Math.min(delay * 2, 5_000)) {
    try {
      return await work();
    } catch (error) {
      if (!isDatabaseFault(error) || Date.now() + delay > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}
