/**
 * The rule a caller broke. Carried as a field (not only in the message) so callers and tests
 * can branch on it without parsing text.
 */
export type NextStepsRule =
  | "item-count"
  | "empty-text"
  | "line-break"
  | "non-ascii"
  | "control-char"
  | "whitespace"
  | "tier"
  | "phase-key"
  | "workflow"
  | "party-phase";

/** One error type for the whole module; the message always names the rule it enforces. */
export class NextStepsError extends Error {
  readonly rule: NextStepsRule;

  constructor(rule: NextStepsRule, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "NextStepsError";
    this.rule = rule;
  }
}
