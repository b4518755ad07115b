// Runs before every page and API route: gives each visitor a guest identity on first
// view, and refuses cross-site mutations (docs/api.md: a foreign Origin gets 403).
import { NextResponse, type NextRequest } from "next/server";
import { GUEST_COOKIE, guestCookieAttributes, issueGuestToken, verifyGuestToken } from "./lib/auth/guest-token";
import { authSecret } from "./lib/auth/secret";

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

// `req.nextUrl.origin` is what the server was started as (localhost under `next start`),
// not what the browser used: compare the Origin with the Host the request came to.
function sameSite(origin: string, req: NextRequest): boolean {
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return false; // "null" and other opaque origins
  }
  const target = req.headers.get("x-forwarded-host") ?? req.headers.get("host") ?? req.nextUrl.host;
  return host === target;
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
  if (!SAFE.has(req.method)) {
    const origin = req.headers.get("origin");
    if (origin !== null && !sameSite(origin, req)) {
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
  res.headers.set("X-Content-Type-Options", "nosniff");
  res.headers.set("Referrer-Policy", "no-referrer");
  if (minted) res.cookies.set(GUEST_COOKIE, minted, guestCookieAttributes(req.nextUrl.protocol === "https:"));
  return res;
}

export const config = {
  matcher: ["/((?!_next/static|_next/image|favicon.ico).*)"],
};
