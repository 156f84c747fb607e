import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JSON_AUTH, sandboxFixture } from "./testing/sandbox-fixture";

let sandbox: Awaited<ReturnType<typeof sandboxFixture>>;
beforeAll(async () => {
  sandbox = await sandboxFixture();
});
afterAll(() => sandbox.close());

const body = { contents: [{ role: "user", parts: [{ text: "Describe a sunset in one line." }] }] };
const post = (path: string, payload: unknown = body, headers: Record<string, string> = JSON_AUTH) =>
  fetch(`${sandbox.url}${path}`, { method: "POST", headers, body: JSON.stringify(payload) });

describe("text API routing", () => {
  it("hands generateContent to the text API with the body intact, and logs it", async () => {
    await fetch(`${sandbox.url}/_requests`, { method: "DELETE" });
    const response = await post("/v1/models/llm-2.5-pro:generateContent");
    expect(response.status).toBe(200);
    const json = await response.json();
    expect(json.candidates[0].content.parts[0].text).toEqual(expect.any(String));
    const log = await (await fetch(`${sandbox.url}/_requests`)).json();
    expect(log).toEqual([
      expect.objectContaining({
        method: "POST",
        path: "/v1/models/llm-2.5-pro:generateContent",
        body,
        authorization: true,
      }),
    ]);
  });

  it("accepts a percent-encoded colon and routes streamGenerateContent", async () => {
    const encoded = await post("/v1/models/llm-2.5-pro%3AgenerateContent");
    expect(encoded.status).toBe(200);
    const stream = await post("/v1/models/llm-3-flash-preview:streamGenerateContent?alt=sse");
    expect(stream.status).toBe(200);
    expect(stream.headers.get("content-type")).toMatch(/text\/event-stream/);
    expect(await stream.text()).toContain("data:");
  });

  it("answers bad bodies and methods in the native error layout", async () => {
    const array = await post("/v1/models/llm-2.5-pro:generateContent", [body]);
    expect(array.status).toBe(400);
    expect((await array.json()).error).toMatchObject({ code: 400, status: "INVALID_ARGUMENT" });
    const get = await fetch(`${sandbox.url}/v1/models/llm-2.5-pro:generateContent`, { headers: JSON_AUTH });
    expect(get.status).toBe(405);
    const unknownMethod = await post("/v1/models/llm-2.5-pro:countTokens");
    expect(unknownMethod.status).toBe(404);
  });
});
