import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { BatchSpanProcessor, NodeTracerProvider } from "@opentelemetry/sdk-trace-node";

export type TracingConfig = {
  /** The collector's OTLP/HTTP base URL (OTEL_EXPORTER_OTLP_ENDPOINT); spans go to …/v1/traces. */
  endpoint: string;
  serviceName: string;
};

export type Tracing = { flush(): Promise<void>; shutdown(): Promise<void> };

/**
 * Starts exporting spans over OTLP/HTTP (JSON) and registers the provider globally, with an
 * AsyncLocalStorage context so a span started in a request or a tracker job is the parent of the
 * spans inside it. Called once, from instrumentation.ts, only when an endpoint is configured: with
 * none, no provider exists and lib/tracing.ts's spans are no-ops.
 */
export function startTracing(config: TracingConfig): Tracing {
  const exporter = new OTLPTraceExporter({ url: `${config.endpoint.replace(/\/+$/, "")}/v1/traces` });
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ "service.name": config.serviceName }),
    spanProcessors: [new BatchSpanProcessor(exporter)],
  });
  provider.register();
  return { flush: () => provider.forceFlush(), shutdown: () => provider.shutdown() };
}
