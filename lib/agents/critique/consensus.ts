import type { Severity } from "./divergence";

export type Verdict = "consensus_reached" | "consensus_blocked";

/**
 * `revise | escalate` are what a block recommends; `proceed` goes with consensus_reached.
 * `proceed-with-caution` (the critique spec's MEDIUM block) is no longer decided here, since
 * only strong divergence blocks, but logs written before still carry it.
 */
export type Recommendation = "proceed" | "revise" | "proceed-with-caution" | "escalate";

export interface ConsensusDecision {
  verdict: Verdict;
  recommendation: Recommendation;
  /** The caller may proceed normally: the same as reached (a block is a block, whatever the spread). */
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

/**
 * Consensus is reached iff the perspectives do not diverge strongly (severity not HIGH), no
 * critical issue was raised, and the average is >= 3.0. A block is escalated when the
 * artifact is broadly rejected (average below 2), and sent back for revision otherwise —
 * whether the perspectives disagree or agree that it falls short.
 */
export function decideConsensus(severity: Severity, average: number, hasCriticalIssue: boolean): ConsensusDecision {
  if (severity !== "HIGH" && !hasCriticalIssue && average >= CONSENSUS_MIN_AVERAGE) {
    return { verdict: "consensus_reached", recommendation: "proceed", treatAsReached: true };
  }
  return { verdict: "consensus_blocked", recommendation: average < ESCALATE_BELOW_AVERAGE ? "escalate" : "revise", treatAsReached: false };
}

/** Why a round was blocked, in a clause a note or the end of the party can carry. */
export function whyBlocked(c: { severity: Severity; averageRating: number; hasCriticalIssue: boolean }): string {
  const why: string[] = [];
  if (c.hasCriticalIssue) why.push("a critical issue was raised");
  if (c.severity === "HIGH") why.push("the perspectives disagree strongly");
  if (c.averageRating < CONSENSUS_MIN_AVERAGE) why.push(c.severity === "HIGH" ? "the average is below 3/5" : "the perspectives agree it falls short");
  return why.join(", and ") || "consensus was not reached";
}
