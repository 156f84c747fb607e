import { describe, expect, it } from "vitest";
import { isStudioError } from "../errors";
import { guardConfig, guardRequest, hostnameOf, isAllowedHost } from "./guard";

const config = guardConfig({
  allowedHosts: ["studio.lan", "*.example.org"],
  allowedOrigins: ["https://tools.example.net"],
  publicBaseUrl: "https://studio.example.com",
  host: "127.0.0.1",
});

/** The refusal's status and code, or "ok". */
function verdict(method: string, headers: Record<string, string>, pathname = "/api/gallery"): string {
  try {
    guardRequest({ method, pathname, headers: new Headers(headers) }, config);
    return "ok";
  } catch (error) {
    if (!isStudioError(error)) throw error;
    return `${error.status} ${error.code}`;
  }
}

describe("guardRequest: Host", () => {
  it.each(["127.0.0.1:3000", "localhost:3000", "[::1]:3000", "127.1.2.3", "app.localhost:3000", "LOCALHOST"])(
    "answers loopback host %s",
    (host) => expect(verdict("GET", { host })).toBe("ok"),
  );

  it.each(["studio.lan:3000", "a.example.org", "studio.example.com"])("answers configured host %s", (host) =>
    expect(verdict("GET", { host })).toBe("ok"),
  );

  it.each(["rebind.attacker.example", "example.org", "studio.lan.evil.com", "10.0.0.5:3000", "[::2]:3000"])(
    "refuses foreign host %s with 421 (DNS rebinding)",
    (host) => expect(verdict("GET", { host })).toBe("421 host_not_allowed"),
  );

  it("refuses a request without Host", () => {
    expect(verdict("GET", {})).toBe("400 invalid_request");
  });

  it("answers a specific listen address, not the wildcard", () => {
    const lan = guardConfig({
      allowedHosts: [],
      allowedOrigins: [],
      publicBaseUrl: null,
      host: "192.168.1.20",
    });
    expect(isAllowedHost("192.168.1.20", lan.allowedHosts)).toBe(true);
    const all = guardConfig({ allowedHosts: [], allowedOrigins: [], publicBaseUrl: null, host: "0.0.0.0" });
    expect(isAllowedHost("0.0.0.0", all.allowedHosts)).toBe(false);
  });
});

describe("guardRequest: origin of state-changing requests", () => {
  const host = "127.0.0.1:3000";

  it("lets the studio's own pages and origin-less tools change state", () => {
    expect(verdict("POST", { host, origin: "http://127.0.0.1:3000" })).toBe("ok");
    expect(verdict("DELETE", { host, "sec-fetch-site": "same-origin" })).toBe("ok");
    expect(verdict("POST", { host })).toBe("ok"); // curl, scripts
    expect(verdict("POST", { host, "sec-fetch-site": "none" })).toBe("ok"); // typed by the user
  });

  it.each([
    ["another port", { origin: "http://127.0.0.1:4000" }],
    ["another site", { origin: "https://evil.example" }],
    ["localhost vs 127.0.0.1", { origin: "http://localhost:3000" }],
    ["an opaque origin", { origin: "null" }],
    ["same-site without Origin", { "sec-fetch-site": "same-site" }],
    ["cross-site without Origin", { "sec-fetch-site": "cross-site" }],
  ])("refuses a POST from %s with 403", (_, headers) => {
    expect(verdict("POST", { host, ...headers })).toBe("403 cross_origin");
    expect(verdict("PATCH", { host, ...headers })).toBe("403 cross_origin");
  });

  it("lets any origin read (the browser keeps the answer from it)", () => {
    expect(verdict("GET", { host, origin: "https://evil.example", "sec-fetch-site": "cross-site" })).toBe(
      "ok",
    );
  });

  it("accepts PUBLIC_BASE_URL's and ALLOWED_ORIGINS' origins behind a proxy that rewrites Host", () => {
    expect(verdict("POST", { host, origin: "https://studio.example.com" })).toBe("ok");
    expect(verdict("POST", { host, origin: "https://tools.example.net" })).toBe("ok");
    expect(verdict("POST", { host, origin: "https://studio.example.com:8443" })).toBe("403 cross_origin");
  });

  it("treats default ports as the same origin", () => {
    expect(verdict("POST", { host: "studio.lan:80", origin: "http://studio.lan" })).toBe("ok");
  });
});

describe("guardRequest: path", () => {
  it("refuses a malformed percent-escape with 400 naming it", () => {
    expect(verdict("GET", { host: "localhost" }, "/api/media/%ZZ")).toBe("400 invalid_request");
    expect(verdict("GET", { host: "localhost" }, "/api/media/a%20b")).toBe("ok");
  });
});

describe("hostnameOf", () => {
  it.each([
    ["[::1]:3000", "::1"],
    ["Studio.LAN:3000", "studio.lan"],
    ["example.com.", "example.com"],
    ["::1", "::1"],
  ])("%s → %s", (host, name) => expect(hostnameOf(host)).toBe(name));
});
