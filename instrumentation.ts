/**
 * Next.js calls register() once per server process: the background tracker starts here, so tasks
 * are tracked and their media stored with no browser open, and resumed after every restart; so
 * does the batch runner, which sends planned batch items and settles sends a restart interrupted, the webhook
 * delivery worker, which sends the outbox's events (lib/webhooks), and the sequence runner and assembly
 * worker (lib/sequences). Tracing (when configured) starts first, so the first spans have a
 * provider; the loopback metrics listener (METRICS_PORT) beside them (docs/decisions/operations.md).
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // Before any request: the login limits need the socket's real peer (lib/auth/client-address.ts).
  const { stampPeerAddresses } = await import("./lib/auth/client-address");
  stampPeerAddresses();
  const { envAtStart } = await import("./lib/env");
  const config = envAtStart();
  const { logToStdout, serverLog } = await import("./lib/log");
  logToStdout();
  const { otlpEndpoint, serviceName, metricsPort } = config.observability;
  if (otlpEndpoint) {
    const { startTracing } = await import("./lib/tracing-setup");
    startTracing({ endpoint: otlpEndpoint, serviceName });
    serverLog.info(`[tracing] exporting spans to ${otlpEndpoint} as ${serviceName}.`);
  }
  if (metricsPort !== null) {
    const { startMetricsServer } = await import("./lib/metrics/metrics-server");
    const { db } = await import("./lib/db");
    const { runningTracker } = await import("./lib/tasks/tracker");
    await startMetricsServer(metricsPort, () => ({ db: db(), tracker: runningTracker() })).then(
      () => serverLog.info(`[metrics] serving /metrics on http://127.0.0.1:${metricsPort}.`),
      (error: unknown) => serverLog.error(`[metrics] could not listen on 127.0.0.1:${metricsPort}:`, error),
    );
  }
  if (config.auth.enabled) {
    const { startAccounts } = await import("./lib/auth/start");
    await startAccounts(config).catch((error: unknown) => serverLog.error("[accounts] start failed:", error));
  }
  if (!config.trackerEnabled) return;
  const { ensureTrackerStarted } = await import("./lib/tasks/tracker");
  ensureTrackerStarted();
  const { ensureBatchRunnerStarted } = await import("./lib/batches/runner");
  ensureBatchRunnerStarted(config.batchIntervalMs);
  const { ensureWebhookWorkerStarted } = await import("./lib/webhooks/start");
  ensureWebhookWorkerStarted();
  // Sequence runs and assembly jobs live in the database under leases: a restart resumes them.
  const { ensureSequenceRunnerStarted } = await import("./lib/sequences/runner");
  ensureSequenceRunnerStarted();
  const { ensureAssemblyWorkerStarted } = await import("./lib/sequences/assembly-worker");
  ensureAssemblyWorkerStarted();
}
