// AUTH_SECRET, or one generated on first start into DATA_DIR so cookies survive restarts.
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { env } from "../env";

let cached: string | undefined;

export function authSecret(): string {
  if (cached) return cached;
  const e = env();
  if (e.AUTH_SECRET) return (cached = e.AUTH_SECRET);
  const file = path.resolve(e.DATA_DIR, "auth-secret");
  try {
    cached = readFileSync(file, "utf8").trim();
  } catch {
    // Not written yet (first start): make one.
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    const fresh = randomBytes(32).toString("base64url");
    try {
      // "wx": if another process wrote it first, keep theirs.
      writeFileSync(file, fresh, { flag: "wx", mode: 0o600 });
      cached = fresh;
    } catch {
      cached = readFileSync(file, "utf8").trim();
    }
  }
  return cached;
}
