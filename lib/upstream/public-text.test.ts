import { describe, expect, it } from "vitest";
import {
  PUBLIC_TEXT_MAX_CHARS,
  isUpstreamUrl,
  maskUpstream,
  publicText,
  type UpstreamSecrets,
} from "./public-text";

const KEY = "sk-live-7hQ2x9Lp4Vr8Nw3Zk5Ty";
const secrets: UpstreamSecrets = {
  baseUrl: "https://API.Secret-Upstream.example:8443/v2",
  llmBaseUrl: "https://llm.secret-upstream.example",
  apiKey: KEY,
};
const hidden = /secret-upstream|sk-live|7hQ2x9|Lp4Vr8Nw|Nw3Zk5Ty/i;

describe("maskUpstream: the configured base URLs in every form", () => {
  it.each([
    [
      "https://api.secret-upstream.example:8443/v2/files/t1/v.mp4?expires=9",
      "{base_url}/files/t1/v.mp4?expires=9",
    ],
    ["HTTPS://API.SECRET-UPSTREAM.EXAMPLE:8443/V2/x", "{base_url}/x"],
    ["http://api.secret-upstream.example:8443/v2", "{base_url}"],
    ["https://api.secret-upstream.example:8443/v2/", "{base_url}/"],
    ["api.secret-upstream.example:8443/v2/tasks", "{base_url}/tasks"],
    ["//api.secret-upstream.example:8443/v2/tasks", "{base_url}/tasks"],
    ["url=https%3A%2F%2Fapi.secret-upstream.example%3A8443%2Fv2%2Ffiles", "url={base_url}%2Ffiles"],
    ["u=https%253A%252F%252Fapi.secret-upstream.example%253A8443%252Fv2", "u={base_url}"],
    ['{"url":"https:\\/\\/api.secret-upstream.example:8443\\/v2\\/f"}', '{"url":"{base_url}\\/f"}'],
    ["connect ECONNREFUSED api.secret-upstream.example:8443", "connect ECONNREFUSED {upstream host}"],
    ["https://api.secret-upstream.example:8443/v2beta/x", "https://{upstream host}/v2beta/x"],
    [
      "see https://llm.secret-upstream.example/v1/models/x:generateContent.",
      "see {llm_base_url}/v1/models/x:generateContent.",
    ],
    ["host llm.secret-upstream.example refused", "host {llm_base_url} refused"],
    ["https://cdn.example/v.mp4", "https://cdn.example/v.mp4"],
  ])("%s → %s", (text, shown) => {
    expect(maskUpstream(text, secrets)).toBe(shown);
  });

  it("keeps JSON valid", () => {
    const request = JSON.stringify({
      prompt: "a fox",
      reference_images: ["https://api.secret-upstream.example:8443/v2/files/ref.png", `x ${KEY} y`],
    });
    expect(JSON.parse(maskUpstream(request, secrets))).toEqual({
      prompt: "a fox",
      reference_images: ["{base_url}/files/ref.png", "x [redacted] y"],
    });
  });

  it("masks only the full base of the built-in sandbox, which lives on the studio's own origin", () => {
    const sandbox = {
      baseUrl: "http://127.0.0.1:3000/api/sandbox",
      llmBaseUrl: "http://127.0.0.1:3000/api/sandbox",
      apiKey: "sandbox-key",
      sandbox: { tasks: true, llm: true },
    };
    expect(
      maskUpstream(
        "http://127.0.0.1:3000/api/sandbox/files/t1/v.mp4 and http://127.0.0.1:3000/api/media/m1",
        sandbox,
      ),
    ).toBe("{base_url}/files/t1/v.mp4 and http://127.0.0.1:3000/api/media/m1");
    // Its key is public (README): the sandbox's own words are not mangled.
    expect(maskUpstream("the sandbox-key sandbox", sandbox)).toBe("the sandbox-key sandbox");
  });
});

describe("maskUpstream: the API key", () => {
  it.each([
    [`invalid key ${KEY}`, "invalid key [redacted]"],
    [`invalid key ${KEY.toUpperCase()}.`, "invalid key [redacted]"],
    [`Authorization: Bearer ${KEY}`, "Authorization: Bearer [redacted]"],
    ["Authorization: Bearer some-other-token", "Authorization: Bearer [redacted]"],
    [`key "${KEY.slice(0, 12)}…${KEY.slice(-4)}" was revoked`, 'key "[redacted]" was revoked'],
    [`key ending in ${KEY.slice(-9)}`, "key ending in [redacted]"],
    ["nothing secret here", "nothing secret here"],
  ])("%s → %s", (text, shown) => {
    expect(maskUpstream(text, secrets)).toBe(shown);
  });

  it("stays linear on one enormous token", () => {
    const blob = `${"A".repeat(60_000)}${KEY}${"B".repeat(60_000)}`;
    const started = performance.now();
    expect(maskUpstream(blob, secrets)).toBe("[redacted]");
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});

describe("publicText", () => {
  it("caps absurdly long messages and says so", () => {
    const long = `upstream said: ${"x".repeat(10_000)} ${secrets.baseUrl}`;
    const shown = publicText(long, secrets);
    expect(shown).toHaveLength(PUBLIC_TEXT_MAX_CHARS + "…(truncated)".length);
    expect(shown.endsWith("…(truncated)")).toBe(true);
    expect(publicText("short", secrets)).toBe("short");
    expect(publicText(null, secrets)).toBeNull();
  });

  it("masks before it cuts, so no half of a secret is left at the cut", () => {
    const text = `${"x".repeat(PUBLIC_TEXT_MAX_CHARS - 10)} ${secrets.baseUrl}/files ${KEY}`;
    expect(publicText(text, secrets)).not.toMatch(hidden);
  });
});

describe("isUpstreamUrl", () => {
  it("is true for URLs shown masked", () => {
    expect(isUpstreamUrl(`${secrets.baseUrl}/files/a.png`, secrets)).toBe(true);
    expect(isUpstreamUrl("https://api.secret-upstream.example:8443/other", secrets)).toBe(true);
    expect(isUpstreamUrl("https://cdn.example/a.png", secrets)).toBe(false);
  });
});
