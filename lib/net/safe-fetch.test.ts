import http from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeUpstream, type CannedAnswer, type FakeUpstream } from "../upstream/testing/fake-upstream";
import { unsafeAddressReason } from "./address-check";
import { fetchPolicy } from "./fetch-policy";
import { RefusedUrlError, safeFetch, type FetchPolicy, type Resolve } from "./safe-fetch";

// Two real listeners on 127.0.0.1: `internal` stands for anything on the machine's private side
// (an admin port, a database UI) and must never receive a request; `upstream` is what the
// allow-list names (the configured upstream), and redirects wherever its test route says.
let internal: FakeUpstream;
let upstream: FakeUpstream;
let internalPort = 0;

beforeAll(async () => {
  internal = await startFakeUpstream(() => ({ text: "internal secret" }));
  internalPort = Number(new URL(internal.url).port);
  upstream = await startFakeUpstream(({ path }): CannedAnswer => {
    const to = new URL(path, "http://x").searchParams.get("to");
    if (path.includes("/redirect")) return { status: 302, text: "", headers: { location: to ?? "/" } };
    if (path.startsWith("/loop")) return { status: 307, text: "", headers: { location: "/loop" } };
    // One chunk, then silence: a download that stalls.
    if (path.startsWith("/stall")) {
      const body = new Readable({ read() {} });
      body.push("first");
      return { stream: body };
    }
    return { text: `file at ${path}`, headers: { "content-type": "video/mp4" } };
  });
});
afterAll(async () => {
  await internal.close();
  await upstream.close();
});

const open: FetchPolicy = { allow: [] };
const refusal = async (url: string, policy: FetchPolicy = open) => {
  const error = await safeFetch(url, {}, policy).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RefusedUrlError);
  return (error as Error).message;
};
const resolveTo =
  (address: string): Resolve =>
  async () => [{ address, family: address.includes(":") ? 6 : 4 }];

describe("safeFetch refuses internal addresses", () => {
  it("refuses a real listener on 127.0.0.1 addressed directly, and never connects to it", async () => {
    expect(await refusal(`${internal.url}/admin`)).toBe(
      "127.0.0.1 is a loopback address; the studio does not fetch it.",
    );
    // The same listener through every other spelling of a loopback address.
    for (const host of [
      "[::ffff:127.0.0.1]",
      "[::ffff:7f00:1]",
      "2130706433",
      "0x7f.0.0.1",
      "127.1",
      "[::1]",
      "0.0.0.0",
      "[::]",
    ]) {
      expect(await refusal(`http://${host}:${internalPort}/admin`)).toMatch(
        /is (a loopback|an unspecified) address/,
      );
    }
    expect(internal.count()).toBe(0);
  });

  it("refuses a host name that resolves to it (checked after DNS, on the addresses connected to)", async () => {
    expect(await refusal(`http://localhost:${internalPort}/admin`)).toBe(
      "localhost resolves to 127.0.0.1, a loopback address; the studio does not fetch it.",
    );
    const policy = { allow: [], resolve: resolveTo("127.0.0.1") };
    expect(await refusal(`http://files.example.test:${internalPort}/x`, policy)).toContain(
      "files.example.test resolves to 127.0.0.1, a loopback address",
    );
    const mapped = { allow: [], resolve: resolveTo("::ffff:127.0.0.1") };
    expect(await refusal(`http://files.example.test:${internalPort}/x`, mapped)).toContain(
      "resolves to ::ffff:127.0.0.1, a loopback address",
    );
    // A name with a private and a public address is a rebinding trick: refused as a whole. (The
    // loopback address comes first so that a broken check connects to the local listener, never
    // to an outside address.)
    const mixed: FetchPolicy = {
      allow: [],
      resolve: async () => [
        { address: "127.0.0.1", family: 4 },
        { address: "93.184.215.14", family: 4 },
      ],
    };
    expect(await refusal(`http://files.example.test:${internalPort}/x`, mixed)).toContain("127.0.0.1");
    expect(internal.count()).toBe(0);
  });

  it("refuses a redirect from an allowed origin to the internal listener, by address or by name", async () => {
    const policy = { allow: [upstream.url], resolve: resolveTo("127.0.0.1") };
    const viaIp = `${upstream.url}/redirect?to=${encodeURIComponent(`${internal.url}/admin`)}`;
    expect(await refusal(viaIp, policy)).toBe(
      `127.0.0.1 is a loopback address; the studio does not fetch it. (reached by a redirect from ${new URL(upstream.url).host})`,
    );
    const viaName = `${upstream.url}/redirect?to=${encodeURIComponent(`http://cdn.example.test:${internalPort}/a`)}`;
    expect(await refusal(viaName, policy)).toContain("cdn.example.test resolves to 127.0.0.1");
    expect(await refusal(`${upstream.url}/redirect?to=file:///etc/passwd`, policy)).toContain(
      "file: URLs are not fetched; only http(s).",
    );
    expect(internal.count()).toBe(0);
    expect(upstream.count("/redirect")).toBe(3);
  });

  it("gives up after five redirects", async () => {
    expect(await refusal(`${upstream.url}/loop`, { allow: [upstream.url] })).toContain(
      "redirected more than 5 times",
    );
  });

  it("refuses other schemes and names the rule", async () => {
    expect(await refusal("ftp://files.example.test/a")).toBe("ftp: URLs are not fetched; only http(s).");
    expect(await refusal("not a url")).toContain("is not a valid URL");
  });
});

describe("safeFetch allows the configured upstream and the sandbox's path", () => {
  it("fetches from an allowed origin and follows its redirects within it", async () => {
    const policy = { allow: [upstream.url] };
    const direct = await safeFetch(`${upstream.url}/files/v.mp4`, {}, policy);
    expect([direct.status, await direct.text()]).toEqual([200, "file at /files/v.mp4"]);
    const hop = await safeFetch(`${upstream.url}/redirect?to=/files/b.mp4`, {}, policy);
    expect([hop.status, await hop.text()]).toEqual([200, "file at /files/b.mp4"]);
  });

  it("streams the body and stops when the caller's signal aborts (how downloads use it)", async () => {
    const controller = new AbortController();
    const response = await safeFetch(
      `${upstream.url}/stall`,
      { signal: controller.signal },
      { allow: [upstream.url] },
    );
    const reader = response.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe("first");
    controller.abort(new Error("idle timeout"));
    await expect(reader.read()).rejects.toThrow("idle timeout");
  });

  it("allows only the sandbox's path prefix on the studio's own origin", async () => {
    const sandbox = { allow: [`${upstream.url}/api/sandbox`] };
    const file = await safeFetch(`${upstream.url}/api/sandbox/files/t1/video.mp4?sig=1`, {}, sandbox);
    expect(await file.text()).toBe("file at /api/sandbox/files/t1/video.mp4?sig=1");
    for (const path of [
      "/api/media/m1",
      "/api/sandboxed",
      "/api/sandbox/../media/m1",
      "/api/sandbox%2F..%2F",
    ]) {
      expect(await refusal(`${upstream.url}${path}`, sandbox)).toContain("127.0.0.1 is a loopback address");
    }
    // A redirect out of the sandbox's path to the studio's own media is refused too.
    const out = `${upstream.url}/api/sandbox/redirect?to=${encodeURIComponent(`${upstream.url}/api/media/m1`)}`;
    expect(await refusal(out, sandbox)).toContain("(reached by a redirect from");
    expect(upstream.count("/api/media")).toBe(0);
  });

  it("derives the allow-list from the configuration", () => {
    const sandbox = fetchPolicy({
      upstreamBaseUrl: "http://127.0.0.1:3000/api/sandbox",
      llmBaseUrl: "http://127.0.0.1:3000/api/sandbox",
      usesSandbox: { tasks: true, llm: true },
      fetchAllowPrivate: [],
    });
    expect(sandbox.allow).toEqual(["http://127.0.0.1:3000/api/sandbox"]);
    const real = fetchPolicy({
      upstreamBaseUrl: "http://10.0.0.5:4010/v2",
      llmBaseUrl: "https://llm.example.com/base",
      usesSandbox: { tasks: false, llm: false },
      fetchAllowPrivate: ["http://10.0.0.7:9000"],
    });
    expect(real.allow).toEqual(["http://10.0.0.5:4010", "https://llm.example.com", "http://10.0.0.7:9000"]);
  });
});

describe("safeFetch on IPv6 loopback", () => {
  let server: http.Server | undefined;
  let port = 0;
  let hits = 0;
  beforeAll(async () => {
    const candidate = http.createServer((_req, res) => {
      hits++;
      res.end("v6");
    });
    // Some sandboxes have no ::1; the refusal happens before any connection either way.
    await new Promise<void>((resolve) => {
      candidate.once("error", () => resolve());
      candidate.listen(0, "::1", () => {
        server = candidate;
        port = (candidate.address() as AddressInfo).port;
        resolve();
      });
    });
  });
  afterAll(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  it("refuses [::1] and names resolving to it", async () => {
    expect(await refusal(`http://[::1]:${port || 9}/`)).toBe(
      "[::1] is a loopback address; the studio does not fetch it.",
    );
    const policy = { allow: [], resolve: resolveTo("::1") };
    expect(await refusal(`http://v6.example.test:${port || 9}/`, policy)).toContain(
      "v6.example.test resolves to ::1, a loopback address",
    );
    expect(hits).toBe(0);
  });
});

describe("unsafeAddressReason", () => {
  it.each([
    ["127.0.0.1", "a loopback address"],
    ["10.1.2.3", "a private-network address"],
    ["172.16.0.1", "a private-network address"],
    ["192.168.1.1", "a private-network address"],
    ["169.254.169.254", "a link-local address (where cloud metadata services answer)"],
    ["100.64.0.1", "a carrier-grade NAT (shared) address"],
    ["0.0.0.0", "an unspecified address"],
    ["224.0.0.1", "a multicast address"],
    ["255.255.255.255", "the broadcast address"],
    ["::1", "a loopback address"],
    ["::", "an unspecified address"],
    ["fc00::1", "a private-network (unique local) address"],
    ["fd00:ec2::254", "a private-network (unique local) address"],
    ["fe80::1", "a link-local address (where cloud metadata services answer)"],
    ["ff02::1", "a multicast address"],
    ["::ffff:169.254.169.254", "a link-local address (where cloud metadata services answer)"],
    ["::ffff:10.0.0.1", "a private-network address"],
    ["64:ff9b::7f00:1", "a loopback address"],
    ["2002:c0a8:101::1", "a private-network address"],
    ["::7f00:1", "a loopback address"],
    ["2001:db8::1", "a reserved address (reserved)"],
    ["198.18.0.1", "a reserved address (reserved)"],
  ])("%s is %s", (address, reason) => {
    expect(unsafeAddressReason(address)).toBe(reason);
  });

  it.each(["93.184.215.14", "8.8.8.8", "2606:4700::1111", "64:ff9b::808:808", "::ffff:8.8.8.8"])(
    "%s is public",
    (address) => {
      expect(unsafeAddressReason(address)).toBeNull();
    },
  );
});
