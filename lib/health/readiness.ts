import type { HealthReport } from "./check-dependencies";
import type { Dependency } from "./dependency-fault";

export type Readiness = { ready: true } | { ready: false; down: Dependency[]; message: string };

/**
 * Whether the studio can serve: the database and the media store answer. The upstream does not
 * count — without it the studio still shows the library and queues work — so a load balancer does
 * not take every instance out while the upstream has trouble.
 */
export function readiness(report: HealthReport): Readiness {
  const down = (["database", "media store"] as const).filter(
    (name) => report.dependencies[name].status === "down",
  );
  if (down.length === 0) return { ready: true };
  return {
    ready: false,
    down,
    message: `Not ready: the ${down.join(" and the ")} ${down.length > 1 ? "are" : "is"} unavailable.`,
  };
}
