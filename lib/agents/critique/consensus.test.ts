import { describe, expect, it } from "vitest";
import { averageRating, decideConsensus, whyBlocked } from "./consensus";

describe("averageRating", () => {
  it("is the plain mean", () => {
    expect(averageRating([4, 4, 5])).toBeCloseTo(13 / 3);
    expect(() => averageRating([])).toThrow(RangeError);
  });
});

describe("decideConsensus", () => {
  it.each([
    ["LOW", 4.3, false, "consensus_reached", "proceed"],
    ["LOW", 3.0, false, "consensus_reached", "proceed"], // exactly 3.0 is enough
    ["MEDIUM", 3.5, false, "consensus_reached", "proceed"], // only strong divergence blocks
    ["HIGH", 4.7, false, "consensus_blocked", "revise"], // HIGH blocks whatever the average
    ["HIGH", 1.7, false, "consensus_blocked", "escalate"], // broadly rejected → coordinator decides
    ["LOW", 2.0, false, "consensus_blocked", "revise"], // they agree it falls short: revise, not proceed
    ["LOW", 1.0, false, "consensus_blocked", "escalate"],
    ["LOW", 5.0, true, "consensus_blocked", "revise"], // a critical issue blocks on its own
  ] as const)("%s avg %s critical=%s → %s / %s", (severity, average, critical, verdict, recommendation) => {
    expect(decideConsensus(severity, average, critical)).toEqual({ verdict, recommendation, treatAsReached: verdict === "consensus_reached" });
  });
});

describe("whyBlocked", () => {
  it("names each reason a round was blocked", () => {
    expect(whyBlocked({ severity: "LOW", averageRating: 2, hasCriticalIssue: false })).toBe("the perspectives agree it falls short");
    expect(whyBlocked({ severity: "HIGH", averageRating: 4, hasCriticalIssue: false })).toBe("the perspectives disagree strongly");
    expect(whyBlocked({ severity: "HIGH", averageRating: 2.7, hasCriticalIssue: true })).toBe("a critical issue was raised, and the perspectives disagree strongly, and the average is below 3/5");
  });
});
