// Where a request came from and which site it was sent to, trusting forwarded headers
// (X-Forwarded-For, -Host, -Proto) only when TRUST_PROXY says a proxy in front sets them:
// otherwise any client could name another host (and pass the Origin check) or another
// address (and dodge the per-address limit).
import { PEER_ADDRESS, PEER_PROTO, peerHeadersInstalled } from "./peer-headers";

export interface RequestSite {
  /** host[:port] as the browser addressed it. */
  host: string;
  proto: "http" | "https";
}

const first = (v: string | null) => v?.split(",")[0]?.trim() || null;
const peer = (headers: Headers, name: string) => (peerHeadersInstalled() ? headers.get(name) || null : null);

/**
 * The site the request was addressed to. `fallback` is the request's URL, used only
 * where neither a trusted proxy nor the socket says (a test calling a handler directly).
 */
export function requestSite(headers: Headers, trustProxy: number, fallback: URL): RequestSite {
  const forwardedProto = trustProxy > 0 ? first(headers.get("x-forwarded-proto")) : null;
  const proto = forwardedProto ?? peer(headers, PEER_PROTO) ?? fallback.protocol.replace(/:$/, "");
  const host = (trustProxy > 0 ? first(headers.get("x-forwarded-host")) : null) ?? headers.get("host") ?? fallback.host;
  return { host: host.toLowerCase(), proto: proto === "https" ? "https" : "http" };
}

/**
 * The client's address: with TRUST_PROXY=n, the n-th address from the right of
 * X-Forwarded-For (each proxy appends the address it saw, so the ones further left are
 * the client's own say); otherwise the socket's peer. null when nothing says.
 */
export function clientAddress(headers: Headers, trustProxy: number): string | null {
  if (trustProxy > 0) {
    const hops = (headers.get("x-forwarded-for") ?? "").split(",").map((s) => s.trim()).filter(Boolean);
    if (hops.length) return hops[Math.max(0, hops.length - trustProxy)];
  }
  return peer(headers, PEER_ADDRESS);
}

/** Whether an Origin header names the very site (scheme, host and port) the request was sent to. */
export function sameSite(origin: string, site: RequestSite): boolean {
  let o: URL;
  try {
    o = new URL(origin);
  } catch {
    return false; // "null" and other opaque origins
  }
  let target: URL;
  try {
    target = new URL(`${site.proto}://${site.host}`);
  } catch {
    return false;
  }
  // URL drops a scheme's default port on both sides: http://h and http://h:80 compare equal.
  return o.protocol === target.protocol && o.host === target.host;
}

/** Headers every response carries; HSTS only where the site is served over HTTPS. */
export function securityHeaders(site: RequestSite): Record<string, string> {
  return {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    // Nothing in the app uses these: a hostile document that slipped through cannot either.
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), bluetooth=(), browsing-topics=()",
    ...(site.proto === "https" ? { "Strict-Transport-Security": "max-age=31536000" } : {}),
  };
}
