import { describe, expect, it } from "vitest";
import { issueGuestToken, verifyGuestToken } from "./guest-token";

const SECRET = "s".repeat(40);

describe("guest token", () => {
  it("round-trips the guest id", async () => {
    const token = await issueGuestToken(SECRET, "2ff67cf4-5a34-456b-ba11-4c1f87e15f47");
    expect(await verifyGuestToken(token, SECRET)).toBe("2ff67cf4-5a34-456b-ba11-4c1f87e15f47");
  });

  it.each([
    ["missing", undefined],
    ["no signature", "2ff67cf4-5a34-456b-ba11-4c1f87e15f47"],
    ["not a uuid", "admin.abc"],
  ])("rejects a %s token", async (_, token) => {
    expect(await verifyGuestToken(token, SECRET)).toBeNull();
  });

  it("rejects a forged id and another secret's token", async () => {
    const token = await issueGuestToken(SECRET, "2ff67cf4-5a34-456b-ba11-4c1f87e15f47");
    const forged = token.replace("2ff67cf4", "3ff67cf4");
    expect(await verifyGuestToken(forged, SECRET)).toBeNull();
    expect(await verifyGuestToken(token, "t".repeat(40))).toBeNull();
  });
});
