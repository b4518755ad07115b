import { describe, expect, it } from "vitest";
import type { PerspectiveOutcome } from "./divergence";
import { synthesize } from "./synthesize";

const outcome = (name: string, rating: number, extra: Partial<PerspectiveOutcome["result"]> = {}): PerspectiveOutcome => ({
  name,
  result: { strengths: [], weaknesses: [], suggestions: [], rating, ...extra },
});

describe("synthesize", () => {
  it("keeps themes shared by 2+ perspectives, strengths before weaknesses", () => {
    const { convergentThemes } = synthesize([
      outcome("A", 4, { strengths: ["Clear API design", "Fast"], weaknesses: ["Error handling is vague"] }),
      outcome("B", 4, { strengths: ["API design is clear"], weaknesses: ["Vague error handling section"] }),
      outcome("C", 4, { strengths: ["Good docs"], weaknesses: ["CRITICAL: error handling is vague"] }),
    ]);
    expect(convergentThemes).toEqual([
      { kind: "strength", text: "Clear API design", perspectives: ["A", "B"] },
      { kind: "weakness", text: "Error handling is vague", perspectives: ["A", "B", "C"] },
    ]);
  });

  it("does not count one perspective repeating itself as convergence", () => {
    const { convergentThemes } = synthesize([
      outcome("A", 4, { strengths: ["Clear API design", "Clear API design overall"] }),
      outcome("B", 4),
    ]);
    expect(convergentThemes).toEqual([]);
  });

  it("dedupes suggestions and ranks critical issues, then harsher critics, then support", () => {
    const { actionItems } = synthesize([
      outcome("Happy", 5, { suggestions: ["Polish the wording"] }),
      outcome("Shared", 4, { suggestions: ["Add edge case tests", "Rename the module"] }),
      outcome("Harsh", 2, { suggestions: ["Split the design into phases", "Tests for edge cases"] }),
      outcome("Alarm", 4, { weaknesses: ["CRITICAL: No auth on admin routes"], suggestions: ["Add auth middleware"] }),
    ]);
    expect(actionItems).toEqual([
      { text: "Resolve critical issue: No auth on admin routes", perspectives: ["Alarm"], fromCriticalIssue: true },
      { text: "Add auth middleware", perspectives: ["Alarm"], fromCriticalIssue: false },
      { text: "Add edge case tests", perspectives: ["Shared", "Harsh"], fromCriticalIssue: false },
      { text: "Split the design into phases", perspectives: ["Harsh"], fromCriticalIssue: false },
      { text: "Rename the module", perspectives: ["Shared"], fromCriticalIssue: false },
      { text: "Polish the wording", perspectives: ["Happy"], fromCriticalIssue: false },
    ]);
  });

  it("passes divergence through", () => {
    const result = synthesize([outcome("A", 1), outcome("B", 4), outcome("C", 4)]);
    expect([result.severity, result.hasCriticalIssue]).toEqual(["HIGH", false]);
    expect(result.divergentViews.map((v) => v.topic)).toEqual(["Low rating"]);
  });
});
