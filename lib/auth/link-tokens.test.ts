import { describe, expect, it } from "vitest";
import { linkToken, matchesHash, newNonce, shownToken, tokenHash } from "./link-tokens";

const SECRET = "test-secret-test-secret-test-secret-0123";

describe("link tokens", () => {
  it("are derived per party, kind and nonce, and only their hash is needed to check one", () => {
    const nonce = newNonce();
    const owner = linkToken(SECRET, "p1", "owner", nonce);
    expect(owner).toMatch(/^[\w-]{32}$/);
    expect(linkToken(SECRET, "p1", "watch", nonce)).toMatch(/^[\w-]{24}$/);
    expect(linkToken(SECRET, "p2", "owner", nonce)).not.toBe(owner);
    expect(linkToken(SECRET, "p1", "owner", newNonce())).not.toBe(owner);
    const stored = tokenHash(owner);
    expect(stored).toMatch(/^[0-9a-f]{64}$/);
    expect(stored).not.toContain(owner);
    expect(matchesHash(owner, stored)).toBe(true);
    expect(matchesHash(`${owner}x`, stored)).toBe(false);
    expect(matchesHash(owner, "not-hex")).toBe(false);
  });

  it("are shown again only when derivable: not for a link from before hashing, nor under another secret", () => {
    const nonce = newNonce();
    const token = linkToken(SECRET, "p1", "watch", nonce);
    expect(shownToken(SECRET, "p1", "watch", nonce, tokenHash(token))).toBe(token);
    expect(shownToken(SECRET, "p1", "watch", null, tokenHash(token))).toBeNull();
    expect(shownToken("another-secret-another-secret-0123456", "p1", "watch", nonce, tokenHash(token))).toBeNull();
  });
});
