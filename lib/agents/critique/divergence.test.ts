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
    [[4, 4, 5], "LOW"],
    [[3, 3, 3], "LOW"],
    [[2, 2, 2], "LOW"], // three 2/5 is agreement, not divergence
    [[1, 1, 2], "LOW"],
    [[5], "LOW"],
    [[3, 5, 5], "MEDIUM"], // spread 2
    [[2, 4, 4], "MEDIUM"],
    [[2, 4, 5], "HIGH"], // spread 3
    [[1, 5, 5], "HIGH"],
    [[5, 5, 2], "HIGH"],
  ] as const)("%j → %s", (ratings, expected) => {
    expect(classifySeverity(ratings)).toBe(expected);
  });

  it("depends on the spread alone: shifting every rating changes nothing", () => {
    for (const shift of [0, 1, 2]) {
      expect(classifySeverity([1 + shift, 3 + shift, 2 + shift])).toBe("MEDIUM");
      expect(classifySeverity([1 + shift, 1 + shift, 1 + shift])).toBe("LOW");
    }
  });

  it("rejects an empty rating list", () => {
    expect(() => classifySeverity([])).toThrow(RangeError);
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

  it("flags the lone dissenter of a split, not the two that agree", () => {
    const { severity, points } = detectDivergence([outcome("A", 1), outcome("B", 1), outcome("C", 5)]);
    expect(severity).toBe("HIGH");
    expect(points.map((p) => [p.topic, p.perspectives[0]])).toEqual([["Rating gap", "C"]]);
    expect(points[0].description).toBe("C rated 5/5; the others averaged 1.0/5");
  });

  it("reports a MEDIUM rating gap for a spread of 2", () => {
    const { severity, points } = detectDivergence([outcome("A", 3), outcome("B", 5), outcome("C", 5)]);
    expect(severity).toBe("MEDIUM");
    expect(points.map((p) => [p.topic, p.severity, p.perspectives])).toEqual([["Rating gap", "MEDIUM", ["A"]]]);
  });

  it("finds no divergence where every perspective agrees the document is weak", () => {
    expect(detectDivergence([outcome("A", 2), outcome("B", 2), outcome("C", 2)])).toEqual({ severity: "LOW", hasCriticalIssue: false, points: [] });
  });

  it("reports a critical issue as a HIGH point even with good ratings, first; the spread stays LOW", () => {
    const { severity, hasCriticalIssue, points } = detectDivergence([
      outcome("A", 5, { weaknesses: ["CRITICAL: Passwords stored in plain text"] }),
      outcome("B", 5),
    ]);
    expect([severity, hasCriticalIssue]).toEqual(["LOW", true]);
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
    // The rating point carries the group's spread (4, 4, 2: MEDIUM); the conflict involves
    // only A and B (both 4, no critical issue), so it is LOW on its own.
    expect(points.map((p) => p.severity)).toEqual(["HIGH", "MEDIUM", "LOW"]);
  });
});
