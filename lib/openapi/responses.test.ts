import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitFor } from "@/lib/testing/wait-for";
import { responseErrors } from "./testing/response-validator";
import { startStudioServer, type StudioServer } from "./testing/studio-server";

/**
 * Real answers of the running studio (its route handlers on a loopback listener, the sandbox as
 * upstream) checked against the schemas the OpenAPI document publishes for them.
 */
let studio: StudioServer;

beforeAll(async () => {
  studio = await startStudioServer({ AUTH: "" });
}, 60_000);
afterAll(async () => studio?.close());

const api = async (path: string, init?: RequestInit) => {
  const response = await fetch(`${studio.url}${path}`, {
    ...init,
    headers: { "content-type": "application/json", ...init?.headers },
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

describe("answers conform to the document", () => {
  it("task submit, task get, task list, gallery list, errors", async () => {
    const submitted = await api("/api/v2/model-center/tasks", {
      method: "POST",
      body: JSON.stringify({
        model: "sd_2.5_ORelay",
        prompt: "a lighthouse [fast]",
        duration: 4,
        aspect_ratio: "9:16",
      }),
    });
    expect(submitted.status).toBe(200);
    expect(responseErrors("post", "/api/v2/model-center/tasks", 200, submitted.body)).toEqual([]);
    studio.advanceUpstreamClock(60_000);

    const id = String(submitted.body.id);
    const done = await waitFor(
      () => api(`/api/v2/model-center/tasks/${id}`),
      (r) => r.body.status === "completed",
      { timeoutMs: 30_000, intervalMs: 200 },
    );
    expect(responseErrors("get", "/api/v2/model-center/tasks/{id}", 200, done.body)).toEqual([]);

    const list = await api("/api/tasks?limit=5");
    expect(list.status).toBe(200);
    expect(responseErrors("get", "/api/tasks", 200, list.body)).toEqual([]);

    const gallery = await api("/api/gallery?limit=5");
    expect(gallery.status).toBe(200);
    expect((gallery.body.items as unknown[]).length).toBeGreaterThan(0);
    expect(responseErrors("get", "/api/gallery", 200, gallery.body)).toEqual([]);

    const refused = await api("/api/v2/model-center/tasks", {
      method: "POST",
      body: JSON.stringify({ model: "sd_2.5_ORelay", prompt: "x", duration: 99 }),
    });
    expect(refused.status).toBe(400);
    expect(responseErrors("post", "/api/v2/model-center/tasks", 400, refused.body)).toEqual([]);
  }, 60_000);

  it("the checker itself refuses an answer that breaks the schema", () => {
    expect(responseErrors("get", "/api/tasks", 200, { items: [{ id: 1 }] }).length).toBeGreaterThan(0);
  });

  it("serves the document at /api/openapi.json without credentials", async () => {
    const doc = await api("/api/openapi.json");
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toBe("3.1.0");
  });
});
