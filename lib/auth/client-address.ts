import "server-only";
import http from "node:http";
import net from "node:net";

/**
 * Who is on the other end of a request, for the per-address login limits. Route handlers only see
 * headers, and Next.js fills `X-Forwarded-For` with the socket's peer only when the client did not
 * send one — so a client could name any address. The server process therefore stamps the socket's
 * real peer into its own header on every request (replacing whatever the client sent under that
 * name), and the client's X-Forwarded-For is believed only when that peer is a proxy the operator
 * listed in TRUSTED_PROXIES.
 */
export const PEER_HEADER = "x-studio-peer-address";

const STAMPED = Symbol.for("model-studio.peer-stamp");

/** Installs the stamp on every HTTP server of this process (instrumentation.ts, before requests). */
export function stampPeerAddresses(): void {
  const proto = http.Server.prototype as unknown as {
    emit: (event: string | symbol, ...args: unknown[]) => boolean;
    [STAMPED]?: true;
  };
  if (proto[STAMPED]) return;
  const emit = proto.emit;
  proto.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]) {
    if (event === "request") stampPeer(args[0] as http.IncomingMessage);
    return emit.call(this, event, ...args);
  };
  proto[STAMPED] = true;
}

/** The socket's peer into PEER_HEADER; a client-sent value of that header never survives. */
export function stampPeer(request: http.IncomingMessage): void {
  const peer = request.socket?.remoteAddress;
  if (peer) request.headers[PEER_HEADER] = peer;
  else delete request.headers[PEER_HEADER];
}

/**
 * The client's address: the stamped peer, or — when that peer is a trusted proxy — the nearest
 * X-Forwarded-For entry (right to left) that is not itself a trusted proxy. Null when the request
 * did not come through a stamped server (then nothing is known about the address).
 */
export function clientAddress(headers: Headers, trustedProxies: readonly string[]): string | null {
  const peer = normalize(headers.get(PEER_HEADER));
  if (!peer) return null;
  if (!trustedProxies.length) return peer;
  const trusted = blockList(trustedProxies);
  const hops = (headers.get("x-forwarded-for") ?? "").split(",").map((entry) => entry.trim());
  let client = peer;
  while (isIn(trusted, client) && hops.length) {
    const next = normalize(hops.pop() ?? "");
    if (!next) break; // a malformed entry: keep the last address a trusted proxy vouched for
    client = next;
  }
  return client;
}

/**
 * The key an address is counted under: IPv6 clients usually own a whole /64, so counting single
 * addresses there would let one client rotate through billions of them.
 */
export function addressKey(address: string): string {
  if (net.isIP(address) !== 6) return address;
  const [head, tail] = address.split("::");
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail === undefined ? [] : tail ? tail.split(":") : [];
  const groups =
    tail === undefined
      ? headGroups
      : [...headGroups, ...Array<string>(Math.max(0, 8 - headGroups.length - tailGroups.length)).fill("0")];
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(":")}::/64`;
}

function normalize(value: string | null): string | null {
  if (!value) return null;
  const address = value
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, "$1");
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped) return mapped[1];
  return net.isIP(address) ? address : null;
}

const lists = new Map<string, net.BlockList>();

function blockList(entries: readonly string[]): net.BlockList {
  const key = entries.join(",");
  let list = lists.get(key);
  if (!list) {
    list = new net.BlockList();
    for (const entry of entries) {
      const [address, prefix] = entry.split("/");
      const type = net.isIP(address) === 6 ? "ipv6" : "ipv4";
      if (prefix === undefined) list.addAddress(address, type);
      else list.addSubnet(address, Number(prefix), type);
    }
    lists.set(key, list);
  }
  return list;
}

function isIn(list: net.BlockList, address: string): boolean {
  return list.check(address, net.isIP(address) === 6 ? "ipv6" : "ipv4");
}
