// Runs before every page and API route: gives each visitor a guest identity on first
// view, refuses cross-site mutations (docs/api.md: a foreign Origin gets 403) and sets
// the security headers (docs/security.md).
import { NextResponse, type NextRequest } from "next/server";
import { GUEST_COOKIE, guestCookieAttributes, issueGuestToken, verifyGuestToken } from "./lib/auth/guest-token";
import { authSecret } from "./lib/auth/secret";
import { env } from "./lib/env";
import { requestSite, sameSite, securityHeaders } from "./lib/http/request-site";

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

function decodable(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

// Agent output is untrusted: even if markup slipped through, no script without this
// request's nonce runs, and nothing is fetched from (or leaked to) another host.
function contentSecurityPolicy(nonce: string): string {
  const dev = process.env.NODE_ENV === "development";
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    // Inline style attributes (progress bars, diagrams); styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

export async function proxy(req: NextRequest) {
  // `req.nextUrl.origin` is what the server was started as (localhost under `next start`),
  // not what the browser used: the site is the Host the request came to (or a trusted
  // proxy's X-Forwarded-Host) and the scheme it came over.
  const site = requestSite(req.headers, env().TRUST_PROXY, req.nextUrl);
  if (!decodable(req.nextUrl.pathname)) {
    return NextResponse.json(
      { error: { code: "bad_request", message: "The address has a malformed %-escape (such as %ZZ, or bytes that are not UTF-8): each % must be followed by two hex digits.", fields: { "(url)": "must be validly %-encoded" } } },
      { status: 400 },
    );
  }
  if (!SAFE.has(req.method)) {
    const origin = req.headers.get("origin");
    if (origin !== null && !sameSite(origin, site)) {
      return NextResponse.json(
        { error: { code: "forbidden", message: "Cross-site request refused: the Origin header is not this site." } },
        { status: 403 },
      );
    }
  }
  const secret = authSecret();
  const headers = new Headers(req.headers);
  let csp: string | null = null;
  if (!req.nextUrl.pathname.startsWith("/api/")) {
    const nonce = btoa(crypto.randomUUID());
    csp = contentSecurityPolicy(nonce);
    // Next reads the nonce from the request's CSP header and puts it on its own scripts.
    headers.set("Content-Security-Policy", csp);
    headers.set("x-nonce", nonce);
  }
  let minted: string | null = null;
  if (!(await verifyGuestToken(req.cookies.get(GUEST_COOKIE)?.value, secret))) {
    // No valid cookie yet: mint one and make it visible to this very request too.
    minted = await issueGuestToken(secret);
    req.cookies.set(GUEST_COOKIE, minted);
    headers.set("cookie", req.cookies.toString());
  }
  const res = NextResponse.next({ request: { headers } });
  if (csp) res.headers.set("Content-Security-Policy", csp);
  for (const [k, v] of Object.entries(securityHeaders(site))) res.headers.set(k, v);
  if (minted) res.cookies.set(GUEST_COOKIE, minted, guestCookieAttributes(site.proto === "https"));
  return res;
}

export const config = {
  matcher: ["/((?!_next/static|_next/image|favicon.ico).*)"],
};
