import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

/**
 * Every metric the studio exports (docs/decisions/operations.md#metrics), in one registry that is
 * kept on globalThis: Next.js loads instrumentation.ts and each route in bundles of their own, and
 * the tracker they start must count into the registry /metrics renders.
 *
 * Labels are bounded by design: route patterns (never raw URLs), status codes, a few outcome kinds.
 * No task id, user or model name is a label.
 */
function createStudioMetrics() {
  const registry = new Registry();
  // Unprefixed (process_*, nodejs_*), as the common Node.js dashboards expect them.
  collectDefaultMetrics({ register: registry });
  const at = { registers: [registry] };
  const seconds = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
  return {
    registry,
    http: {
      requestSeconds: new Histogram({
        name: "studio_http_request_duration_seconds",
        help: "API requests by route pattern, method and status, until the handler returned its response.",
        labelNames: ["method", "route", "status"] as const,
        buckets: seconds,
        ...at,
      }),
    },
    tracker: {
      runningTasks: new Gauge({
        name: "studio_tracker_running_tasks",
        help: "Tasks not yet finished upstream (queued or running), across every studio process.",
        ...at,
      }),
      overduePolls: new Gauge({
        name: "studio_tracker_overdue_polls",
        help: "Running tasks whose poll is more than 5 s past its time (the spec asks for one every 5-10 s).",
        ...at,
      }),
      pendingDownloads: new Gauge({
        name: "studio_tracker_pending_downloads",
        help: "Result files waiting to be (or being) stored, across every studio process.",
        ...at,
      }),
      pollLagSeconds: new Histogram({
        name: "studio_tracker_poll_lag_seconds",
        help: "How late each poll was when a worker claimed it (0 = on time).",
        buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60],
        ...at,
      }),
      mostOverdueSeconds: new Gauge({
        name: "studio_tracker_most_overdue_poll_seconds",
        help: "The lateness of the most overdue poll of the last claim in this process.",
        ...at,
      }),
      pollSeconds: new Histogram({
        name: "studio_tracker_poll_duration_seconds",
        help: "Time the upstream took to answer one task query, by outcome.",
        labelNames: ["outcome"] as const,
        buckets: seconds,
        ...at,
      }),
      pollWorkers: new Gauge({
        name: "studio_tracker_poll_workers",
        help: "Poll workers of this process: configured, allowed by the back-off, busy.",
        labelNames: ["state"] as const,
        ...at,
      }),
      downloadsInFlight: new Gauge({
        name: "studio_tracker_downloads_in_flight",
        help: "Downloads this process is running now.",
        ...at,
      }),
      downloadBytesInFlight: new Gauge({
        name: "studio_tracker_download_budget_bytes_in_flight",
        help: "Declared bytes of large downloads in flight (TRACKER_DOWNLOAD_BUDGET bounds it).",
        ...at,
      }),
      downloadedBytes: new Counter({
        name: "studio_tracker_downloaded_bytes_total",
        help: "Bytes of result files stored.",
        ...at,
      }),
      downloads: new Counter({
        name: "studio_tracker_downloads_total",
        help: "Finished download attempts by result: stored, retry, expired, failed.",
        labelNames: ["result"] as const,
        ...at,
      }),
      backoffSeconds: new Gauge({
        name: "studio_tracker_backoff_remaining_seconds",
        help: "Seconds left of the pause the upstream asked for (429 / Retry-After); 0 = none.",
        ...at,
      }),
      throttled: new Counter({
        name: "studio_tracker_throttled_total",
        help: "Polls answered 429 or with Retry-After.",
        ...at,
      }),
      failures: new Counter({
        name: "studio_tracker_failures_total",
        help: "Failed polls and downloads by kind (upstream_4xx, upstream_5xx, network, download_retry, …).",
        labelNames: ["kind"] as const,
        ...at,
      }),
    },
    batches: {
      items: new Gauge({
        name: "studio_batch_items",
        help: "Batch items by state (planned, sending, sent, failed, …).",
        labelNames: ["state"] as const,
        ...at,
      }),
      sends: new Counter({
        name: "studio_batch_sends_total",
        help: "Batch item sends by this process's runner, by result.",
        labelNames: ["result"] as const,
        ...at,
      }),
    },
    sequences: {
      sequences: new Gauge({
        name: "studio_sequences",
        help: "Sequences by state.",
        labelNames: ["state"] as const,
        ...at,
      }),
      assemblies: new Gauge({
        name: "studio_assembly_jobs",
        help: "Assembly jobs (films joined from takes) by state.",
        labelNames: ["state"] as const,
        ...at,
      }),
    },
    webhooks: {
      deliveries: new Gauge({
        name: "studio_webhook_deliveries",
        help: "Webhook outbox deliveries by state (pending = still to send or retry).",
        labelNames: ["state"] as const,
        ...at,
      }),
    },
    chat: {
      activeStreams: new Gauge({
        name: "studio_chat_streams_active",
        help: "Chat answers streaming from the upstream in this process now.",
        ...at,
      }),
      streams: new Counter({
        name: "studio_chat_streams_total",
        help: "Chat answers finished, by outcome (complete, failed).",
        labelNames: ["outcome"] as const,
        ...at,
      }),
    },
    database: {
      pool: new Gauge({
        name: "studio_db_pool_connections",
        help: "PostgreSQL pool connections of this process: total, idle, waiting (requests queued for one).",
        labelNames: ["state"] as const,
        ...at,
      }),
      info: new Gauge({
        name: "studio_db_info",
        help: "1, labelled with the database the studio runs on.",
        labelNames: ["dialect"] as const,
        ...at,
      }),
      collectErrors: new Counter({
        name: "studio_metrics_collect_errors_total",
        help: "Scrapes whose database-derived gauges could not be read (the database did not answer).",
        ...at,
      }),
    },
  };
}

export type StudioMetrics = ReturnType<typeof createStudioMetrics>;

const holder = globalThis as typeof globalThis & { __studioMetrics?: StudioMetrics };

/** The process's metrics (one registry across Next.js's bundles). */
export function studioMetrics(): StudioMetrics {
  holder.__studioMetrics ??= createStudioMetrics();
  return holder.__studioMetrics;
}
