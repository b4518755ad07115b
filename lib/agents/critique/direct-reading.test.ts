import { describe, expect, it } from "vitest";
import { readArtifactDirectly } from "./direct-reading";
import { PerspectiveResultSchema } from "./perspective";

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(" ");

describe("readArtifactDirectly", () => {
  it("flags an empty artifact as a critical issue rated 1", () => {
    expect(readArtifactDirectly(" \n ")).toEqual({
      strengths: [],
      weaknesses: ["CRITICAL: The artifact is empty"],
      suggestions: ["Write the artifact before asking for critique"],
      rating: 1,
    });
  });

  it("rates a complete, structured document 4 (form only, never 5)", () => {
    const doc = `# Brief\n\n${words(200)}\n\n## Goals\n\n${words(150)}\n`;
    expect(readArtifactDirectly(doc)).toEqual({
      strengths: ["Substantial content (352 words)", "Structured into 2 sections", "No unresolved TODO/TBD/FIXME markers"],
      weaknesses: [],
      suggestions: [],
      rating: 4,
    });
  });

  it("reports missing headings, shortness and markers", () => {
    const result = readArtifactDirectly("Some notes. TODO: finish. Owner TBD.");
    expect(result.weaknesses).toEqual([
      "Very short (6 words)",
      "No headings: the artifact has no visible structure",
      "2 unresolved TODO/TBD/FIXME markers",
    ]);
    expect(result.suggestions).toHaveLength(3);
    expect(result.rating).toBe(1);
  });

  it("finds empty sections, but not parents whose subsections have content", () => {
    const doc = [
      "# Plan",
      "## Scope",
      "### In scope",
      words(60),
      "## Risks",
      "## Timeline",
      "```sh",
      "# not a heading",
      "```",
    ].join("\n");
    const result = readArtifactDirectly(doc);
    expect(result.weaknesses).toEqual(["Empty section: Risks"]);
    expect(result.strengths).toContain("Structured into 5 sections");
    expect(result.rating).toBe(3);
  });

  it("notes a missing title and caps the empty-section list", () => {
    const doc = `## A\n## B\n## C\n## D\n## E\n${words(60)}`;
    const result = readArtifactDirectly(doc);
    expect(result.weaknesses).toEqual([
      "Missing a top-level title heading",
      "Empty section: A",
      "Empty section: B",
      "Empty section: C",
      "1 more empty sections",
    ]);
    expect(result.rating).toBe(2);
  });

  it("always returns a valid PerspectiveResult", () => {
    for (const text of ["", "x", "# T\nTODO", words(400)]) {
      expect(PerspectiveResultSchema.safeParse(readArtifactDirectly(text)).success).toBe(true);
    }
  });
});
