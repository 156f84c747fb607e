import type { Dependency, DependencyFault } from "./dependency-fault";
import type { DependencyStates } from "./dependency-state";
import { serverLog } from "../log";

export type FaultWatchOptions = {
  states: DependencyStates;
  /** Whether the dependency answers again (a `SELECT 1`, a write to the media store). */
  answers: (dependency: Dependency) => Promise<boolean>;
  /** How often a dependency that is down is asked again. */
  recheckMs: number;
  log?: Pick<Console, "warn">;
};

/**
 * Requests that met a dependency being down: the first one says so in the log (with the driver's
 * own words, which may name hosts: the log is for admins), the rest stay quiet; the dependency is
 * then asked again every `recheckMs` until it answers, which the log says once too — so an outage
 * of a minute under load is two lines, not one per request. The status lands in the same record
 * /api/health keeps, so `since` and the transitions agree with what health reports.
 */
export class FaultWatch {
  private readonly watching = new Map<Dependency, NodeJS.Timeout>();
  private readonly answered503 = new Map<Dependency, number>();

  constructor(private readonly options: FaultWatchOptions) {}

  /** Records that a request met `fault`; true when this is the start of an outage. */
  fault(fault: DependencyFault, nowMs = Date.now()): boolean {
    const { dependency } = fault;
    this.answered503.set(dependency, (this.answered503.get(dependency) ?? 0) + 1);
    if (this.watching.has(dependency)) return false;
    (this.options.log ?? serverLog).warn(
      `[faults] ${dependency} unavailable (${fault.kind}): ${fault.detail}`,
    );
    this.options.states.record(dependency, "down", `Unavailable: ${fault.kind}.`, nowMs);
    const timer = setInterval(() => void this.recheck(dependency), this.options.recheckMs);
    timer.unref();
    this.watching.set(dependency, timer);
    return true;
  }

  /** Requests answered 503 for `dependency` since this watch began. */
  count(dependency: Dependency): number {
    return this.answered503.get(dependency) ?? 0;
  }

  stop(): void {
    for (const timer of this.watching.values()) clearInterval(timer);
    this.watching.clear();
  }

  private checking = new Set<Dependency>();

  private async recheck(dependency: Dependency): Promise<void> {
    if (this.checking.has(dependency)) return;
    this.checking.add(dependency);
    try {
      if (!(await this.options.answers(dependency).catch(() => false))) return;
      clearInterval(this.watching.get(dependency));
      this.watching.delete(dependency);
      const message = dependency === "database" ? "Answers queries." : "Answers again.";
      this.options.states.record(dependency, "ok", message, Date.now());
    } finally {
      this.checking.delete(dependency);
    }
  }
}
