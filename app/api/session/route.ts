import { GUEST_COOKIE, guestCookieAttributes, issueGuestToken, verifyGuestToken } from "@/lib/auth/guest-token";
import { authSecret } from "@/lib/auth/secret";
import { env } from "@/lib/env";
import { route } from "@/lib/http/handler";
import { requestSite } from "@/lib/http/request-site";
import { cookies } from "next/headers";

// For API clients: the proxy has already minted a cookie if the request had none;
// this makes it explicit and idempotent. Wrapped like every route, so a failure (an
// unreadable secret, say) gets the API's one error shape.
export const POST = route(async (req) => {
  const jar = await cookies();
  const secret = authSecret();
  const current = jar.get(GUEST_COOKIE)?.value;
  const token = (await verifyGuestToken(current, secret)) ? current! : await issueGuestToken(secret);
  // The scheme the connection (or a trusted proxy) says, as for the proxy's own cookie.
  const secure = requestSite(req.headers, env().TRUST_PROXY, new URL(req.url)).proto === "https";
  jar.set(GUEST_COOKIE, token, guestCookieAttributes(secure));
  return new Response(null, { status: 204 });
});
