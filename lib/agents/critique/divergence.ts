import type { PerspectiveResult } from "./perspective";
import { areSimilar, oneLine } from "./text-similarity";

export type Severity = "HIGH" | "MEDIUM" | "LOW";

/** A perspective's name with what it returned: the unit every analysis step works on. */
export interface PerspectiveOutcome {
  name: string;
  result: PerspectiveResult;
}

export type DivergenceKind = "critical-issue" | "rating" | "conflict";

/** One point of disagreement, attributed to the perspectives involved. */
export interface DivergentPoint {
  kind: DivergenceKind;
  topic: string;
  severity: Severity;
  description: string;
  perspectives: string[];
}

export interface Divergence {
  /** Overall severity by `classifySeverity`. */
  severity: Severity;
  hasCriticalIssue: boolean;
  /** Most severe first; within a severity: critical issues, ratings, conflicts. */
  points: DivergentPoint[];
}

/**
 * The critique spec says "critical issue identified" but its JSON contract (strengths, weaknesses,
 * suggestions, rating) has no field for it, so a critical issue is a weakness whose text
 * starts with `CRITICAL:` (case-insensitive). Perspective prompts must ask for that prefix.
 */
export const CRITICAL_PREFIX = "CRITICAL:";

export function isCriticalIssue(weakness: string): boolean {
  return weakness.trimStart().toUpperCase().startsWith(CRITICAL_PREFIX);
}

export function stripCriticalPrefix(weakness: string): string {
  return isCriticalIssue(weakness) ? weakness.trimStart().slice(CRITICAL_PREFIX.length).trim() : weakness.trim();
}

/**
 * How far apart the perspectives are: the spread of their ratings (highest minus lowest).
 * Divergence is disagreement, so three 2/5 ratings are agreement (LOW): that the document is
 * weak is the average's to say, and the consensus rule reads it (consensus.ts). A spread of
 * 3 or more (5 against 2) is HIGH, 2 (5 against 3) MEDIUM, 0 or 1 LOW. A critical issue is
 * not a spread: it blocks consensus on its own and its point is always HIGH.
 */
export function classifySeverity(ratings: readonly number[]): Severity {
  if (ratings.length === 0) throw new RangeError("classifySeverity needs at least one rating");
  const spread = Math.max(...ratings) - Math.min(...ratings);
  return spread >= HIGH_SPREAD ? "HIGH" : spread >= MEDIUM_SPREAD ? "MEDIUM" : "LOW";
}

export const HIGH_SPREAD = 3;
export const MEDIUM_SPREAD = 2;

const SEVERITY_RANK: Record<Severity, number> = { HIGH: 0, MEDIUM: 1, LOW: 2 };
const KIND_RANK: Record<DivergenceKind, number> = { "critical-issue": 0, rating: 1, conflict: 2 };

/** How far (in rating points) a perspective must sit from the group's median to count as divergent. */
const RATING_GAP = 2;

const mean = (values: readonly number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * Each point's severity is the same rule applied to the perspectives that point
 * involves, so a point never claims more (or less) than its evidence supports.
 */
export function detectDivergence(outcomes: readonly PerspectiveOutcome[]): Divergence {
  const ratings = outcomes.map((o) => o.result.rating);
  const hasCriticalIssue = outcomes.some((o) => o.result.weaknesses.some(isCriticalIssue));
  const points: DivergentPoint[] = [
    ...criticalIssuePoints(outcomes),
    ...ratingPoints(outcomes),
    ...conflictPoints(outcomes),
  ];
  // Array.prototype.sort is stable, so discovery order breaks ties deterministically.
  points.sort(
    (a, b) => SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity] || KIND_RANK[a.kind] - KIND_RANK[b.kind],
  );
  return { severity: classifySeverity(ratings), hasCriticalIssue, points };
}

function criticalIssuePoints(outcomes: readonly PerspectiveOutcome[]): DivergentPoint[] {
  return outcomes.flatMap(({ name, result }) =>
    result.weaknesses.filter(isCriticalIssue).map((weakness) => ({
      kind: "critical-issue" as const,
      topic: "Critical issue",
      severity: "HIGH" as const,
      description: `${oneLine(stripCriticalPrefix(weakness))} (raised by ${name})`,
      perspectives: [name],
    })),
  );
}

/**
 * A perspective sitting RATING_GAP or more from the median rating: the one that disagrees.
 * A low rating the others share is no divergence. The median (not the others' mean) keeps
 * [5, 1, 5] to one point, the 1, instead of also flagging both 5s as "far" from the mean
 * of a 1 and a 5.
 */
function ratingPoints(outcomes: readonly PerspectiveOutcome[]): DivergentPoint[] {
  const allRatings = outcomes.map((o) => o.result.rating);
  const groupMedian = median(allRatings);
  const points: DivergentPoint[] = [];
  outcomes.forEach(({ name, result }, index) => {
    const others = allRatings.filter((_, i) => i !== index);
    const othersMean = others.length > 0 ? mean(others) : undefined;
    const low = result.rating <= 2;
    const far = others.length > 0 && Math.abs(result.rating - groupMedian) >= RATING_GAP;
    if (!far) return;
    points.push({
      kind: "rating",
      topic: low ? "Low rating" : "Rating gap",
      severity: classifySeverity(allRatings),
      description:
        othersMean === undefined
          ? `${name} rated ${result.rating}/5`
          : `${name} rated ${result.rating}/5; the others averaged ${othersMean.toFixed(1)}/5`,
      perspectives: [name],
    });
  });
  // Lowest ratings first: they are the ones that block consensus.
  return points.sort((a, b) => ratingOf(outcomes, a) - ratingOf(outcomes, b));
}

function ratingOf(outcomes: readonly PerspectiveOutcome[], point: DivergentPoint): number {
  return outcomes.find((o) => o.name === point.perspectives[0])?.result.rating ?? 0;
}

/** A weakness one perspective raises that another lists as a strength. */
function conflictPoints(outcomes: readonly PerspectiveOutcome[]): DivergentPoint[] {
  const points: DivergentPoint[] = [];
  for (const critic of outcomes) {
    for (const weakness of critic.result.weaknesses) {
      const supporters = outcomes.flatMap((other) => {
        if (other.name === critic.name) return [];
        const strength = other.result.strengths.find((s) => areSimilar(s, stripCriticalPrefix(weakness)));
        return strength === undefined ? [] : [{ other, strength }];
      });
      if (supporters.length === 0) continue;
      const names = supporters.map((s) => s.other.name);
      points.push({
        kind: "conflict",
        topic: "Conflicting assessment",
        severity: isCriticalIssue(weakness) ? "HIGH" : classifySeverity([critic.result.rating, ...supporters.map((s) => s.other.result.rating)]),
        description:
          `${critic.name} sees a weakness ("${oneLine(stripCriticalPrefix(weakness))}") where ` +
          `${names.join(", ")} ${names.length === 1 ? "sees a strength" : "see a strength"} ` +
          `("${oneLine(supporters[0].strength)}")`,
        perspectives: [critic.name, ...names],
      });
    }
  }
  return points;
}
