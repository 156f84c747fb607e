import { describe, expect, it } from "vitest";
import { isStudioError } from "../errors";
import { jsonDepth, MAX_JSON_DEPTH, readJsonBody } from "./json-body";

const post = (
  body: BodyInit | null,
  headers: Record<string, string> = { "content-type": "application/json" },
) => new Request("http://127.0.0.1/api/x", { method: "POST", body, headers, duplex: "half" } as RequestInit);

async function outcome(request: Request, max = 1024): Promise<unknown> {
  try {
    return await readJsonBody(request, max);
  } catch (error) {
    if (!isStudioError(error)) throw error;
    return `${error.status} ${error.code}: ${error.message}`;
  }
}

describe("readJsonBody", () => {
  it("parses a JSON object sent as application/json (with parameters or a +json type)", async () => {
    expect(await outcome(post('{"a":1}'))).toEqual({ a: 1 });
    expect(await outcome(post('{"a":1}', { "content-type": "Application/JSON; charset=utf-8" }))).toEqual({
      a: 1,
    });
    expect(await outcome(post("[1]", { "content-type": "application/merge-patch+json" }))).toEqual([1]);
  });

  it.each([
    ["text/plain", { "content-type": "text/plain;charset=UTF-8" }],
    ["a form", { "content-type": "application/x-www-form-urlencoded" }],
    ["multipart", { "content-type": "multipart/form-data; boundary=x" }],
    ["no type", {} as Record<string, string>],
  ])("refuses %s with 415 naming the header", async (_, headers) => {
    expect(await outcome(post('{"a":1}', headers))).toMatch(
      /^415 unsupported_media_type: .*Content-Type: application\/json/,
    );
  });

  it("refuses a declared length over the cap without reading", async () => {
    const request = post("{}", { "content-type": "application/json", "content-length": "5000" });
    expect(await outcome(request)).toMatch(
      /^413 payload_too_large: The request body \(4\.9 KB\) .* at most 1 KB/,
    );
  });

  it("stops reading a streamed body once it passes the cap", async () => {
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new TextEncoder().encode(" ".repeat(512)));
        if (pulled > 1000) controller.close();
      },
    });
    expect(await outcome(post(stream))).toMatch(/^413 payload_too_large/);
    expect(pulled).toBeLessThan(10);
  });

  it("refuses an empty body, bad JSON and bad UTF-8 with 400", async () => {
    expect(await outcome(post(""))).toMatch(/^400 invalid_request: The request body is empty/);
    expect(await outcome(post("{nope"))).toMatch(/^400 invalid_request: The request body is not valid JSON/);
    expect(await outcome(post(new Uint8Array([0x7b, 0xff, 0x7d])))).toMatch(/^400 invalid_request: .*UTF-8/);
  });

  it("refuses a 100,000-deep body with 400 before parsing, and accepts 64 levels", async () => {
    const deep = "[".repeat(100_000) + "]".repeat(100_000);
    expect(await outcome(post(deep), 1024 ** 2)).toMatch(/^400 invalid_request: .*nests more than 64 levels/);
    const ok = '{"a":'.repeat(MAX_JSON_DEPTH - 1) + "{}" + "}".repeat(MAX_JSON_DEPTH - 1);
    expect(await outcome(post(ok), 1024 ** 2)).toBeTypeOf("object");
  });
});

describe("jsonDepth", () => {
  it("ignores brackets inside strings, with escaped quotes", () => {
    expect(jsonDepth('{"a":"[[[{{{\\"]]]"}')).toBe(1);
    expect(jsonDepth('[[],[[1]],{"x":[{}]}]')).toBe(4);
    expect(jsonDepth("42")).toBe(0);
  });
});
