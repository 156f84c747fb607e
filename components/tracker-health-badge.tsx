"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { fetchJson } from "@/components/api-client";
import type { TrackerHealth } from "@/lib/tasks/tracker-health";

/**
 * A discreet header warning while the server's tracker falls behind (polls overdue beyond the
 * spec's window, downloads waiting, or the upstream's back-off): results may be stored late.
 */
export function TrackerHealthBadge() {
  const t = useTranslations("header");
  const { data } = useQuery({
    queryKey: ["health", "tracker"],
    queryFn: () => fetchJson<TrackerHealth>("/api/health/tracker"),
    refetchInterval: 15_000,
    retry: false,
  });
  if (!data?.behind) return null;
  return (
    <span
      role="status"
      data-testid="tracker-behind"
      title={[
        ...data.reasons,
        data.lastUpstreamError ? t("lastUpstreamError", { message: data.lastUpstreamError.message }) : "",
      ]
        .filter(Boolean)
        .join("\n")}
      className="whitespace-nowrap rounded-full border border-orange-500/40 bg-orange-500/10 px-2.5 py-0.5 text-xs font-medium text-orange-300"
    >
      {t("trackingBehind")}
    </span>
  );
}
