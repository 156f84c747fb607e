import type { Dependency } from "./dependency-fault";
import { serverLog } from "../log";

export type DependencyStatus = "ok" | "down" | "degraded";

export type DependencyHealth = {
  status: DependencyStatus;
  /** When it entered this status, as this process saw it (ISO time). */
  since: string;
  /** In words, without hosts, ports or paths: health is public. */
  message: string;
};

export type DependencyName = Dependency | "upstream";

type Log = Pick<Console, "warn" | "info">;

/**
 * The last seen status of each dependency in this process, so that `since` means "since when" across
 * health calls, and the log says once when a dependency goes down and once when it comes back.
 */
export class DependencyStates {
  private readonly states = new Map<DependencyName, DependencyHealth>();

  constructor(private readonly log: Log = serverLog) {}

  record(name: DependencyName, status: DependencyStatus, message: string, nowMs: number): DependencyHealth {
    const previous = this.states.get(name);
    const since = previous && previous.status === status ? previous.since : new Date(nowMs).toISOString();
    if (previous?.status !== status && (status !== "ok" || previous)) {
      if (status === "ok")
        this.log.info(`[health] ${name} is back (was ${previous!.status} since ${previous!.since}).`);
      else this.log.warn(`[health] ${name} is ${status}: ${message}`);
    }
    const health = { status, since, message };
    this.states.set(name, health);
    return health;
  }
}
