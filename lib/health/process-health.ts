import {
  checkDependencies,
  dependencyAnswers,
  type HealthReport,
  type HealthSources,
} from "./check-dependencies";
import { DependencyStates } from "./dependency-state";
import { FaultWatch } from "./fault-watch";

/** Calls this close together share one check: a load balancer's burst costs one SELECT 1. */
const REUSE_MS = 1_000;

const holder = globalThis as unknown as {
  __studioHealth?: { states: DependencyStates; last?: { at: number; report: Promise<HealthReport> } };
};

/**
 * The process's one record of each dependency's status: the health check and the fault watch
 * (fault-watch.ts) write to it, so the log says each transition once, whoever saw it first.
 */
export function processDependencyStates(): DependencyStates {
  return (holder.__studioHealth ??= { states: new DependencyStates() }).states;
}

/** The process's health report, its `since` times remembered across calls (and dev reloads). */
export function processHealth(sources: HealthSources): Promise<HealthReport> {
  processDependencyStates();
  const health = holder.__studioHealth!;
  const now = sources.now();
  if (health.last && now - health.last.at < REUSE_MS) return health.last.report;
  const report = checkDependencies(sources, health.states);
  health.last = { at: now, report };
  return report;
}

const watchHolder = globalThis as unknown as { __studioFaultWatch?: FaultWatch };

/** The process's fault watch (fault-watch.ts), which errorResponse tells of every dependency fault. */
export function processFaultWatch(): FaultWatch {
  watchHolder.__studioFaultWatch ??= new FaultWatch({
    states: processDependencyStates(),
    recheckMs: 2_000,
    answers: async (dependency) => {
      // Loaded when first needed: the error mapper must not open the database on import.
      const [{ openedDb }, { env }] = await Promise.all([import("../db"), import("../env")]);
      const db = openedDb();
      // A fault from a client that is not the process's (a script, a test): nothing to watch.
      if (dependency === "database" && !db) return true;
      const config = env();
      return dependencyAnswers(dependency, {
        db: db!,
        mediaStore: config.mediaStore,
        mediaDir: config.mediaDir,
        mediaMinFreeBytes: config.mediaMinFreeBytes,
        lastUpstreamError: null,
        now: Date.now,
      });
    },
  });
  return watchHolder.__studioFaultWatch;
}
