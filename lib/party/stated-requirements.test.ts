import { describe, expect, it } from "vitest";
import { SCENARIO_LIST } from "@inception-party/offline-model/testing/party-fixtures";
import { statedRequirements } from "./stated-requirements";
import { driveParty, ofType } from "./testing/drive-party";

describe("statedRequirements", () => {
  it("reads the channels and integrations the person asked for, in their words", () => {
    const rs = statedRequirements("A booking app for a hair salon. Clients get SMS reminders the day before. Bookings sync with Google Calendar.", "Salon");
    expect(rs.map((r) => r.name)).toContain("SMS");
    expect(rs.find((r) => r.name === "SMS")?.said).toMatch(/SMS reminders/);
  });

  it("leaves out a product the person only compares with", () => {
    const rs = statedRequirements("A booking app for a hair salon, simpler than Booksy.", "Salon");
    expect(rs.map((r) => r.name)).not.toContain("Booksy");
  });
});

describe("the end of a whole party", () => {
  it("carries the requirements of the person's description", async () => {
    const scenario = SCENARIO_LIST.find((s) => s.name === "food-delivery")!;
    const r = await driveParty({ description: `${scenario.description} Buyers get SMS reminders an hour before pickup.`, visionAnswer: scenario.answers });
    expect(r.outcome).toEqual({ status: "completed" });
    const end = ofType(r.events, "party-end")[0];
    expect(end.data.requirements?.find((q) => q.name === "SMS")).toEqual({ kind: "channel", name: "SMS", said: expect.stringContaining("SMS reminders") });
  }, 60_000);
});
