import { describe, expect, it } from "vitest";
import { CritiqueError } from "./critique-error";
import { discussionRecordPath, formatAverage, renderDiscussionRecord, type DiscussionRecordInput } from "./discussion-record";

const base: DiscussionRecordInput = {
  roundId: "arch-review-1",
  artifactPath: "architecture/overview.md",
  perspectives: ["Feasibility", "Clarity", "Accuracy"],
  verdict: "consensus_blocked",
  averageRating: 11 / 3,
  convergentThemes: [{ kind: "strength", text: "Clear API design", perspectives: ["Feasibility", "Clarity"] }],
  divergentViews: [
    {
      kind: "rating",
      topic: "Low rating",
      severity: "HIGH",
      description: "Clarity rated 2/5; the others averaged 4.5/5",
      perspectives: ["Clarity"],
    },
  ],
  actionItems: [
    { text: "Document error codes", perspectives: ["Feasibility", "Clarity"], fromCriticalIssue: false },
    { text: "Add a retry policy", perspectives: ["Accuracy"], fromCriticalIssue: false },
  ],
  ratings: [
    { name: "Feasibility", rating: 4, usedFallback: false, source: "perspective" },
    { name: "Clarity", rating: 2, usedFallback: false, source: "perspective" },
    { name: "Accuracy", rating: 5, usedFallback: true, source: "fallback" },
  ],
};

describe("renderDiscussionRecord", () => {
  it("renders the critique spec's Discussion Record Format exactly", () => {
    expect(renderDiscussionRecord(base)).toBe(
      [
        "# Discussion Record: arch-review-1",
        "",
        "**Artifact**: architecture/overview.md",
        "**Perspectives**: Feasibility, Clarity, Accuracy",
        "**Consensus**: blocked",
        "**Average Rating**: 3.7/5",
        "",
        "## Convergent Themes",
        "- Strength: Clear API design (Feasibility, Clarity)",
        "",
        "## Divergent Views",
        "- **Low rating** (HIGH): Clarity rated 2/5; the others averaged 4.5/5",
        "",
        "## Action Items",
        "1. Document error codes (Feasibility, Clarity)",
        "2. Add a retry policy (Accuracy)",
        "",
        "## Ratings",
        "| Perspective | Rating |",
        "|-------------|--------|",
        "| Feasibility | 4/5 |",
        "| Clarity | 2/5 |",
        "| Accuracy (fallback) | 5/5 |",
        "",
      ].join("\n"),
    );
  });

  it("shows `- None` for empty sections and `reached` for consensus_reached", () => {
    const record = renderDiscussionRecord({
      ...base,
      verdict: "consensus_reached",
      averageRating: 4,
      convergentThemes: [],
      divergentViews: [],
      actionItems: [],
    });
    expect(record).toContain("**Consensus**: reached\n**Average Rating**: 4.0/5\n");
    expect(record).toContain("## Convergent Themes\n- None\n\n## Divergent Views\n- None\n\n## Action Items\n- None\n");
  });

  it("keeps untrusted text on one line and escapes table pipes", () => {
    const record = renderDiscussionRecord({
      ...base,
      actionItems: [{ text: "Fix it\n\n## Injected heading", perspectives: ["A"], fromCriticalIssue: false }],
      ratings: [{ name: "A|B", rating: 3, usedFallback: false, source: "perspective" }],
    });
    expect(record).toContain("1. Fix it ## Injected heading (A)\n");
    expect(record).not.toMatch(/^## Injected/m);
    expect(record).toContain("| A\\|B | 3/5 |");
  });
});

describe("formatAverage", () => {
  it.each([
    [3, "3.0"],
    [11 / 3, "3.7"],
    [13 / 4, "3.3"],
    [7 / 6, "1.2"],
  ])("%s → %s", (average, expected) => {
    expect(formatAverage(average)).toBe(expected);
  });
});

describe("discussionRecordPath", () => {
  it("is discussions/<round-id>-discussion.md", () => {
    expect(discussionRecordPath("arch-review-1")).toBe("discussions/arch-review-1-discussion.md");
  });

  it.each(["", "-lead", "Upper", "a/b", "../x", "a".repeat(64)])("rejects round id %j naming the field", (roundId) => {
    const error = (() => {
      try {
        discussionRecordPath(roundId);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(CritiqueError);
    expect(error).toMatchObject({ code: "invalid_input", fields: ["roundId"] });
    expect((error as Error).message).toMatch(/^Invalid round id: roundId: must match/);
  });

  it("accepts a 63-character id", () => {
    expect(discussionRecordPath("a".repeat(63))).toBe(`discussions/${"a".repeat(63)}-discussion.md`);
  });
});
