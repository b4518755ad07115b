// The secrets of a party's watch and owner links. The database keeps only their SHA-256
// (a stolen database or write-ahead log opens no party) and a nonce; the link itself is
// derived from the nonce with the server's secret, so an owner can be shown it again
// and a new nonce (rotation) makes a new link that the old one's hash does not match.
// Tokens are high-entropy, so a plain SHA-256 suffices (no slow password hash).
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";

export type LinkKind = "watch" | "owner";

/** Characters of each link's token (base64url): as long as the random ones they replace. */
const TOKEN_BYTES: Record<LinkKind, number> = { watch: 18, owner: 24 };

export const newNonce = (): string => randomBytes(16).toString("base64url");

/** The link's token: HMAC-SHA256 of the party, the link's kind and its nonce under the server's secret. */
export function linkToken(secret: string, partyId: string, kind: LinkKind, nonce: string): string {
  return createHmac("sha256", secret).update(`${kind}:${partyId}:${nonce}`).digest().subarray(0, TOKEN_BYTES[kind]).toString("base64url");
}

/** What is stored: SHA-256 of the token, hex. */
export function tokenHash(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** Whether the presented token is the one whose hash is stored, in constant time. */
export function matchesHash(token: string, storedHash: string): boolean {
  const a = Buffer.from(tokenHash(token), "hex");
  const b = Buffer.from(storedHash, "hex");
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The link's token to show an owner, or null when it cannot be shown: a link from before
 * hashing (no nonce), or one made under another server secret.
 */
export function shownToken(secret: string, partyId: string, kind: LinkKind, nonce: string | null, storedHash: string): string | null {
  if (!nonce) return null;
  const token = linkToken(secret, partyId, kind, nonce);
  return matchesHash(token, storedHash) ? token : null;
}
