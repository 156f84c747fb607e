import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitFor } from "@/lib/testing/wait-for";
import { responseErrors, schemaErrors } from "./testing/response-validator";
import { startStudioServer, type StudioServer } from "./testing/studio-server";

/**
 * Real answers of the running studio (its route handlers on a loopback listener, the sandbox as
 * upstream) checked against the schemas the OpenAPI document publishes for them.
 */
let studio: StudioServer;

// The sandbox's demo family A, mapped as an operator would, for the v1 mirror's answers.
const mappingDir = fs.mkdtempSync(path.join(os.tmpdir(), "openapi-v1-"));

beforeAll(async () => {
  const mapping = path.join(mappingDir, "v1-families.json");
  fs.writeFileSync(
    mapping,
    JSON.stringify({
      families: [
        { family: "A", path: "family-a", models: [{ id: "family-a-standard", variant: "standard" }] },
      ],
    }),
  );
  studio = await startStudioServer({ AUTH: "", V1_FAMILIES_FILE: mapping });
}, 60_000);
afterAll(async () => {
  await studio?.close();
  fs.rmSync(mappingDir, { recursive: true, force: true });
});

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
    // A changed shape fails: a field gone, a field of another type.
    const studioBlock = { ...(done.body.studio as Record<string, unknown>) };
    delete studioBlock.mediaState;
    const get = (body: unknown) => responseErrors("get", "/api/v2/model-center/tasks/{id}", 200, body);
    expect(get({ ...done.body, studio: studioBlock })).not.toEqual([]);
    expect(get({ ...done.body, created: "now" })).not.toEqual([]);

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

  it("gallery item, batches, collections, sequences, spend and the v1 video objects", async () => {
    /** Calls `url` (by default the path itself) and checks the answer against the path's schema. */
    const conforms = async (method: string, path: string, status: number, url = path, init?: RequestInit) => {
      const answer = await api(url, { method, ...init });
      expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBe(status);
      expect(responseErrors(method.toLowerCase(), path, status, answer.body)).toEqual([]);
      return answer.body;
    };
    const page = await api("/api/gallery?limit=1");
    const itemId = (page.body.items as { id: string }[])[0].id;
    await conforms("GET", "/api/gallery/items/{id}", 200, `/api/gallery/items/${itemId}`);

    const batch = await conforms("POST", "/api/batches", 201, undefined, {
      body: JSON.stringify({ items: [{ model: "sd_2.5_ORelay", prompt: "a harbour", duration: 4 }] }),
    });
    await conforms("GET", "/api/batches", 200);
    await conforms("GET", "/api/batches/{id}", 200, `/api/batches/${String(batch.id)}`);

    const collection = await conforms("POST", "/api/collections", 201, undefined, {
      body: JSON.stringify({ name: "Picks", taskIds: [itemId] }),
    });
    await conforms("GET", "/api/collections", 200);
    await conforms("GET", "/api/collections/{id}", 200, `/api/collections/${String(collection.id)}`);

    const sequence = await conforms("POST", "/api/sequences", 201, undefined, {
      body: JSON.stringify({ name: "Storyboard" }),
    });
    await conforms("GET", "/api/sequences", 200);
    await conforms("GET", "/api/sequences/{id}", 200, `/api/sequences/${String(sequence.id)}`);

    await conforms("GET", "/api/spend", 200);
    await conforms("GET", "/api/batches/{id}", 404, "/api/batches/no-such-batch");

    // The v1 mirror: JSON answers the studio's task, a form (as the openai SDK posts) OpenAI's video.
    const created = await conforms("POST", "/api/v1/{family}/videos", 200, "/api/v1/family-a/videos", {
      body: JSON.stringify({
        model: "family-a-standard",
        prompt: "a kite",
        seconds: 4,
        aspect_ratio: "16:9",
      }),
    });
    expect(schemaErrors("Task", created)).toEqual([]);
    const form = new FormData();
    for (const [k, v] of Object.entries({ model: "family-a-standard", prompt: "a kite", seconds: "4" }))
      form.set(k, v);
    const response = await fetch(`${studio.url}/api/v1/family-a/videos`, { method: "POST", body: form });
    const video = (await response.json()) as Record<string, unknown>;
    expect(response.status).toBe(200);
    expect(video).toMatchObject({ object: "video", status: "queued" });
    expect(responseErrors("post", "/api/v1/{family}/videos", 200, video)).toEqual([]);
    expect(schemaErrors("OpenAiVideo", video)).toEqual([]);
    expect(responseErrors("get", "/api/v1/{family}/videos/{id}", 200, video)).toEqual([]);
    await conforms("GET", "/api/v1/{family}/videos/{id}", 200, `/api/v1/family-a/videos/${String(video.id)}`);
  }, 60_000);

  it("facets, tags, assets, collection members and webhook endpoints", async () => {
    const conforms = async (method: string, path: string, status: number, url = path, body?: unknown) => {
      const answer = await api(url, { method, body: body === undefined ? undefined : JSON.stringify(body) });
      expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBe(status);
      expect(responseErrors(method.toLowerCase(), path, status, answer.body)).toEqual([]);
      return answer.body;
    };
    const page = await api("/api/gallery?limit=1");
    const itemId = (page.body.items as { id: string }[])[0].id;
    await conforms("PATCH", "/api/gallery/items/{id}", 200, `/api/gallery/items/${itemId}`, {
      tags: ["harbour"],
    });
    const facets = await conforms("GET", "/api/gallery/facets", 200);
    expect(facets.tags).toContainEqual({ name: "harbour", count: 1 });
    await conforms("GET", "/api/gallery/tags", 200, "/api/gallery/tags?q=har");

    const asset = await conforms("POST", "/api/assets", 201, undefined, {
      assetId: "asset-openapi-1",
      label: "Lead actor",
      kind: "image",
    });
    await conforms("GET", "/api/assets", 200);
    await conforms("PATCH", "/api/assets/{id}", 200, `/api/assets/${String(asset.id)}`, {
      notes: "front light",
    });

    const collection = await api("/api/collections", {
      method: "POST",
      body: JSON.stringify({ name: "Members", taskIds: [itemId] }),
    });
    await conforms(
      "GET",
      "/api/collections/{id}/members",
      200,
      `/api/collections/${String(collection.body.id)}/members`,
    );

    const endpoint = await conforms("POST", "/api/webhooks", 201, undefined, {
      url: "https://hooks.example.com/studio",
      events: ["task.completed"],
    });
    expect(endpoint.secret).toMatch(/^whsec_/);
    const read = await conforms("GET", "/api/webhooks/{id}", 200, `/api/webhooks/${String(endpoint.id)}`);
    expect(read).toMatchObject({ events: ["task.completed"] });
    expect(read.secret).toBeUndefined();
    await conforms("GET", "/api/webhooks", 200);
    await conforms("PATCH", "/api/webhooks/{id}", 200, `/api/webhooks/${String(endpoint.id)}`, {
      description: "CI",
    });
  }, 60_000);

  it("chat: a conversation and its messages, a failed answer's coded error among them", async () => {
    const created = await api("/api/chat/conversations", { method: "POST", body: "{}" });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = String(created.body.id);
    const sent = await fetch(`${studio.url}/api/chat/conversations/${id}/messages`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ text: "[error:429] are you there?" }),
    });
    expect(sent.status).toBe(200);
    await sent.text(); // the streamed answer, read to its end
    const detail = await api(`/api/chat/conversations/${id}`);
    expect(detail.status).toBe(200);
    expect(responseErrors("get", "/api/chat/conversations/{id}", 200, detail.body)).toEqual([]);
    const answer = (detail.body.messages as Record<string, unknown>[]).at(-1)!;
    expect(answer.error).toMatchObject({ code: "upstream_rejected", messageCode: "upstream_rejected" });
    const list = await api(`/api/chat/conversations/${id}/messages`);
    expect(responseErrors("get", "/api/chat/conversations/{id}/messages", 200, list.body)).toEqual([]);
    // An answer without the notices' codes breaks the schema.
    const withoutCodes = { ...answer };
    delete withoutCodes.noticeCodes;
    expect(
      responseErrors("get", "/api/chat/conversations/{id}/messages", 200, { messages: [withoutCodes] }),
    ).not.toEqual([]);
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
