// Runs before every page and API route: gives each visitor a guest identity on first
// view, and refuses cross-site mutations (API.md: a foreign Origin gets 403).
import { NextResponse, type NextRequest } from "next/server";
import { GUEST_COOKIE, guestCookieAttributes, issueGuestToken, verifyGuestToken } from "./lib/auth/guest-token";
import { authSecret } from "./lib/auth/secret";

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

export async function proxy(req: NextRequest) {
  if (!SAFE.has(req.method)) {
    const origin = req.headers.get("origin");
    if (origin !== null && origin !== req.nextUrl.origin) {
      return NextResponse.json(
        { error: { code: "forbidden", message: "Cross-site request refused: the Origin header is not this site." } },
        { status: 403 },
      );
    }
  }
  const secret = authSecret();
  if (await verifyGuestToken(req.cookies.get(GUEST_COOKIE)?.value, secret)) return NextResponse.next();
  // No valid cookie yet: mint one and make it visible to this very request too.
  const token = await issueGuestToken(secret);
  req.cookies.set(GUEST_COOKIE, token);
  const res = NextResponse.next({ request: { headers: req.headers } });
  res.cookies.set(GUEST_COOKIE, token, guestCookieAttributes(req.nextUrl.protocol === "https:"));
  return res;
}

export const config = {
  matcher: ["/((?!_next/static|_next/image|favicon.ico).*)"],
};
