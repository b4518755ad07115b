// What the person's text must respect, shared by the API, the CLI and the browser: an
// answer to an input request, a remark into the room. Zod-free, so the browser's first
// load can hold the limits without the wire's schemas.

/** Longest free-text answer a person may give. */
export const MAX_ANSWER_CHARS = 8000;

/** Longest remark a person may say into the room (lib/wire/room.ts enforces it). */
export const MAX_MESSAGE_CHARS = 2000;

// Choices after which the person must say what to change.
const TEXT_REQUIRED: Record<string, readonly string[]> = { stack_approval: ["C"], constitution_review: ["2"] };

/** True when this choice needs a text (or, with no options at all, any answer is text). */
export function textRequired(req: { kind: string; options: readonly unknown[] }, selection: string | null): boolean {
  return req.options.length === 0 || (selection !== null && (TEXT_REQUIRED[req.kind] ?? []).includes(selection));
}
