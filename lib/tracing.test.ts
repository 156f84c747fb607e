import http from "node:http";
import type { AddressInfo } from "node:net";
import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import { trace } from "@opentelemetry/api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeUpstream, type FakeUpstream } from "./upstream/testing/fake-upstream";
import { submitTask } from "./tasks/submit-task";
import { startTracker } from "./tasks/tracker";
import { taskTestbed } from "./tasks/testing/task-fixtures";
import { startTracing, type Tracing } from "./tracing-setup";

const UPSTREAM_KEY = "sk-trace-test-upstream-key-0451";

type OtlpValue = { stringValue?: string; intValue?: string | number; boolValue?: boolean };
type OtlpSpan = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes?: { key: string; value: OtlpValue }[];
};

/** A collector's OTLP/HTTP endpoint, in process: what the exporter posts to /v1/traces, as JSON. */
async function startOtlpReceiver() {
  const bodies: string[] = [];
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (req.method === "POST" && req.url === "/v1/traces")
      bodies.push(Buffer.concat(chunks).toString("utf8"));
    res.writeHead(200, { "content-type": "application/json" }).end("{}");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    bodies,
    spans(): OtlpSpan[] {
      return bodies.flatMap((body) =>
        (JSON.parse(body).resourceSpans ?? []).flatMap((r: { scopeSpans: { spans: OtlpSpan[] }[] }) =>
          r.scopeSpans.flatMap((s) => s.spans),
        ),
      );
    },
    serviceNames(): string[] {
      return bodies.flatMap((body) =>
        (JSON.parse(body).resourceSpans ?? []).map(
          (r: { resource: { attributes: { key: string; value: OtlpValue }[] } }) =>
            r.resource.attributes.find((a) => a.key === "service.name")?.value.stringValue,
        ),
      );
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const attribute = (span: OtlpSpan, key: string) => {
  const value = span.attributes?.find((a) => a.key === key)?.value;
  return value?.stringValue ?? value?.intValue ?? value?.boolValue;
};

const mp4 = Buffer.concat([
  Buffer.from("000000186674797069736f6d0000020069736f6d69736f32", "hex"),
  randomBytes(20_000),
]);

let receiver: Awaited<ReturnType<typeof startOtlpReceiver>>;
let upstream: FakeUpstream;
let tracing: Tracing;
let bed: ReturnType<typeof taskTestbed>;
const queries = new Map<string, number>();

beforeAll(async () => {
  receiver = await startOtlpReceiver();
  tracing = startTracing({ endpoint: receiver.url, serviceName: "studio-trace-test" });
  upstream = await startFakeUpstream(({ method, path }) => {
    if (path.startsWith("/files/"))
      return { stream: () => Readable.from([mp4]), headers: { "content-type": "video/mp4" } };
    if (method === "POST") return { json: { id: "t-traced", status: "queued" } };
    const id = decodeURIComponent(path.split("/").pop() ?? "");
    const seen = (queries.get(id) ?? 0) + 1;
    queries.set(id, seen);
    // Running on the first poll, finished on the second: two polls in the trace.
    return seen < 2
      ? { json: { id, status: "processing", progress: "40%" } }
      : { json: { id, status: "succeeded", video_url: `${upstream.url}/files/a.mp4?expires=9999999999` } };
  });
  bed = taskTestbed({ now: Date.now });
  bed.deps.upstream = { baseUrl: upstream.url, apiKey: UPSTREAM_KEY, timeoutMs: 2000 };
  bed.deps.fetchPolicy = { allow: [upstream.url] };
  bed.deps.polling = { ...bed.deps.polling, minIntervalMs: 50, intervalMs: [80, 120] };
});

afterAll(async () => {
  await tracing.shutdown();
  trace.disable();
  await upstream.close();
  await receiver.close();
  await bed.cleanup();
});

describe("traces (OTLP/HTTP)", () => {
  it("exports one trace from a submit through admission, the upstream call, each poll, the download and the thumbnail", async () => {
    const task = await submitTask({ model: "sd_2.5_ORelay", prompt: "a traced fox" }, bed.deps, {
      userId: null,
      check: { limiter: null },
    });
    const tracker = startTracker(bed.deps, { idleMs: 20, pollWorkers: 2, downloadWorkers: 1 });
    try {
      const deadline = Date.now() + 15_000;
      while ((await bed.db.media.count({ where: { taskId: task.id, status: "stored" } })) === 0) {
        if (Date.now() > deadline) throw new Error("the task's file was never stored");
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await tracker.idle();
    } finally {
      await tracker.stop();
    }
    await tracing.flush();

    const spans = receiver.spans();
    const submit = spans.find((s) => s.name === "task.submit");
    expect(submit, "a task.submit span").toBeDefined();
    expect(submit!.parentSpanId ?? "").toBe("");
    expect(attribute(submit!, "studio.task.id")).toBe("t-traced");
    const ofTrace = spans.filter((s) => s.traceId === submit!.traceId);
    const children = (parent: OtlpSpan, name: string) =>
      ofTrace.filter((s) => s.parentSpanId === parent.spanId && s.name === name);

    // submit → admission, and the upstream call
    expect(children(submit!, "task.admit")).toHaveLength(1);
    const create = children(submit!, "upstream.create_task");
    expect(create).toHaveLength(1);
    expect(attribute(create[0], "studio.task.id")).toBe("t-traced");

    // submit → each poll: one while running, one that found it finished
    const polls = children(submit!, "task.poll");
    expect(polls.map((p) => attribute(p, "studio.task.status"))).toEqual(["processing", "succeeded"]);
    for (const poll of polls) expect(attribute(poll, "studio.task.id")).toBe("t-traced");

    // submit → the download, which stored the file → its thumbnail
    const downloads = children(submit!, "task.download");
    expect(downloads).toHaveLength(1);
    expect(attribute(downloads[0], "studio.task.id")).toBe("t-traced");
    expect(attribute(downloads[0], "studio.download.result")).toBe("stored");
    expect(Number(attribute(downloads[0], "studio.download.bytes"))).toBe(mp4.length);
    expect(children(downloads[0], "media.thumbnail")).toHaveLength(1);

    expect(receiver.serviceNames()).toContain("studio-trace-test");
    // The key reached the upstream, never the collector.
    expect(upstream.requests.some((r) => r.headers.authorization === `Bearer ${UPSTREAM_KEY}`)).toBe(true);
    for (const body of receiver.bodies) expect(body).not.toContain(UPSTREAM_KEY);
  });
});
