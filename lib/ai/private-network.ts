// A person's connection must not turn the server into a way into its own network: its
// base URL may not reach loopback, private ranges, link-local (where clouds serve their
// metadata), carrier-grade NAT or other special addresses — unless the deployer allows it
// (ALLOW_PRIVATE_MODEL_URLS=true). A hostname is judged by the addresses it resolves to,
// and again at every connection (a name that resolved to a public address when it was
// checked may point inside later: DNS rebinding), so connections go through a fetch
// whose socket lookup refuses private addresses.
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from "node:dns";
import { lookup as lookupAsync } from "node:dns/promises";
import { BlockList, isIP } from "node:net";
import { Agent, fetch as undiciFetch } from "undici";

const blocked = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT (and some clouds' metadata)
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local: cloud metadata (169.254.169.254)
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15], // benchmarking
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
] as const) {
  blocked.addSubnet(net, prefix, "ipv4");
}
for (const [net, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7], // unique local (AWS metadata fd00:ec2::254)
  ["fe80::", 10], // link-local
  ["ff00::", 8], // multicast
] as const) {
  blocked.addSubnet(net, prefix, "ipv6");
}

/** The IPv4 address an IPv6 address carries (mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96), if any. */
function embeddedIPv4(ip: string): string | null {
  const lower = ip.toLowerCase();
  const m = /^(?:::ffff:|64:ff9b::)(?:0:)?(.+)$/.exec(lower);
  if (!m) return null;
  if (isIP(m[1]) === 4) return m[1];
  const hex = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(m[1]);
  if (!hex) return null;
  const n = (parseInt(hex[1], 16) << 16) | parseInt(hex[2], 16);
  return [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join(".");
}

/** True for an address on the server's private network (or otherwise not a public host). */
export function isPrivateAddress(ip: string): boolean {
  const bare = ip.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const family = isIP(bare);
  if (family === 4) return blocked.check(bare, "ipv4");
  if (family === 6) {
    const v4 = embeddedIPv4(bare);
    return v4 ? blocked.check(v4, "ipv4") : blocked.check(bare, "ipv6");
  }
  return true; // not an address at all: refuse rather than guess
}

export class PrivateNetworkError extends Error {
  constructor(readonly host: string) {
    super(`${host} is on this server's private network, which a connection may not reach`);
    this.name = "PrivateNetworkError";
  }
}

/** Throws PrivateNetworkError when the URL's host is, or resolves to, a private address. */
export async function assertPublicUrl(url: string): Promise<void> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, "");
  const addresses = isIP(host) ? [host] : (await lookupAsync(host, { all: true, verbatim: true })).map((a) => a.address);
  if (addresses.length === 0 || addresses.some(isPrivateAddress)) throw new PrivateNetworkError(host);
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A socket lookup that resolves as usual and refuses private addresses. */
function publicLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, []);
    if (addresses.length === 0 || addresses.some((a) => isPrivateAddress(a.address))) return callback(new PrivateNetworkError(hostname), []);
    if (options.all) return callback(null, addresses);
    callback(null, addresses[0].address, addresses[0].family);
  });
}

let agent: Agent | undefined;

/**
 * The fetch a person's connection uses: the global one when private addresses are
 * allowed, else one that checks every address it connects to.
 */
export function connectionFetch(allowPrivate: boolean): typeof fetch {
  if (allowPrivate) return globalThis.fetch;
  agent ??= new Agent({ connect: { lookup: publicLookup as never } });
  const dispatcher = agent;
  return (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    // A literal address needs no lookup, so the socket never asks: check it here.
    const host = url.hostname.replace(/^\[|\]$/g, "");
    if (isIP(host) && isPrivateAddress(host)) throw new TypeError("fetch failed", { cause: new PrivateNetworkError(host) });
    return undiciFetch(input as never, { ...(init as object), dispatcher } as never) as unknown as Response;
  }) as typeof fetch;
}
