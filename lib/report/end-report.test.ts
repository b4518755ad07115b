import { describe, expect, it } from "vitest";
import { endReport, hasOpenEnds, mentions, uncoveredRequirements, weakness } from "./end-report";

const SMS = { kind: "channel", name: "SMS", said: "reminders by SMS the day before" };
const NO_ACCOUNT = { kind: "identity", name: "no account", said: "no account, just a phone number" };
const EMAIL = { kind: "channel", name: "e-mail", said: "receipts by e-mail" };
const doc = (title: string, content: string) => ({ title, content });

describe("weakness", () => {
  it("is a blocked round, or an average of 2.5/5 or less", () => {
    expect(weakness({ verdict: "consensus_reached", averageRating: 4.3 })).toBeNull();
    expect(weakness({ verdict: "consensus_reached", averageRating: 2.6 })).toBeNull();
    expect(weakness({ verdict: "consensus_reached", averageRating: 2.5 })).toBe("consensus reached, average 2.5/5");
    expect(weakness({ verdict: "consensus_blocked", averageRating: 4 })).toBe("consensus blocked, average 4.0/5");
  });
});

describe("uncoveredRequirements", () => {
  it("keeps the requirements no document mentions, in any of their usual spellings", () => {
    expect(mentions("Receipts go out by email.", "e-mail")).toBe(true);
    expect(mentions("Guests book without an account.", "no account")).toBe(true);
    expect(mentions("The SMSC gateway", "SMS")).toBe(false);
    expect(mentions("Reminders: SMSes the day before", "SMS")).toBe(true);
    const artifacts = { "docs/project-brief.md": doc("Project Brief", "Guests book without an account. Receipts by email.") };
    expect(uncoveredRequirements([SMS, NO_ACCOUNT, EMAIL], artifacts)).toEqual([SMS]);
  });

  it("does not count a critique's discussion record as covering anything", () => {
    const artifacts = { "discussions/blueprint-data-model-discussion.md": doc("Critique", "Nothing covers SMS reminders.") };
    expect(uncoveredRequirements([SMS], artifacts)).toEqual([SMS]);
  });
});

describe("endReport", () => {
  const ARCH = "docs/architecture/architecture-overview.md";
  const DATA = "docs/architecture/data-model.md";
  const artifacts = { [ARCH]: doc("Architecture Overview", "Reminders by SMS."), [DATA]: doc("Data Model", "# Data Model") };

  it("names each document by its last critique, the missing ones and the uncovered requirements", () => {
    const r = endReport({
      critiques: [
        { artifactPath: ARCH, verdict: "consensus_blocked", averageRating: 2 },
        { artifactPath: DATA, verdict: "consensus_blocked", averageRating: 2 },
        { artifactPath: DATA, verdict: "consensus_reached", averageRating: 4 }, // critiqued again after a revision: passes now
      ],
      artifacts,
      missing: [{ path: "docs/architecture/test-strategy-outline.md", title: "Test Strategy Outline" }],
      requirements: [SMS, NO_ACCOUNT],
    });
    expect(r).toEqual({
      weak: [{ path: ARCH, title: "Architecture Overview", why: "consensus blocked, average 2.0/5" }],
      missing: [{ path: "docs/architecture/test-strategy-outline.md", title: "Test Strategy Outline" }],
      uncovered: [NO_ACCOUNT],
    });
    expect(hasOpenEnds(r)).toBe(true);
  });

  it("is empty when everything passed, was written and is covered", () => {
    const r = endReport({ critiques: [{ artifactPath: ARCH, verdict: "consensus_reached", averageRating: 4 }], artifacts, missing: [], requirements: [SMS] });
    expect(hasOpenEnds(r)).toBe(false);
  });
});
