import { describe, expect, it } from "vitest";
import { areSimilar, contentTokens, oneLine } from "./text-similarity";

describe("contentTokens", () => {
  it("lowercases, drops stopwords and strips plurals", () => {
    expect([...contentTokens("The Tests for Edge Cases")]).toEqual(["test", "edge", "case"]);
  });

  it("ignores the CRITICAL: marker", () => {
    expect([...contentTokens("CRITICAL: schema drift")]).toEqual(["schema", "drift"]);
  });
});

describe("areSimilar", () => {
  it.each([
    ["Clear API design", "API design is clear and consistent", true],
    ["Add tests for edge cases", "Edge cases need tests", true],
    ["Security", "Security is weak", true],
    ["Good error handling", "Missing tests for error paths", false],
    ["Clear API design", "Slow database queries", false],
    ["the and of", "the and of", false],
  ])("%s ~ %s → %s", (a, b, expected) => {
    expect(areSimilar(a, b)).toBe(expected);
    expect(areSimilar(b, a)).toBe(expected);
  });
});

describe("oneLine", () => {
  it("collapses whitespace and newlines", () => {
    expect(oneLine("  a\n\n## b\t c ")).toBe("a ## b c");
  });
});
