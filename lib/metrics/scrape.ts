import { createHash, timingSafeEqual } from "node:crypto";
import { StudioError } from "../errors";
import type { CollectSources } from "./collect";
import { collectStudioGauges } from "./collect";
import { studioMetrics } from "./studio-metrics";

/**
 * /metrics on the studio's own port answers only to `Authorization: Bearer <METRICS_TOKEN>`: the
 * figures say how busy the studio is and which upstream errors it meets, nothing for the public.
 * Without a token configured it is not served there at all (404), so it can never be open by
 * accident; METRICS_PORT serves it on 127.0.0.1 without a token instead (metrics-server.ts).
 */
export function authorizeScrape(headers: Headers, token: string | null): void {
  if (token === null) {
    throw new StudioError(
      "not_found",
      "Metrics are not served on this port: set METRICS_TOKEN (or METRICS_PORT for a loopback listener).",
    );
  }
  const given = /^Bearer\s+(\S+)\s*$/i.exec(headers.get("authorization") ?? "")?.[1];
  // Compared as digests: equal length, constant time, whatever was sent.
  if (!given || !timingSafeEqual(digest(given), digest(token))) {
    throw new StudioError("unauthorized", "Metrics need Authorization: Bearer <METRICS_TOKEN>.");
  }
}

function digest(text: string): Buffer {
  return createHash("sha256").update(text).digest();
}

/** The Prometheus text exposition of every metric, gauges brought up to date first. */
export async function renderMetrics(sources: CollectSources): Promise<{ body: string; contentType: string }> {
  const metrics = studioMetrics();
  await collectStudioGauges(sources, metrics);
  return { body: await metrics.registry.metrics(), contentType: metrics.registry.contentType };
}
