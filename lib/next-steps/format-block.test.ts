import { describe, expect, it } from "vitest";
import { buildNextSteps, formatNextSteps, formatStatus } from "./format-block";
import { NextStepsError } from "./next-steps-error";
import { PROMPT_BLOCK_PATTERN, STATUS_BLOCK_PATTERN, validateBlock } from "./validate-block";

function thrown(fn: () => unknown): NextStepsError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(NextStepsError);
    return error as NextStepsError;
  }
  throw new Error("expected a NextStepsError, nothing was thrown");
}

describe("formatNextSteps", () => {
  it("builds the canonical block exactly, with no trailing newline", () => {
    expect(formatNextSteps(["Continue to Phase 04 - Design", "Review requirements", "Show workflow status"])).toBe(
      "---\nSUGGESTED NEXT STEPS:\n  [1] Continue to Phase 04 - Design\n  [2] Review requirements\n  [3] Show workflow status\n---",
    );
  });

  it.each([2, 3, 4])("accepts %i items and the result matches the block pattern", (count) => {
    const items = Array.from({ length: count }, (_, i) => `Action number ${i + 1}`);
    const block = formatNextSteps(items);
    expect(PROMPT_BLOCK_PATTERN.test(block)).toBe(true);
    expect(validateBlock(block)).toEqual({ ok: true, kind: "next-steps", items });
    expect(block.split("\n")).toHaveLength(count + 3);
  });

  it.each([
    { name: "0 items", items: [], rule: "item-count", message: /item count must be 2-4.*got 0/ },
    { name: "1 item", items: ["Only one"], rule: "item-count", message: /item count must be 2-4.*got 1/ },
    { name: "5 items", items: ["a", "b", "c", "d", "e"], rule: "item-count", message: /got 5/ },
    { name: "empty item", items: ["Go", ""], rule: "empty-text", message: /item \[2\] must not be empty/ },
    { name: "whitespace-only item", items: ["   ", "Go"], rule: "empty-text", message: /item \[1\] must not be empty/ },
    { name: "LF inside item", items: ["Go\nnow", "Stop"], rule: "line-break", message: /item \[1\].*CR\/LF/ },
    { name: "CR inside item", items: ["Go", "Stop\r"], rule: "line-break", message: /item \[2\].*CR\/LF/ },
    { name: "emoji", items: ["Go \u{1F680}", "Stop"], rule: "non-ascii", message: /ASCII only: found U\+1F680/ },
    { name: "en dash", items: ["Go", "Phase 1 \u2013 Vision"], rule: "non-ascii", message: /U\+2013/ },
    { name: "box drawing", items: ["\u2500\u2500 Go", "Stop"], rule: "non-ascii", message: /U\+2500/ },
    { name: "tab", items: ["Go\tnow", "Stop"], rule: "control-char", message: /control character U\+0009/ },
    { name: "leading space", items: [" Go", "Stop"], rule: "whitespace", message: /leading or trailing whitespace/ },
    { name: "trailing space", items: ["Go", "Stop "], rule: "whitespace", message: /leading or trailing whitespace/ },
  ])("rejects $name", ({ items, rule, message }) => {
    const error = thrown(() => formatNextSteps(items));
    expect(error.rule).toBe(rule);
    expect(error.message).toMatch(message);
  });
});

describe("formatStatus", () => {
  it("builds the sub-agent status block exactly", () => {
    const block = formatStatus("Domain research", "discover-orchestrator");
    expect(block).toBe("---\nSTATUS: Domain research complete. Returning results to discover-orchestrator.\n---");
    expect(STATUS_BLOCK_PATTERN.test(block)).toBe(true);
    expect(validateBlock(block)).toEqual({
      ok: true,
      kind: "status",
      items: [],
      status: "Domain research complete. Returning results to discover-orchestrator.",
    });
  });

  it.each([
    { task: "", parent: "x", rule: "empty-text", message: /status task description must not be empty/ },
    { task: "Research", parent: "", rule: "empty-text", message: /parent orchestrator name must not be empty/ },
    { task: "Two\nlines", parent: "x", rule: "line-break", message: /task description.*CR\/LF/ },
    { task: "Research", parent: "orch\r\n", rule: "line-break", message: /parent.*CR\/LF/ },
    { task: "Caf\u00e9 research", parent: "x", rule: "non-ascii", message: /U\+00E9/ },
  ])("rejects task=$task parent=$parent", ({ task, parent, rule, message }) => {
    const error = thrown(() => formatStatus(task, parent));
    expect(error.rule).toBe(rule);
    expect(error.message).toMatch(message);
  });
});

describe("buildNextSteps", () => {
  it("orders primary, alternatives, utility", () => {
    const block = buildNextSteps({
      primary: "Continue to Phase 05 - Test Strategy",
      alternatives: ["Review the design", "Review the interfaces"],
      utility: "Show workflow status",
    });
    expect(validateBlock(block)).toEqual({
      ok: true,
      kind: "next-steps",
      items: ["Continue to Phase 05 - Test Strategy", "Review the design", "Review the interfaces", "Show workflow status"],
    });
  });

  it("with one alternative puts utility at [3]", () => {
    const block = buildNextSteps({ primary: "Go", alternatives: ["Review"], utility: "Show workflow status" });
    expect(block.split("\n")[4]).toBe("  [3] Show workflow status");
    expect(block.split("\n").at(-2)).toBe("  [3] Show workflow status");
  });

  it.each([
    { alternatives: [], got: /got 0/ },
    { alternatives: ["a", "b", "c"], got: /got 3/ },
  ])("rejects $alternatives.length alternatives", ({ alternatives, got }) => {
    const error = thrown(() => buildNextSteps({ primary: "Go", alternatives, utility: "Status" }));
    expect(error.rule).toBe("tier");
    expect(error.message).toMatch(/alternatives \(tier 2\) must have 1-2 items/);
    expect(error.message).toMatch(got);
  });

  it("names the tier whose text is invalid", () => {
    const error = thrown(() => buildNextSteps({ primary: "Go", alternatives: ["Review"], utility: "" }));
    expect(error.message).toBe("utility action (tier 3) must not be empty");
  });
});
