import { describe, expect, it } from "vitest";
import { keyHintOf, openKey, sealKey } from "./connection-keys";

const SECRET = "instance-secret-instance-secret-0123";
const KEY = "sk-test-0123456789abcdefWXYZ";

describe("sealed keys", () => {
  it("opens with the same instance secret, connection and owner", () => {
    const sealed = sealKey(KEY, SECRET, "conn1", "guest1");
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain(KEY);
    expect(sealed).not.toContain(Buffer.from(KEY).toString("base64url"));
    expect(openKey(sealed, SECRET, "conn1", "guest1")).toBe(KEY);
  });

  it("a fresh nonce each time: the same key seals differently", () => {
    expect(sealKey(KEY, SECRET, "c", "g")).not.toBe(sealKey(KEY, SECRET, "c", "g"));
  });

  it("does not open under another secret, on another row, for another owner, or tampered", () => {
    const sealed = sealKey(KEY, SECRET, "conn1", "guest1");
    expect(openKey(sealed, "another-secret-another-secret-0123", "conn1", "guest1")).toBeNull();
    expect(openKey(sealed, SECRET, "conn2", "guest1")).toBeNull();
    expect(openKey(sealed, SECRET, "conn1", "guest2")).toBeNull();
    const [v, iv, tag, ct] = sealed.split(".");
    const flipped = `${ct[0] === "A" ? "B" : "A"}${ct.slice(1)}`;
    expect(openKey([v, iv, tag, flipped].join("."), SECRET, "conn1", "guest1")).toBeNull();
    expect(openKey("garbage", SECRET, "conn1", "guest1")).toBeNull();
  });

  it("hints at a key by its last four characters only", () => {
    expect(keyHintOf(KEY)).toBe("WXYZ");
    expect(keyHintOf(null)).toBeNull();
    expect(keyHintOf("short")).toBeNull();
  });
});
