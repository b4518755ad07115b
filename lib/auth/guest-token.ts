// Guest identity: `<id>.<hmac>` in an httpOnly cookie. Web Crypto so the same code
// runs in the proxy and in route handlers.
export const GUEST_COOKIE = "ip_guest";
export const GUEST_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;

const enc = new TextEncoder();
const keys = new Map<string, Promise<CryptoKey>>();

function key(secret: string): Promise<CryptoKey> {
  let k = keys.get(secret);
  if (!k) {
    k = crypto.subtle.importKey("raw", enc.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    keys.set(secret, k);
  }
  return k;
}

function b64url(bytes: ArrayBuffer): string {
  return Buffer.from(bytes).toString("base64url");
}

async function sign(id: string, secret: string): Promise<string> {
  return b64url(await crypto.subtle.sign("HMAC", await key(secret), enc.encode(`guest:${id}`)));
}

export async function issueGuestToken(secret: string, id: string = crypto.randomUUID()): Promise<string> {
  return `${id}.${await sign(id, secret)}`;
}

/** The guest id, or null when the token is missing, malformed or forged. */
export async function verifyGuestToken(token: string | undefined, secret: string): Promise<string | null> {
  if (!token) return null;
  const dot = token.indexOf(".");
  if (dot <= 0) return null;
  const id = token.slice(0, dot);
  if (!/^[0-9a-f-]{36}$/.test(id)) return null;
  const expected = await sign(id, secret);
  const given = token.slice(dot + 1);
  if (given.length !== expected.length) return null;
  let diff = 0;
  for (let i = 0; i < given.length; i++) diff |= given.charCodeAt(i) ^ expected.charCodeAt(i);
  return diff === 0 ? id : null;
}

export function guestCookieAttributes(secure: boolean) {
  return { httpOnly: true, sameSite: "lax" as const, path: "/", maxAge: GUEST_COOKIE_MAX_AGE, secure };
}
