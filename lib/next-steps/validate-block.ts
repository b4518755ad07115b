import { DELIMITER, MAX_ITEMS, MIN_ITEMS, NEXT_STEPS_HEADER, STATUS_HEADER } from "./format-block";
import { codePointLabel } from "./line-text";

// The block patterns (docs/protocols.md, "The next-steps block"), verbatim. No `m` flag: `^`/`$` must anchor the whole block, so a
// block with a trailing newline or surrounding text does not match.
export const PROMPT_BLOCK_PATTERN = /^---\nSUGGESTED NEXT STEPS:\n(?:  \[\d\] .+\n){2,4}---$/;
export const STATUS_BLOCK_PATTERN = /^---\nSTATUS: .+\n---$/;
export const ITEM_PATTERN = /^\s+\[(\d)\]\s+(.+)$/;

export type BlockKind = "next-steps" | "status";

export type BlockValidation =
  | { ok: true; kind: "next-steps"; items: string[] }
  /** `items` is always empty for a status block (no [N] items); `status` is the text after "STATUS: ". */
  | { ok: true; kind: "status"; items: string[]; status: string }
  | { ok: false; errors: string[] };

/**
 * Validates one block (the whole string must be the block, ending at the closing `---`).
 *
 * The block regexes are the final gate, but they cannot say WHY a block fails and they
 * miss some format rules, so a line-by-line pass runs first and names every broken rule:
 * LF only, ASCII only, sequential numbering from 1, exactly one space after [N], no blank lines,
 * 2-4 items, exact delimiters and header.
 */
export function validateBlock(block: string): BlockValidation {
  if (typeof block !== "string") return { ok: false, errors: [`block must be a string (got ${typeof block})`] };

  const errors: string[] = [];
  if (block.includes("\r")) errors.push("line endings must be LF only: found CR (CRLF or bare CR)");
  // Analyse with CRs removed so a CRLF block reports one reason, not one per line.
  const lines = block.replace(/\r\n?/g, "\n").split("\n");
  errors.push(...asciiErrors(lines));

  const structure = checkStructure(lines);
  errors.push(...structure.errors);
  if (structure.kind === null) return { ok: false, errors };

  const pattern = structure.kind === "status" ? STATUS_BLOCK_PATTERN : PROMPT_BLOCK_PATTERN;
  if (!pattern.test(block) && errors.length === 0) {
    // Safety net: every mismatch should already have a named reason above.
    errors.push(`block does not match the ${structure.kind} block pattern`);
  }
  if (errors.length > 0) return { ok: false, errors };

  if (structure.kind === "status") {
    return { ok: true, kind: "status", items: [], status: lines[1].slice(`${STATUS_HEADER} `.length) };
  }
  const items = lines.slice(2, -1).map((line) => ITEM_PATTERN.exec(line)![2]);
  return { ok: true, kind: "next-steps", items };
}

function asciiErrors(lines: string[]): string[] {
  const errors: string[] = [];
  lines.forEach((line, i) => {
    let column = 0;
    for (const char of line) {
      column += 1;
      if (char.codePointAt(0)! > 0x7f) {
        // One per line is enough to locate it; listing every emoji adds noise, not information.
        errors.push(`line ${i + 1}: non-ASCII character ${codePointLabel(char)} at column ${column} (ASCII only)`);
        break;
      }
    }
  });
  return errors;
}

const STATUS_HEADER_LIKE = /^\s*STATUS\s*:/i;
const NEXT_STEPS_HEADER_LIKE = /^\s*SUGGESTED\s+NEXT\s+STEPS\b/i;

/** Header detection is case/space-lenient on purpose: a lowercase header is a next-steps block with a wrong header, not "unknown". */
export function headerKind(line: string): BlockKind | null {
  if (STATUS_HEADER_LIKE.test(line)) return "status";
  if (NEXT_STEPS_HEADER_LIKE.test(line)) return "next-steps";
  return null;
}

function checkStructure(lines: string[]): { kind: BlockKind | null; errors: string[] } {
  const errors: string[] = [];

  let headerIndex = 1;
  if (lines[0] !== DELIMITER) {
    if (lines[0].trim() === DELIMITER) {
      errors.push(`line 1: opening delimiter must be exactly '${DELIMITER}' with no leading or trailing whitespace`);
    } else {
      errors.push(`line 1: block must open with the '${DELIMITER}' delimiter on its own line`);
      if (headerKind(lines[0]) !== null) headerIndex = 0;
    }
  }

  const header = lines[headerIndex] ?? "";
  const kind = headerKind(header);
  if (kind === null) {
    errors.push(`line ${headerIndex + 1}: header must be '${NEXT_STEPS_HEADER}' or '${STATUS_HEADER} <text>'`);
    return { kind, errors };
  }

  let closingIndex = lines.findIndex((line, i) => i > headerIndex && line.trim() === DELIMITER);
  if (closingIndex === -1) {
    errors.push(`missing closing '${DELIMITER}' delimiter after the last line`);
    closingIndex = lines.length;
  } else {
    if (lines[closingIndex] !== DELIMITER) {
      errors.push(
        `line ${closingIndex + 1}: closing delimiter must be exactly '${DELIMITER}' with no leading or trailing whitespace`,
      );
    }
    const after = lines.slice(closingIndex + 1);
    if (after.length > 0) {
      errors.push(
        after.every((line) => line === "")
          ? `block must end at the closing '${DELIMITER}' (no trailing newline)`
          : `line ${closingIndex + 2}: content after the closing '${DELIMITER}' delimiter`,
      );
    }
  }

  const body = lines.slice(headerIndex + 1, closingIndex);
  const bodyLineNumber = (i: number) => headerIndex + 2 + i;
  if (kind === "status") errors.push(...checkStatus(header, headerIndex + 1, body));
  else errors.push(...checkNextSteps(header, headerIndex + 1, body, bodyLineNumber));
  return { kind, errors };
}

function checkStatus(header: string, lineNumber: number, body: string[]): string[] {
  const errors: string[] = [];
  if (!header.startsWith(STATUS_HEADER)) {
    errors.push(`line ${lineNumber}: status header must be exactly '${STATUS_HEADER}' (uppercase, trailing colon, at line start)`);
  } else if (header[STATUS_HEADER.length] !== " " || header.slice(STATUS_HEADER.length + 1).trim() === "") {
    errors.push(`line ${lineNumber}: '${STATUS_HEADER}' must be followed by one space and the status text`);
  }
  if (body.some((line) => /\[\d+\]/.test(line))) {
    errors.push("status block must not contain numbered [N] items");
  }
  if (body.length > 0) {
    errors.push(`status block must have exactly one STATUS line between the delimiters (found ${body.length} extra line(s))`);
  }
  return errors;
}

function checkNextSteps(
  header: string,
  lineNumber: number,
  body: string[],
  bodyLineNumber: (i: number) => number,
): string[] {
  const errors: string[] = [];
  if (header !== NEXT_STEPS_HEADER) {
    errors.push(`line ${lineNumber}: header must be exactly '${NEXT_STEPS_HEADER}' (uppercase, trailing colon, nothing else on the line)`);
  }

  let itemCount = 0;
  const numbers: Array<{ n: number; line: number }> = [];
  body.forEach((line, i) => {
    const at = bodyLineNumber(i);
    if (line.trim() === "") {
      errors.push(`line ${at}: blank line inside the block (no blank lines allowed)`);
      return;
    }
    itemCount += 1;
    const parsed = parseItemLine(line, at);
    if (typeof parsed === "string") errors.push(parsed);
    else numbers.push({ n: parsed, line: at });
  });

  if (itemCount < MIN_ITEMS || itemCount > MAX_ITEMS) {
    errors.push(`item count must be ${MIN_ITEMS}-${MAX_ITEMS} (found ${itemCount})`);
  }
  // Report only the first numbering break: [1] [3] [4] is one gap, not two errors.
  const wrong = numbers.findIndex(({ n }, k) => n !== k + 1);
  if (wrong !== -1) {
    const { n, line } = numbers[wrong];
    errors.push(
      `line ${line}: numbering must be sequential from [1] with no gaps: expected [${wrong + 1}], found [${n}]`,
    );
  }
  return errors;
}

/** Returns the item number, or an error naming the prefix rule broken (the item prefix rule). */
function parseItemLine(line: string, at: number): number | string {
  const m = /^(\s*)\[(\d+)\]( *)(.*)$/.exec(line);
  if (m === null) return `line ${at}: expected an item '  [N] text' (two spaces, [N], one space, text)`;
  const [, indent, digits, gap, text] = m;
  if (indent !== "  ") {
    const found = /^ *$/.test(indent) ? `${indent.length} space(s)` : JSON.stringify(indent);
    return `line ${at}: item prefix must be exactly two spaces before [N] (found ${found})`;
  }
  if (digits.length !== 1) return `line ${at}: item number must be a single digit (found [${digits}])`;
  if (gap !== " ") return `line ${at}: exactly one space must follow [${digits}] before the action text`;
  if (text === "") return `line ${at}: item [${digits}] has no action text`;
  return Number(digits);
}
