import { describe, expect, it } from "vitest";
import { averageRating, decideConsensus } from "./consensus";

describe("averageRating", () => {
  it("is the plain mean", () => {
    expect(averageRating([4, 4, 5])).toBeCloseTo(13 / 3);
    expect(() => averageRating([])).toThrow(RangeError);
  });
});

describe("decideConsensus", () => {
  it.each([
    ["LOW", 4.3, "consensus_reached", "proceed", true],
    ["LOW", 3.0, "consensus_reached", "proceed", true], // exactly 3.0 is enough
    ["MEDIUM", 3.5, "consensus_reached", "proceed", true], // only HIGH blocks outright
    ["HIGH", 4.7, "consensus_blocked", "revise", false], // HIGH blocks whatever the average
    ["HIGH", 2.0, "consensus_blocked", "revise", false],
    ["HIGH", 1.7, "consensus_blocked", "escalate", false], // broadly rejected → coordinator decides
    ["MEDIUM", 2.5, "consensus_blocked", "proceed-with-caution", false],
    ["LOW", 2.9, "consensus_blocked", "proceed", true], // treat as reached with notes
  ] as const)("%s avg %s → %s / %s", (severity, average, verdict, recommendation, treatAsReached) => {
    expect(decideConsensus(severity, average)).toEqual({ verdict, recommendation, treatAsReached });
  });
});
