import { describe, expect, it } from "vitest";
import { extractProfile } from "./extract-profile";

describe("extractProfile: phrases with numbers", () => {
  it("never carries a sentence's full stop into the next sentence ('aged 18-45. Success is' is no volume)", () => {
    const p = extractProfile(
      "A booking app for climbing gyms: members reserve time slots.",
      "Members are climbers aged 18-45. Success is 60% of bookings online after six months. We expect 1,200 members and a 2.5k EUR budget.",
    );
    expect(p.numbers).toEqual(["60% of bookings", "1,200 members", "2.5k EUR budget"]);
  });
});
