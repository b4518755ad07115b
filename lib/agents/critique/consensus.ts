import type { Severity } from "./divergence";

export type Verdict = "consensus_reached" | "consensus_blocked";

/**
 * `revise | proceed-with-caution | escalate` are the critique spec's blocked recommendations; `proceed`
 * is added for consensus_reached (and LOW, which the role treats as reached).
 */
export type Recommendation = "proceed" | "revise" | "proceed-with-caution" | "escalate";

export interface ConsensusDecision {
  verdict: Verdict;
  recommendation: Recommendation;
  /**
   * The critique spec lets the caller treat a LOW-severity block as reached with
   * notes. (Unreachable with integer ratings: LOW means all >= 3, so the average is >= 3.)
   */
  treatAsReached: boolean;
}

/** Below this average a HIGH block is escalated: the artifact is broadly rejected, so the
 * coordinator (or the user) should decide rather than route another revision to the role. */
export const ESCALATE_BELOW_AVERAGE = 2;

export const CONSENSUS_MIN_AVERAGE = 3;

export function averageRating(ratings: readonly number[]): number {
  if (ratings.length === 0) throw new RangeError("averageRating needs at least one rating");
  return ratings.reduce((sum, r) => sum + r, 0) / ratings.length;
}

/** The critique spec's consensus rule: reached iff no HIGH-severity divergence AND average >= 3.0. */
export function decideConsensus(severity: Severity, average: number): ConsensusDecision {
  if (severity !== "HIGH" && average >= CONSENSUS_MIN_AVERAGE) {
    return { verdict: "consensus_reached", recommendation: "proceed", treatAsReached: true };
  }
  switch (severity) {
    case "HIGH":
      return {
        verdict: "consensus_blocked",
        recommendation: average < ESCALATE_BELOW_AVERAGE ? "escalate" : "revise",
        treatAsReached: false,
      };
    case "MEDIUM":
      return { verdict: "consensus_blocked", recommendation: "proceed-with-caution", treatAsReached: false };
    case "LOW":
      return { verdict: "consensus_blocked", recommendation: "proceed", treatAsReached: true };
  }
}
