import { describe, expect, it } from "vitest";
import { extractLastBlock, validateAgentOutput } from "./extract-block";
import { formatNextSteps, formatStatus } from "./format-block";

const BLOCK = formatNextSteps(["Continue to Phase 03 - Architecture", "Review requirements", "Show workflow status"]);

describe("extractLastBlock", () => {
  it("finds the block at the end of agent output, past markdown rules", () => {
    const text = `# Requirements\n\nDone.\n\n---\n\n## Summary\n\n- item\n\n${BLOCK}\n`;
    const found = extractLastBlock(text);
    expect(found).toEqual({ block: BLOCK, start: text.indexOf(BLOCK), end: text.indexOf(BLOCK) + BLOCK.length, atEnd: true });
    expect(text.slice(found!.start, found!.end)).toBe(BLOCK);
  });

  it("returns the last of several blocks", () => {
    const status = formatStatus("Research", "discover-orchestrator");
    const text = `${BLOCK}\n\nlater output\n${status}`;
    expect(extractLastBlock(text)?.block).toBe(status);
  });

  it("returns null when there is no block", () => {
    expect(extractLastBlock("Just prose.\n---\nMore prose.\n---")).toBeNull();
    expect(extractLastBlock("")).toBeNull();
  });

  it("reports a block that is followed by more content as not at the end", () => {
    const found = extractLastBlock(`${BLOCK}\nThanks for reading!`);
    expect(found?.block).toBe(BLOCK);
    expect(found?.atEnd).toBe(false);
  });

  it("still finds malformed blocks so validation can explain them", () => {
    expect(extractLastBlock("intro\n---\nsuggested next steps:\n  [1] A\n  [2] B\n---")?.block).toBe(
      "---\nsuggested next steps:\n  [1] A\n  [2] B\n---",
    );
    expect(extractLastBlock("intro\r\n---\r\nSTATUS: Done.\r\n---\r\n")?.block).toBe("---\r\nSTATUS: Done.\r\n---");
    expect(extractLastBlock("intro\n---\nSUGGESTED NEXT STEPS:\n  [1] A\n  [2] B\n\n")?.block).toBe(
      "---\nSUGGESTED NEXT STEPS:\n  [1] A\n  [2] B",
    );
  });
});

describe("validateAgentOutput", () => {
  it("accepts output ending with a valid block", () => {
    expect(validateAgentOutput(`Phase complete.\n\n${BLOCK}\n`)).toEqual({
      ok: true,
      kind: "next-steps",
      items: ["Continue to Phase 03 - Architecture", "Review requirements", "Show workflow status"],
    });
  });

  it("rejects a block that is not the last content (placement rule)", () => {
    expect(validateAgentOutput(`${BLOCK}\nOne more thing.`)).toEqual({
      ok: false,
      errors: ["placement: the block must be the last content in agent output (found text after it)"],
    });
  });

  it("rejects output without a block", () => {
    expect(validateAgentOutput("All done.")).toEqual({
      ok: false,
      errors: ["no SUGGESTED NEXT STEPS or STATUS block found in agent output"],
    });
  });

  it("passes through the block's own errors", () => {
    const result = validateAgentOutput("Done.\r\n---\r\nSTATUS: Done.\r\n---\r\n");
    expect(result).toEqual({ ok: false, errors: ["line endings must be LF only: found CR (CRLF or bare CR)"] });
  });
});
