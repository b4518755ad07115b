// What an answer to an input request must carry, shared by the API, the CLI and the browser.

/** Longest free-text answer a person may give. */
export const MAX_ANSWER_CHARS = 8000;

// Choices after which the person must say what to change.
const TEXT_REQUIRED: Record<string, readonly string[]> = { stack_approval: ["C"], constitution_review: ["2"] };

/** True when this choice needs a text (or, with no options at all, any answer is text). */
export function textRequired(req: { kind: string; options: readonly unknown[] }, selection: string | null): boolean {
  return req.options.length === 0 || (selection !== null && (TEXT_REQUIRED[req.kind] ?? []).includes(selection));
}
