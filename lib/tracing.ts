import {
  context as otelContext,
  ROOT_CONTEXT,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
  type Span,
  type SpanContext,
} from "@opentelemetry/api";

/**
 * The studio's spans (docs/decisions/operations.md#traces). Through the OpenTelemetry API only: with
 * no provider started (OTEL_EXPORTER_OTLP_ENDPOINT unset: lib/tracing-setup.ts) every span is a
 * no-op that costs next to nothing.
 *
 * A task's life spans minutes and several loops (the submit request, then the tracker's polls and
 * downloads), so its trace is held together by the submit span's context, remembered per task id:
 * each poll, download and thumbnail is a child of it. Attributes name the task, model and media,
 * never a credential (the upstream key travels in a header no span records).
 */
export const TASK_ID = "studio.task.id";
export const MEDIA_ID = "studio.media.id";
export const MODEL_ID = "studio.model";

const TRACER_NAME = "model-studio";

export function tracer() {
  return trace.getTracer(TRACER_NAME);
}

/**
 * Runs `fn` inside a new span (a child of `parent`, else of the active span) and ends it; a throw
 * marks the span as an error with the error's message and is rethrown.
 */
export async function inSpan<T>(
  name: string,
  attributes: Attributes,
  fn: (span: Span) => Promise<T>,
  parent: Context = otelContext.active(),
): Promise<T> {
  return tracer().startActiveSpan(name, { attributes }, parent, async (span) => {
    try {
      return await fn(span);
    } catch (error) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error)?.message ?? String(error) });
      throw error;
    } finally {
      span.end();
    }
  });
}

// Bounded: a process tracking more tasks than this at once starts new traces for the oldest ones.
const MAX_REMEMBERED = 10_000;
const holder = globalThis as typeof globalThis & { __studioTaskTraces?: Map<string, SpanContext> };
function taskTraces(): Map<string, SpanContext> {
  holder.__studioTaskTraces ??= new Map();
  return holder.__studioTaskTraces;
}

/** The submit span of `taskId`: its polls, download and thumbnail join its trace. */
export function rememberTaskTrace(taskId: string, span: Span): void {
  const spanContext = span.spanContext();
  if (!trace.isSpanContextValid(spanContext)) return;
  const traces = taskTraces();
  traces.delete(taskId);
  traces.set(taskId, spanContext);
  if (traces.size > MAX_REMEMBERED) traces.delete(traces.keys().next().value!);
}

/**
 * The context a task's later work starts from: its submit span when this process remembers it
 * (another process, or one restarted since, starts a trace of its own, still with the task id).
 */
export function taskTraceContext(taskId: string): Context {
  const spanContext = taskTraces().get(taskId);
  return spanContext ? trace.setSpanContext(ROOT_CONTEXT, spanContext) : ROOT_CONTEXT;
}
