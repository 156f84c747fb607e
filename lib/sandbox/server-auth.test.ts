import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_KEY, JSON_AUTH, sandboxFixture } from "./testing/sandbox-fixture";

let sandbox: Awaited<ReturnType<typeof sandboxFixture>>;
beforeAll(async () => {
  sandbox = await sandboxFixture();
});
afterAll(() => sandbox.close());

const valid = { model: "sd2_disc_nvid", prompt: "a lighthouse at dusk" };

describe("authentication", () => {
  it.each([
    ["no header", {}],
    ["an empty bearer token", { Authorization: "Bearer " }],
    ["another scheme", { Authorization: `Basic ${API_KEY}` }],
  ])("rejects %s with 401 and a JSON error, on every API path", async (_, auth) => {
    const headers = { "Content-Type": "application/json", ...auth };
    const submit = await sandbox.submit(valid, headers as Record<string, string>);
    expect(submit.status).toBe(401);
    expect(submit.json.error).toMatchObject({ type: "authentication_error", code: "unauthorized" });
    const query = await fetch(`${sandbox.url}/v2/model-center/tasks/sbx_x_y`, { headers: auth });
    expect(query.status).toBe(401);
    const text = await fetch(`${sandbox.url}/v1/models/llm-2.5-pro:generateContent`, {
      method: "POST",
      headers,
      body: JSON.stringify({ contents: [{ role: "user", parts: [{ text: "hi" }] }] }),
    });
    expect(text.status).toBe(401);
    expect((await text.json()).error).toMatchObject({ code: 401, status: "UNAUTHENTICATED" });
  });

  it("accepts any non-empty bearer key", async () => {
    const response = await sandbox.submit(valid, { ...JSON_AUTH, Authorization: "bearer anything" });
    expect(response.status).toBe(200);
  });
});

describe("request bodies", () => {
  it.each([
    ["not JSON", "{model:", /not valid JSON/],
    ["empty", "", /empty/],
    ["a JSON array", "[1,2]", /must be a JSON object/],
    ["a JSON string", '"sd2_disc_nvid"', /must be a JSON object/],
  ])("rejects a body that is %s with 400", async (_, body, message) => {
    const response = await sandbox.submit(body);
    expect(response.status).toBe(400);
    expect(response.json.error.message).toMatch(message);
  });

  it("requires Content-Type: application/json (spec, Authentication 2)", async () => {
    const response = await sandbox.submit(valid, {
      Authorization: JSON_AUTH.Authorization,
      "Content-Type": "text/plain",
    });
    expect(response.status).toBe(415);
    expect(response.json.error.message).toContain("application/json");
  });

  it("answers 404 for unknown endpoints and 405 for wrong methods", async () => {
    const unknown = await fetch(`${sandbox.url}/v2/model-center/things`, { headers: JSON_AUTH });
    expect(unknown.status).toBe(404);
    const wrong = await fetch(`${sandbox.url}/v2/model-center/tasks`, { headers: JSON_AUTH });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get("allow")).toBe("POST");
  });
});

describe("request log", () => {
  it("records method, path, body and whether a key was sent, never the key, oldest first", async () => {
    await fetch(`${sandbox.url}/_requests`, { method: "DELETE" });
    await sandbox.submit({ ...valid, prompt: "log me" });
    await sandbox.submit(valid, { "Content-Type": "application/json" });
    await fetch(`${sandbox.url}/v2/model-center/tasks/sbx_unknown_0000000000?x=1`, { headers: JSON_AUTH });
    const response = await fetch(`${sandbox.url}/_requests`);
    expect(response.status).toBe(200);
    const log = await response.json();
    expect(log).toEqual([
      expect.objectContaining({
        method: "POST",
        path: "/v2/model-center/tasks",
        body: { ...valid, prompt: "log me" },
        authorization: true,
      }),
      expect.objectContaining({ method: "POST", body: valid, authorization: false }),
      expect.objectContaining({
        method: "GET",
        path: "/v2/model-center/tasks/sbx_unknown_0000000000?x=1",
        body: null,
      }),
    ]);
    expect(new Date(log[0].at).getTime()).toBe(sandbox.clock.now);
    expect(JSON.stringify(log)).not.toContain(API_KEY);

    expect((await fetch(`${sandbox.url}/_requests`, { method: "DELETE" })).status).toBe(204);
    expect(await (await fetch(`${sandbox.url}/_requests`)).json()).toEqual([]);
  });

  it("keeps a body that is not JSON as text", async () => {
    await fetch(`${sandbox.url}/_requests`, { method: "DELETE" });
    await sandbox.submit("{model:");
    const [entry] = await (await fetch(`${sandbox.url}/_requests`)).json();
    expect(entry.body).toBe("{model:");
  });
});
