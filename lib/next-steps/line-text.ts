import { NextStepsError } from "./next-steps-error";

/** `U+2013` style, so an error shows which invisible/lookalike character slipped in. */
export function codePointLabel(char: string): string {
  return `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;
}

/**
 * Checks one piece of text that will become (part of) a single line of a block: an item's
 * action text, a status task, a parent name. The format: ASCII only, LF-only
 * line endings, no blank lines -- so the text must be non-empty printable ASCII with no
 * line breaks. Leading/trailing whitespace is refused too: a leading space would break the
 * "[N] + one space + text" prefix rule, and trailing space is invisible noise.
 */
export function assertLineText(text: unknown, label: string): asserts text is string {
  if (typeof text !== "string") {
    throw new NextStepsError("empty-text", `${label} must be a string (got ${typeof text})`);
  }
  if (text.trim() === "") {
    throw new NextStepsError("empty-text", `${label} must not be empty`);
  }
  if (/[\r\n]/.test(text)) {
    throw new NextStepsError(
      "line-break",
      `${label} must be a single line: CR/LF are not allowed inside it (LF only between lines, no line breaks in text)`,
    );
  }
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code > 0x7f) {
      throw new NextStepsError(
        "non-ascii",
        `${label} must be ASCII only: found ${codePointLabel(char)} ${JSON.stringify(char)}`,
      );
    }
    if (code < 0x20 || code === 0x7f) {
      throw new NextStepsError(
        "control-char",
        `${label} must be printable ASCII: found control character ${codePointLabel(char)}`,
      );
    }
  }
  if (text !== text.trim()) {
    throw new NextStepsError("whitespace", `${label} must not have leading or trailing whitespace`);
  }
}
