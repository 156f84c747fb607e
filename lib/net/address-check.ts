/**
 * Which IP addresses a server-side fetch of a URL the studio did not choose may connect to: public
 * unicast only (docs/decisions/security.md). Ranges come from ipaddr.js; IPv6 forms that carry an
 * IPv4 address (mapped, NAT64, 6to4, IPv4-compatible) are judged by that IPv4 address.
 */
import ipaddr from "ipaddr.js";

const REASONS: Record<string, string> = {
  loopback: "a loopback address",
  private: "a private-network address",
  uniqueLocal: "a private-network (unique local) address",
  linkLocal: "a link-local address (where cloud metadata services answer)",
  carrierGradeNat: "a carrier-grade NAT (shared) address",
  unspecified: "an unspecified address",
  multicast: "a multicast address",
  broadcast: "the broadcast address",
  deprecatedSiteLocal: "a site-local address",
};

/** Why `address` must not be fetched ("a loopback address"), or null when it is public unicast. */
export function unsafeAddressReason(address: string): string | null {
  const bare = address.replace(/^\[|\]$/g, "");
  if (!ipaddr.isValid(bare)) return "not an IP address";
  // process() turns ::ffff:a.b.c.d into the IPv4 address it stands for.
  let ip = ipaddr.process(bare);
  if (ip.kind() === "ipv6") ip = embeddedIPv4(ip as ipaddr.IPv6) ?? ip;
  const range = ip.range();
  if (range === "unicast") return null;
  return REASONS[range] ?? `a reserved address (${range})`;
}

/** True for a literal IPv4 or IPv6 address (brackets allowed), as opposed to a host name. */
export function isIpLiteral(host: string): boolean {
  return ipaddr.isValid(host.replace(/^\[|\]$/g, ""));
}

/**
 * The IPv4 address inside NAT64 (64:ff9b::/96), 6to4 (2002::/16), IPv4-translated (::ffff:0:0/96)
 * and deprecated IPv4-compatible (::/96) addresses: each reaches that IPv4 host.
 */
function embeddedIPv4(ip: ipaddr.IPv6): ipaddr.IPv4 | undefined {
  const p = ip.parts;
  const v4 = (hi: number, lo: number) => new ipaddr.IPv4([hi >> 8, hi & 255, lo >> 8, lo & 255]);
  const zero = (from: number, to: number) => p.slice(from, to).every((part) => part === 0);
  const range = ip.range();
  if (range === "rfc6052" && p[0] === 0x64 && p[1] === 0xff9b && zero(2, 6)) return v4(p[6], p[7]);
  if (range === "6to4") return v4(p[1], p[2]);
  if (range === "rfc6145") return v4(p[6], p[7]);
  if (range === "unicast" && zero(0, 6)) return v4(p[6], p[7]);
  return undefined;
}
