import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { StudioError } from "../errors";
import type { UpstreamConfig } from "./config";
import { publicErrorBody } from "./public-text";
import { queryTask, submitTask } from "./task-client";
import { startFakeUpstream, type CannedAnswer, type FakeUpstream } from "./testing/fake-upstream";

const KEY = "sk-test-secret-key";
let upstream: FakeUpstream;
let next: CannedAnswer = { json: {} };
let config: UpstreamConfig;

beforeAll(async () => {
  upstream = await startFakeUpstream(() => next);
  config = { baseUrl: `${upstream.url}/api`, apiKey: KEY, timeoutMs: 1500 };
});
afterAll(() => upstream.close());

async function failure(promise: Promise<unknown>): Promise<StudioError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(StudioError);
  const studioError = error as StudioError;
  // Whatever went wrong, neither the key nor the base URL may reach the user.
  expect(studioError.message).not.toContain(KEY);
  expect(studioError.message).not.toContain(upstream.url);
  expect(studioError.message).not.toContain("127.0.0.1");
  return studioError;
}

describe("submitTask", () => {
  it("posts JSON with the bearer key and returns the task object", async () => {
    next = { json: { id: "task-1", status: "queued", model: "sd_2.5_ORelay" } };
    const task = await submitTask({ model: "sd_2.5_ORelay", prompt: "a fox" }, config);
    expect(task).toEqual({ id: "task-1", status: "queued", model: "sd_2.5_ORelay" });
    const received = upstream.requests.at(-1)!;
    expect(received.method).toBe("POST");
    expect(received.path).toBe("/api/v2/model-center/tasks");
    expect(received.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(received.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(received.body)).toEqual({ model: "sd_2.5_ORelay", prompt: "a fox" });
  });

  it("accepts a numeric id, task_id, and a { data } wrapper", async () => {
    next = { json: { id: 42, status: "queued" } };
    expect((await submitTask({ model: "m" }, config)).id).toBe("42");
    next = { json: { task_id: "vendor-7", status: "queued" } };
    expect((await submitTask({ model: "m" }, config)).id).toBe("vendor-7");
    next = { json: { code: 0, msg: "ok", data: { id: "wrapped", status: "queued" } } };
    expect(await submitTask({ model: "m" }, config)).toEqual({ id: "wrapped", status: "queued" });
  });

  it("never treats a 2xx answer without an id as a task", async () => {
    next = { json: { status: "queued" } };
    const e1 = await failure(submitTask({ model: "m" }, config));
    expect(e1.code).toBe("upstream_bad_response");
    expect(e1.status).toBe(502);
    expect(e1.message).toMatch(/without a task id/);
    next = { json: { code: 1001, msg: "insufficient balance" } };
    const e2 = await failure(submitTask({ model: "m" }, config));
    expect(e2.message).toContain("insufficient balance");
    next = { json: [1, 2] };
    expect((await failure(submitTask({ model: "m" }, config))).message).toMatch(/without a task object/);
  });

  it("reports a non-JSON answer with its status and an excerpt", async () => {
    next = {
      status: 200,
      text: "<html><body>Welcome to nginx!</body></html>",
      headers: { "content-type": "text/html" },
    };
    const error = await failure(submitTask({ model: "m" }, config));
    expect(error.code).toBe("upstream_bad_response");
    expect(error.message).toBe(
      'The upstream answered HTTP 200 with something that is not JSON: "<html><body>Welcome to nginx!</body></html>"',
    );
    expect(error.details.upstreamStatus).toBe(200);
  });

  it("shortens a long non-JSON excerpt", async () => {
    next = { status: 200, text: "x".repeat(5000) };
    const error = await failure(submitTask({ model: "m" }, config));
    expect(error.message.length).toBeLessThan(300);
    expect(error.message).toContain("…");
  });

  it.each([
    [
      { error: { message: "prompt is required", type: "invalid_request_error", code: "invalid_prompt" } },
      "prompt is required",
    ],
    [{ error: "model not found" }, "model not found"],
    [{ message: "rate limited" }, "rate limited"],
    [{ msg: "balance too low" }, "balance too low"],
    [{ detail: "Not authenticated" }, "Not authenticated"],
    [{ detail: [{ loc: ["body", "duration"], msg: "must be <= 15" }] }, "duration: must be <= 15"],
    [{ error_message: "review failed" }, "review failed"],
  ])("passes back a rejection's status and message from %j", async (json, message) => {
    next = { status: 422, json };
    const error = await failure(submitTask({ model: "m" }, config));
    expect(error.code).toBe("upstream_rejected");
    expect(error.status).toBe(422);
    expect(error.message).toBe(`The upstream rejected the request (HTTP 422): ${message}`);
  });

  it("keeps the upstream's error code and status for 5xx answers too", async () => {
    next = { status: 503, json: { error: { message: "overloaded", code: "busy" } } };
    const error = await failure(submitTask({ model: "m" }, config));
    expect(error.status).toBe(503);
    expect(error.details).toEqual({ upstreamStatus: 503, upstreamCode: "busy" });
  });

  it("reports a non-JSON rejection with an excerpt", async () => {
    next = { status: 502, text: "<html>Bad Gateway</html>" };
    const error = await failure(submitTask({ model: "m" }, config));
    expect(error.code).toBe("upstream_rejected");
    expect(error.message).toBe('The upstream rejected the request (HTTP 502): "<html>Bad Gateway</html>"');
  });

  it("keeps an echoed key and base URL for the log; the error body shows neither", async () => {
    next = { status: 401, json: { error: `invalid key ${KEY} for ${config.baseUrl}` } };
    const error = (await submitTask({ model: "m" }, config).catch((e: unknown) => e)) as StudioError;
    expect(error.message).toBe(
      `The upstream rejected the request (HTTP 401): invalid key ${KEY} for ${config.baseUrl}`,
    );
    const secrets = { baseUrl: config.baseUrl, llmBaseUrl: config.baseUrl, apiKey: KEY };
    expect(publicErrorBody(error, secrets).error.message).toBe(
      "The upstream rejected the request (HTTP 401): invalid key [redacted] for {base_url}",
    );
  });

  it("warns that a submit which timed out after sending may have created the task", async () => {
    next = { silent: true };
    const error = await failure(submitTask({ model: "m" }, { ...config, timeoutMs: 300 }));
    // The upstream got the whole body: it may well have created (and billed) the task.
    expect(JSON.parse(upstream.requests.at(-1)!.body)).toEqual({ model: "m" });
    expect(error.code).toBe("upstream_unreachable");
    expect(error.details).toEqual({ outcome: "unknown" });
    expect(error.status).toBe(504);
    expect(error.message).toBe(
      "Submitting the task failed: the upstream task service did not answer within 300 ms. The upstream may have created the task anyway (and may bill for it): check its task list or usage before submitting again.",
    );
  });

  it("warns that a submit whose connection was reset after sending may have created the task", async () => {
    next = { hangUp: true };
    const error = await failure(submitTask({ model: "m", prompt: "reset" }, config));
    expect(JSON.parse(upstream.requests.at(-1)!.body)).toEqual({ model: "m", prompt: "reset" });
    expect(error.code).toBe("upstream_unreachable");
    expect(error.details).toEqual({ outcome: "unknown" });
    expect(error.status).toBe(502);
    expect(error.message).toMatch(
      /^Submitting the task failed: the connection broke after the request was sent \((connection reset|connection closed|network error)\)\. The upstream may have created the task anyway/,
    );
  });

  it("warns when the answer to a submit breaks off mid-body", async () => {
    // Headers with a 200 and a promised length, then the connection dies: the task exists upstream.
    const cut = await startFakeUpstream(() => ({
      stream: () =>
        Readable.from(
          (async function* () {
            yield Buffer.from('{"id":"half-');
            await new Promise((resolve) => setTimeout(resolve, 20));
            throw new Error("cut");
          })(),
        ),
      headers: { "content-type": "application/json", "content-length": "200" },
    }));
    try {
      const error = await failure(submitTask({ model: "m" }, { ...config, baseUrl: cut.url }));
      expect(error.details).toEqual({ outcome: "unknown", upstreamStatus: 200 });
      expect(error.message).toMatch(
        /^Submitting the task failed: the upstream's answer \(HTTP 200\) broke off before it was complete\. The upstream may have created the task anyway/,
      );
    } finally {
      await cut.close();
    }
  });

  it("maps a refused connection to upstream_unreachable", async () => {
    const closed = await startFakeUpstream(() => ({ json: {} }));
    await closed.close();
    const error = await failure(submitTask({ model: "m" }, { ...config, baseUrl: closed.url }));
    expect(error.code).toBe("upstream_unreachable");
    // Nothing was sent: a plain "try again" is safe.
    expect(error.details).toEqual({});
    expect(error.message).toBe(
      "Submitting the task failed: the upstream task service could not be reached (connection refused). Check UPSTREAM_BASE_URL and the network.",
    );
  });

  it("says nothing was sent when the host name does not resolve", async () => {
    const error = await failure(
      submitTask({ model: "m" }, { ...config, baseUrl: "http://no-such-host.invalid" }),
    );
    expect(error.details).toEqual({});
    expect(error.message).toMatch(/could not be reached \((host name not found|DNS lookup failed)\)/);
  });
});

describe("queryTask", () => {
  it("GETs the task by id with the key and no body", async () => {
    next = { json: { id: "a/b", status: "processing", progress: "45%" } };
    const task = await queryTask("a/b", config);
    expect(task).toEqual({ id: "a/b", status: "processing", progress: "45%" });
    const received = upstream.requests.at(-1)!;
    expect(received.method).toBe("GET");
    expect(received.path).toBe("/api/v2/model-center/tasks/a%2Fb");
    expect(received.headers.authorization).toBe(`Bearer ${KEY}`);
  });

  it("passes back a 404 as upstream_rejected 404", async () => {
    next = { status: 404, json: { error: { message: "task not found" } } };
    const error = await failure(queryTask("gone", config));
    expect(error.status).toBe(404);
    expect(error.message).toBe("The upstream rejected the request (HTTP 404): task not found");
  });
});
