import { checkDependencies, type HealthReport, type HealthSources } from "./check-dependencies";
import { DependencyStates } from "./dependency-state";

/** Calls this close together share one check: a load balancer's burst costs one SELECT 1. */
const REUSE_MS = 1_000;

const holder = globalThis as unknown as {
  __studioHealth?: { states: DependencyStates; last?: { at: number; report: Promise<HealthReport> } };
};

/** The process's health report, its `since` times remembered across calls (and dev reloads). */
export function processHealth(sources: HealthSources): Promise<HealthReport> {
  const health = (holder.__studioHealth ??= { states: new DependencyStates() });
  const now = sources.now();
  if (health.last && now - health.last.at < REUSE_MS) return health.last.report;
  const report = checkDependencies(sources, health.states);
  health.last = { at: now, report };
  return report;
}
