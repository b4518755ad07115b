import { describe, expect, it } from "vitest";
import {
  classifySeverity,
  detectDivergence,
  isCriticalIssue,
  stripCriticalPrefix,
  type PerspectiveOutcome,
} from "./divergence";

const outcome = (name: string, rating: number, extra: Partial<PerspectiveOutcome["result"]> = {}): PerspectiveOutcome => ({
  name,
  result: { strengths: [], weaknesses: [], suggestions: [], rating, ...extra },
});

describe("classifySeverity", () => {
  it.each([
    [[4, 4, 5], false, "LOW"],
    [[3, 3, 3], false, "LOW"],
    [[3, 5, 5], false, "LOW"], // spread 2: the most 3..5 allows
    [[5], false, "LOW"],
    [[2, 4, 5], false, "HIGH"],
    [[1, 5, 5], false, "HIGH"], // spread 4 and a single low rating: HIGH wins (checked first)
    [[2, 2, 2], false, "HIGH"],
    [[5, 5, 2], false, "HIGH"],
    [[5, 3, 2], false, "HIGH"],
    [[2], false, "HIGH"],
    [[5, 5, 5], true, "HIGH"], // critical issue with good ratings
  ] as const)("%j critical=%s → %s", (ratings, critical, expected) => {
    expect(classifySeverity(ratings, critical)).toBe(expected);
  });

  it("never yields MEDIUM for any integer ratings 1..5 (both MEDIUM clauses imply a rating <= 2)", () => {
    // Spread >= 3 on a 1..5 scale needs min <= 2, and "single <= 2" is itself a rating <= 2:
    // both are caught by the HIGH check. Exhaustive over 1..4 perspectives.
    const seen = new Set<string>();
    const walk = (ratings: number[]) => {
      if (ratings.length > 0) seen.add(classifySeverity(ratings, false));
      if (ratings.length === 4) return;
      for (let r = 1; r <= 5; r++) walk([...ratings, r]);
    };
    walk([]);
    expect([...seen].sort()).toEqual(["HIGH", "LOW"]);
  });

  it("rejects an empty rating list", () => {
    expect(() => classifySeverity([], false)).toThrow(RangeError);
  });
});

describe("critical issues", () => {
  it("are weaknesses starting with CRITICAL: (case-insensitive)", () => {
    expect(isCriticalIssue("CRITICAL: data loss")).toBe(true);
    expect(isCriticalIssue("critical: data loss")).toBe(true);
    expect(isCriticalIssue("Not critical: fine")).toBe(false);
    expect(stripCriticalPrefix("CRITICAL:  data loss")).toBe("data loss");
    expect(stripCriticalPrefix("minor")).toBe("minor");
  });
});

describe("detectDivergence", () => {
  it("finds nothing among agreeing perspectives", () => {
    expect(detectDivergence([outcome("A", 4), outcome("B", 4), outcome("C", 5)])).toEqual({
      severity: "LOW",
      hasCriticalIssue: false,
      points: [],
    });
  });

  it("attributes a low rating and a far-off rating to their perspectives", () => {
    const { severity, points } = detectDivergence([outcome("A", 5), outcome("B", 1), outcome("C", 5)]);
    expect(severity).toBe("HIGH");
    expect(points).toEqual([
      {
        kind: "rating",
        topic: "Low rating",
        severity: "HIGH",
        description: "B rated 1/5; the others averaged 5.0/5",
        perspectives: ["B"],
      },
    ]);
  });

  it("flags the lone dissenter on both sides of a split", () => {
    const { points } = detectDivergence([outcome("A", 1), outcome("B", 1), outcome("C", 5)]);
    expect(points.map((p) => [p.topic, p.perspectives[0]])).toEqual([
      ["Low rating", "A"],
      ["Low rating", "B"],
      ["Rating gap", "C"],
    ]);
    expect(points[2].description).toBe("C rated 5/5; the others averaged 1.0/5");
  });

  it("reports a LOW rating gap when all ratings are >= 3", () => {
    const { severity, points } = detectDivergence([outcome("A", 3), outcome("B", 5), outcome("C", 5)]);
    expect(severity).toBe("LOW");
    expect(points.map((p) => [p.topic, p.severity, p.perspectives])).toEqual([["Rating gap", "LOW", ["A"]]]);
  });

  it("reports a critical issue as HIGH even with good ratings, first", () => {
    const { severity, hasCriticalIssue, points } = detectDivergence([
      outcome("A", 5, { weaknesses: ["CRITICAL: Passwords stored in plain text"] }),
      outcome("B", 5),
    ]);
    expect([severity, hasCriticalIssue]).toEqual(["HIGH", true]);
    expect(points[0]).toEqual({
      kind: "critical-issue",
      topic: "Critical issue",
      severity: "HIGH",
      description: "Passwords stored in plain text (raised by A)",
      perspectives: ["A"],
    });
  });

  it("flags a weakness that other perspectives list as a strength", () => {
    const { points } = detectDivergence([
      outcome("Clarity", 4, { weaknesses: ["API naming is inconsistent"] }),
      outcome("Feasibility", 4, { strengths: ["Consistent API naming"] }),
      outcome("Accuracy", 4, { strengths: ["The API naming is consistent throughout"] }),
    ]);
    expect(points).toEqual([
      {
        kind: "conflict",
        topic: "Conflicting assessment",
        severity: "LOW",
        description:
          'Clarity sees a weakness ("API naming is inconsistent") where Feasibility, Accuracy see a strength ("Consistent API naming")',
        perspectives: ["Clarity", "Feasibility", "Accuracy"],
      },
    ]);
  });

  it("orders points by severity, then critical issues, ratings, conflicts", () => {
    const { points } = detectDivergence([
      outcome("A", 4, { weaknesses: ["Deployment plan unclear"] }),
      outcome("B", 4, { strengths: ["Clear deployment plan"], weaknesses: ["CRITICAL: No auth"] }),
      outcome("C", 2),
    ]);
    expect(points.map((p) => p.kind)).toEqual(["critical-issue", "rating", "conflict"]);
    // The conflict involves only A and B (both 4, no critical issue), so it is LOW on its own.
    expect(points.map((p) => p.severity)).toEqual(["HIGH", "HIGH", "LOW"]);
  });
});
