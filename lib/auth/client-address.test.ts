import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addressKey, clientAddress, PEER_HEADER, stampPeerAddresses } from "./client-address";

describe("the socket's peer, stamped by the server", () => {
  let server: http.Server;
  let url: string;
  beforeAll(async () => {
    stampPeerAddresses();
    // A plain Node server, as `next start` runs: the handler sees what a route handler would.
    server = http.createServer((request, response) => {
      const headers = new Headers(request.headers as Record<string, string>);
      response.end(JSON.stringify({ peer: headers.get(PEER_HEADER), client: clientAddress(headers, []) }));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it("replaces whatever the client sent under its name, and X-Forwarded-For is not believed", async () => {
    const answer = await fetch(url, {
      headers: { [PEER_HEADER]: "198.51.100.1", "x-forwarded-for": "203.0.113.7" },
    }).then((r) => r.json());
    expect(answer).toEqual({ peer: "127.0.0.1", client: "127.0.0.1" });
  });
});

describe("clientAddress", () => {
  const h = (peer: string | null, xff?: string) =>
    new Headers({ ...(peer && { [PEER_HEADER]: peer }), ...(xff && { "x-forwarded-for": xff }) });

  it.each([
    [
      "no proxy trusted: the peer, whatever X-Forwarded-For says",
      h("192.0.2.1", "203.0.113.9"),
      [],
      "192.0.2.1",
    ],
    [
      "a trusted peer: the last X-Forwarded-For entry",
      h("10.0.0.5", "6.6.6.6, 203.0.113.9"),
      ["10.0.0.0/8"],
      "203.0.113.9",
    ],
    [
      "a chain of trusted proxies is walked",
      h("10.0.0.5", "6.6.6.6, 203.0.113.9, 10.1.1.1"),
      ["10.0.0.0/8"],
      "203.0.113.9",
    ],
    [
      "an untrusted peer: its X-Forwarded-For is ignored",
      h("192.0.2.1", "203.0.113.9"),
      ["10.0.0.0/8"],
      "192.0.2.1",
    ],
    [
      "a malformed entry stops the walk at the proxy",
      h("10.0.0.5", "evil, not-an-ip"),
      ["10.0.0.0/8"],
      "10.0.0.5",
    ],
    [
      "IPv4-mapped IPv6 peers read as IPv4",
      h("::ffff:10.0.0.5", "203.0.113.9"),
      ["10.0.0.0/8"],
      "203.0.113.9",
    ],
    ["IPv6 proxies", h("::1", "2001:db8::1"), ["::1"], "2001:db8::1"],
    ["no stamped peer: unknown", h(null, "203.0.113.9"), [], null],
  ] as const)("%s", (_name, headers, trusted, expected) => {
    expect(clientAddress(headers, trusted)).toBe(expected);
  });

  it("counts IPv6 by /64 and IPv4 by address", () => {
    expect(addressKey("2001:db8:1:2::7")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressKey("2001:0db8:0001:0002:0003:0004:0005:0006")).toBe("2001:db8:1:2::/64");
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
    expect(addressKey("203.0.113.9")).toBe("203.0.113.9");
  });
});
