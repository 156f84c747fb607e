"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import type { HealthReport } from "@/lib/health/check-dependencies";
import { dependencyWarning } from "@/lib/health/dependency-warning";
import { useFormat } from "@/components/i18n/use-format";

/**
 * A header warning while the database or the media store is down (from /api/health, which
 * answers 503 with its report then, so the body is read whatever the status).
 */
export function DependencyWarningBadge() {
  const t = useTranslations("header");
  const format = useFormat();
  const { data } = useQuery({
    queryKey: ["health", "dependencies"],
    queryFn: async (): Promise<HealthReport | null> => {
      const response = await fetch("/api/health", { cache: "no-store" });
      return (await response.json().catch(() => null)) as HealthReport | null;
    },
    // Sooner while something is down, so the warning goes once it is back.
    refetchInterval: (query) => (dependencyWarning(query.state.data) ? 5_000 : 30_000),
    retry: false,
  });
  const warning = dependencyWarning(data);
  if (!warning) return null;
  return (
    <span
      role="alert"
      data-testid="dependency-warning"
      title={t(`${warning.dependency}DownDetail`, {
        since: format.dateTime(warning.since),
        message: warning.message,
      })}
      className="whitespace-nowrap rounded-full border border-red-500/40 bg-red-500/10 px-2.5 py-0.5 text-xs font-medium text-red-300"
    >
      {t(`${warning.dependency}Down`)}
    </span>
  );
}
