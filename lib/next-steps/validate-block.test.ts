import { describe, expect, it } from "vitest";
import { ITEM_PATTERN, PROMPT_BLOCK_PATTERN, STATUS_BLOCK_PATTERN, validateBlock } from "./validate-block";

const lf = (...lines: string[]) => lines.join("\n");
const GOOD = lf("---", "SUGGESTED NEXT STEPS:", "  [1] Continue to Phase 04 - Design", "  [2] Review requirements", "  [3] Show workflow status", "---");

function errorsOf(block: string): string[] {
  const result = validateBlock(block);
  if (result.ok) throw new Error(`expected rejection, got ok for ${JSON.stringify(block)}`);
  return result.errors;
}

describe("the block patterns are verbatim", () => {
  it("keeps the exact source text of the spec", () => {
    expect(PROMPT_BLOCK_PATTERN.source).toBe(String.raw`^---\nSUGGESTED NEXT STEPS:\n(?:  \[\d\] .+\n){2,4}---$`);
    expect(STATUS_BLOCK_PATTERN.source).toBe(String.raw`^---\nSTATUS: .+\n---$`);
    expect(ITEM_PATTERN.source).toBe(String.raw`^\s+\[(\d)\]\s+(.+)$`);
  });

  it("item extraction captures number and text", () => {
    expect(ITEM_PATTERN.exec("  [3] Show workflow status")?.slice(1)).toEqual(["3", "Show workflow status"]);
  });
});

describe("validateBlock: accepted next-steps blocks", () => {
  it("accepts the canonical block and extracts items in order", () => {
    expect(PROMPT_BLOCK_PATTERN.test(GOOD)).toBe(true);
    expect(validateBlock(GOOD)).toEqual({
      ok: true,
      kind: "next-steps",
      items: ["Continue to Phase 04 - Design", "Review requirements", "Show workflow status"],
    });
  });

  it("accepts 2 and 4 items", () => {
    expect(validateBlock(lf("---", "SUGGESTED NEXT STEPS:", "  [1] A", "  [2] B", "---"))).toEqual({
      ok: true,
      kind: "next-steps",
      items: ["A", "B"],
    });
    expect(validateBlock(lf("---", "SUGGESTED NEXT STEPS:", "  [1] A", "  [2] B", "  [3] C", "  [4] D", "---"))).toEqual({
      ok: true,
      kind: "next-steps",
      items: ["A", "B", "C", "D"],
    });
  });
});

// Each malformed block with the reason it must be rejected for.
const MALFORMED: Array<{ name: string; block: string; reason: RegExp }> = [
  { name: "CRLF line endings", block: GOOD.replace(/\n/g, "\r\n"), reason: /LF only: found CR/ },
  {
    name: "blank line inside",
    block: lf("---", "SUGGESTED NEXT STEPS:", "", "  [1] A", "  [2] B", "---"),
    reason: /line 3: blank line inside the block/,
  },
  {
    name: "blank line before closing delimiter",
    block: lf("---", "SUGGESTED NEXT STEPS:", "  [1] A", "  [2] B", "", "---"),
    reason: /line 5: blank line inside the block/,
  },
  { name: "1 item", block: lf("---", "SUGGESTED NEXT STEPS:", "  [1] A", "---"), reason: /item count must be 2-4 \(found 1\)/ },
  {
    name: "5 items",
    block: lf("---", "SUGGESTED NEXT STEPS:", "  [1] A", "  [2] B", "  [3] C", "  [4] D", "  [5] E", "---"),
    reason: /item count must be 2-4 \(found 5\)/,
  },
  {
    name: "numbering gap [1] [3]",
    block: lf("---", "SUGGESTED NEXT STEPS:", "  [1] A", "  [3] B", "---"),
    reason: /line 4: numbering must be sequential from \[1\] with no gaps: expected \[2\], found \[3\]/,
  },
  {
    name: "numbering not from 1",
    block: lf("---", "SUGGESTED NEXT STEPS:", "  [2] A", "  [3] B", "---"),
    reason: /line 3: numbering must be sequential.*expected \[1\], found \[2\]/,
  },
  {
    name: "numbering starting at 0",
    block: lf("---", "SUGGESTED NEXT STEPS:", "  [0] A", "  [1] B", "---"),
    reason: /expected \[1\], found \[0\]/,
  },
  {
    name: "repeated number",
    block: lf("---", "SUGGESTED NEXT STEPS:", "  [1] A", "  [1] B", "---"),
    reason: /line 4: numbering.*expected \[2\], found \[1\]/,
  },
  {
    name: "non-ASCII emoji",
    block: lf("---", "SUGGESTED NEXT STEPS:", "  [1] Ship it \u{1F680}", "  [2] B", "---"),
    reason: /line 3: non-ASCII character U\+1F680 at column 15/,
  },
  {
    name: "non-ASCII box-drawing delimiter",
    block: lf("\u2500\u2500\u2500", "SUGGESTED NEXT STEPS:", "  [1] A", "  [2] B", "---"),
    reason: /line 1: non-ASCII character U\+2500/,
  },
  {
    name: "non-ASCII en dash",
    block: lf("---", "SUGGESTED NEXT STEPS:", "  [1] Continue to Phase 04 \u2013 Design", "  [2] B", "---"),
    reason: /line 3: non-ASCII character U\+2013/,
  },
  {
    name: "missing closing delimiter",
    block: lf("---", "SUGGESTED NEXT STEPS:", "  [1] A", "  [2] B"),
    reason: /missing closing '---' delimiter/,
  },
  {
    name: "missing opening delimiter",
    block: lf("SUGGESTED NEXT STEPS:", "  [1] A", "  [2] B", "---"),
    reason: /line 1: block must open with the '---' delimiter/,
  },
  {
    name: "lowercase header",
    block: lf("---", "suggested next steps:", "  [1] A", "  [2] B", "---"),
    reason: /line 2: header must be exactly 'SUGGESTED NEXT STEPS:'/,
  },
  {
    name: "header without colon",
    block: lf("---", "SUGGESTED NEXT STEPS", "  [1] A", "  [2] B", "---"),
    reason: /line 2: header must be exactly 'SUGGESTED NEXT STEPS:'/,
  },
  {
    name: "one-space item prefix",
    block: lf("---", "SUGGESTED NEXT STEPS:", " [1] A", "  [2] B", "---"),
    reason: /line 3: item prefix must be exactly two spaces before \[N\] \(found 1 space\(s\)\)/,
  },
  {
    name: "no item prefix",
    block: lf("---", "SUGGESTED NEXT STEPS:", "[1] A", "  [2] B", "---"),
    reason: /line 3: item prefix must be exactly two spaces.*found 0 space/,
  },
  {
    name: "tab prefix",
    block: lf("---", "SUGGESTED NEXT STEPS:", "\t[1] A", "  [2] B", "---"),
    reason: /line 3: item prefix must be exactly two spaces before \[N\] \(found "\\t"\)/,
  },
  {
    name: "two spaces after [N]",
    block: lf("---", "SUGGESTED NEXT STEPS:", "  [1]  A", "  [2] B", "---"),
    reason: /line 3: exactly one space must follow \[1\]/,
  },
  {
    name: "item without text",
    block: lf("---", "SUGGESTED NEXT STEPS:", "  [1] ", "  [2] B", "---"),
    reason: /line 3: item \[1\] has no action text/,
  },
  {
    name: "non-item line inside",
    block: lf("---", "SUGGESTED NEXT STEPS:", "  [1] A", "Pick one:", "  [2] B", "---"),
    reason: /line 4: expected an item '  \[N\] text'/,
  },
  {
    name: "trailing whitespace on closing delimiter",
    block: lf("---", "SUGGESTED NEXT STEPS:", "  [1] A", "  [2] B", "--- "),
    reason: /line 5: closing delimiter must be exactly '---' with no leading or trailing whitespace/,
  },
  {
    name: "trailing whitespace on opening delimiter",
    block: lf("--- ", "SUGGESTED NEXT STEPS:", "  [1] A", "  [2] B", "---"),
    reason: /line 1: opening delimiter must be exactly '---' with no leading or trailing whitespace/,
  },
  {
    name: "trailing newline after closing delimiter",
    block: `${lf("---", "SUGGESTED NEXT STEPS:", "  [1] A", "  [2] B", "---")}\n`,
    reason: /block must end at the closing '---' \(no trailing newline\)/,
  },
  {
    name: "text after closing delimiter",
    block: lf("---", "SUGGESTED NEXT STEPS:", "  [1] A", "  [2] B", "---", "Good luck!"),
    reason: /line 6: content after the closing '---' delimiter/,
  },
  {
    name: "unknown header",
    block: lf("---", "NEXT ACTIONS:", "  [1] A", "  [2] B", "---"),
    reason: /line 2: header must be 'SUGGESTED NEXT STEPS:' or 'STATUS: <text>'/,
  },
];

describe("validateBlock: malformed next-steps blocks", () => {
  it.each(MALFORMED)("rejects $name", ({ block, reason }) => {
    const errors = errorsOf(block);
    expect(errors.some((e) => reason.test(e)), `errors were: ${JSON.stringify(errors)}`).toBe(true);
  });

  it("reports a CRLF block with one reason, not one per line", () => {
    expect(errorsOf(GOOD.replace(/\n/g, "\r\n"))).toEqual(["line endings must be LF only: found CR (CRLF or bare CR)"]);
  });

  it("reports a gap once: [1] [3] [4] is one numbering error", () => {
    const errors = errorsOf(lf("---", "SUGGESTED NEXT STEPS:", "  [1] A", "  [3] B", "  [4] C", "---"));
    expect(errors).toEqual([
      "line 4: numbering must be sequential from [1] with no gaps: expected [2], found [3]",
    ]);
  });

  it("collects every broken rule in one pass", () => {
    const errors = errorsOf(lf("---", "suggested next steps:", "\t[1] A \u2014 b", "---"));
    expect(errors).toEqual([
      "line 3: non-ASCII character U+2014 at column 8 (ASCII only)",
      "line 2: header must be exactly 'SUGGESTED NEXT STEPS:' (uppercase, trailing colon, nothing else on the line)",
      'line 3: item prefix must be exactly two spaces before [N] (found "\\t")',
      "item count must be 2-4 (found 1)",
    ]);
  });

  it("rejects blocks the verbatim regex accepts but the format rules forbid", () => {
    // Each of these passes PROMPT_BLOCK_PATTERN; the extra rules catch them.
    const cases = [
      lf("---", "SUGGESTED NEXT STEPS:", "  [1] A", "  [3] B", "---"),
      lf("---", "SUGGESTED NEXT STEPS:", "  [1] Caf\u00e9", "  [2] B", "---"),
      lf("---", "SUGGESTED NEXT STEPS:", "  [1]  A", "  [2] B", "---"),
    ];
    for (const block of cases) {
      expect(PROMPT_BLOCK_PATTERN.test(block)).toBe(true);
      expect(validateBlock(block).ok).toBe(false);
    }
  });

  it("rejects a non-string with a clear error", () => {
    expect(validateBlock(42 as unknown as string)).toEqual({ ok: false, errors: ["block must be a string (got number)"] });
  });
});

describe("validateBlock: status blocks", () => {
  it("accepts a status block and returns its text", () => {
    const block = lf("---", "STATUS: Data model design complete. Returning results to discover-orchestrator.", "---");
    expect(STATUS_BLOCK_PATTERN.test(block)).toBe(true);
    expect(validateBlock(block)).toEqual({
      ok: true,
      kind: "status",
      items: [],
      status: "Data model design complete. Returning results to discover-orchestrator.",
    });
  });

  it.each([
    { name: "CRLF", block: "---\r\nSTATUS: Done.\r\n---", reason: /LF only/ },
    { name: "lowercase header", block: lf("---", "status: Done.", "---"), reason: /status header must be exactly 'STATUS:'/ },
    { name: "no space after colon", block: lf("---", "STATUS:Done.", "---"), reason: /must be followed by one space and the status text/ },
    { name: "empty status text", block: lf("---", "STATUS: ", "---"), reason: /must be followed by one space and the status text/ },
    { name: "missing closing delimiter", block: lf("---", "STATUS: Done."), reason: /missing closing '---' delimiter/ },
    {
      name: "numbered items",
      block: lf("---", "STATUS: Done.", "  [1] Continue", "---"),
      reason: /status block must not contain numbered \[N\] items/,
    },
    {
      name: "two status lines",
      block: lf("---", "STATUS: Done.", "More detail here.", "---"),
      reason: /exactly one STATUS line between the delimiters \(found 1 extra line\(s\)\)/,
    },
    { name: "blank line inside", block: lf("---", "STATUS: Done.", "", "---"), reason: /exactly one STATUS line/ },
    { name: "non-ASCII", block: lf("---", "STATUS: Done \u2714", "---"), reason: /line 2: non-ASCII character U\+2714/ },
    { name: "trailing whitespace on delimiter", block: lf("---", "STATUS: Done.", "---  "), reason: /line 3: closing delimiter must be exactly '---'/ },
    { name: "trailing newline", block: lf("---", "STATUS: Done.", "---", ""), reason: /no trailing newline/ },
  ])("rejects $name", ({ block, reason }) => {
    const errors = errorsOf(block);
    expect(errors.some((e) => reason.test(e)), `errors were: ${JSON.stringify(errors)}`).toBe(true);
  });
});
