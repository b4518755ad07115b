// A person's API key at rest: AES-256-GCM under a key derived (HKDF-SHA256) from the
// instance secret, bound to its connection and owner (the additional data), so a sealed
// key copied to another row does not open. The stored text is
// "v1.<iv>.<tag>.<ciphertext>", base64url. Nothing else in the database holds the key;
// if the instance secret changes, sealed keys no longer open and their connections must
// be added again.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

const INFO = "inception-party/model-connection-keys/v1";
const SALT = "inception-party";

function keyFrom(instanceSecret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", instanceSecret, SALT, INFO, 32));
}

const aad = (connectionId: string, ownerId: string) => Buffer.from(`${connectionId}\n${ownerId}`);

export function sealKey(plain: string, instanceSecret: string, connectionId: string, ownerId: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyFrom(instanceSecret), iv);
  cipher.setAAD(aad(connectionId, ownerId));
  const ct = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return ["v1", iv, cipher.getAuthTag(), ct].map((x) => (typeof x === "string" ? x : x.toString("base64url"))).join(".");
}

/** The key, or null when it cannot be opened (another instance secret, a tampered row). */
export function openKey(sealed: string, instanceSecret: string, connectionId: string, ownerId: string): string | null {
  const [v, iv, tag, ct] = sealed.split(".");
  if (v !== "v1" || !iv || !tag || ct === undefined) return null;
  try {
    const d = createDecipheriv("aes-256-gcm", keyFrom(instanceSecret), Buffer.from(iv, "base64url"));
    d.setAAD(aad(connectionId, ownerId));
    d.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([d.update(Buffer.from(ct, "base64url")), d.final()]).toString("utf8");
  } catch {
    return null;
  }
}

/** What a person sees of their key: its last four characters (null for a key too short to hint at safely). */
export const keyHintOf = (key: string | null | undefined): string | null => (key && key.length >= 8 ? key.slice(-4) : null);
