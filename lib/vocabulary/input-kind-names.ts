// The kinds of request the orchestrator puts to the person, by name only: the browser
// reads these without loading the details schemas (input-kinds.ts, which needs zod).
export const INPUT_KINDS = ["mode", "phase_failure", "vision_questions", "stack_approval", "constitution_review", "walkthrough"] as const;

export type InputKind = (typeof INPUT_KINDS)[number];

const KINDS: ReadonlySet<string> = new Set(INPUT_KINDS);

export function isInputKind(kind: string): kind is InputKind {
  return KINDS.has(kind);
}
