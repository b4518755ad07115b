import { DELIMITER } from "./format-block";
import { headerKind, validateBlock, type BlockValidation } from "./validate-block";

export interface ExtractedBlock {
  /** The block text from the opening `---` to the closing `---` (no trailing newline). */
  block: string;
  /** Offsets into the original text: `text.slice(start, end) === block`. */
  start: number;
  end: number;
  /** True when only whitespace follows the block (seed 004 section 1.2 "Placement"). */
  atEnd: boolean;
}

/**
 * Finds the LAST next-steps or status block in longer agent output (section 1.2: the block is
 * the last thing an agent emits; earlier `---` lines are usually markdown rules).
 *
 * Detection is lenient (whitespace around `---`, header case, CR before LF) so that a
 * malformed block is still found and `validateBlock` can say what is wrong with it. A block with
 * no closing delimiter runs to the end of the text.
 */
export function extractLastBlock(text: string): ExtractedBlock | null {
  const lines = text.split("\n");
  const offsets: number[] = [];
  let offset = 0;
  for (const line of lines) {
    offsets.push(offset);
    offset += line.length + 1;
  }

  for (let i = lines.length - 2; i >= 0; i -= 1) {
    if (lines[i].trim() !== DELIMITER || headerKind(lines[i + 1]) === null) continue;
    const start = offsets[i];
    const closing = lines.findIndex((line, j) => j > i + 1 && line.trim() === DELIMITER);
    // A CR before the closing line's LF is line ending, not block content: the block ends at `---`.
    const end =
      closing === -1
        ? Math.max(start, text.trimEnd().length)
        : offsets[closing] + lines[closing].replace(/\r$/, "").length;
    return { block: text.slice(start, end), start, end, atEnd: text.slice(end).trim() === "" };
  }
  return null;
}

/** Extracts the last block from agent output and validates it, including the placement rule. */
export function validateAgentOutput(text: string): BlockValidation {
  const found = extractLastBlock(text);
  if (found === null) {
    return { ok: false, errors: ["no SUGGESTED NEXT STEPS or STATUS block found in agent output"] };
  }
  const result = validateBlock(found.block);
  if (found.atEnd) return result;
  const placement = "placement: the block must be the last content in agent output (found text after it)";
  return { ok: false, errors: result.ok ? [placement] : [...result.errors, placement] };
}
