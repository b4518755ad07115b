// Who is asking: the guest cookie, and optionally a watch token (read-only access to
// one party).
import { GUEST_COOKIE, verifyGuestToken } from "./guest-token";
import { authSecret } from "./secret";

export interface Viewer {
  guestId: string | null;
  watchToken: string | null;
}

function cookieValue(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const [k, ...v] = part.trim().split("=");
    if (k !== name) continue;
    try {
      return decodeURIComponent(v.join("="));
    } catch {
      return undefined; // a malformed escape (%ZZ) is no cookie of ours: a guest without one
    }
  }
  return undefined;
}

export async function viewerFromHeaders(headers: Headers, watchToken: string | null = null): Promise<Viewer> {
  const guestId = await verifyGuestToken(cookieValue(headers.get("cookie"), GUEST_COOKIE), authSecret());
  return { guestId, watchToken };
}
