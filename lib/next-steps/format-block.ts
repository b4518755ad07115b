import { assertLineText } from "./line-text";
import { NextStepsError } from "./next-steps-error";

/** The block's delimiter and headers, exact strings (docs/protocols.md, "The next-steps block"). */
export const DELIMITER = "---";
export const NEXT_STEPS_HEADER = "SUGGESTED NEXT STEPS:";
export const STATUS_HEADER = "STATUS:";
export const MIN_ITEMS = 2;
export const MAX_ITEMS = 4;

/**
 * Builds the canonical SUGGESTED NEXT STEPS block.
 *
 * Output ends at the closing `---` with NO trailing newline. Why: the block patterns end
 * in `---$`, and in JavaScript `$` without the `m` flag matches only at the end of input
 * (unlike PCRE/Python it does not also match before a final "\n"). A block without a trailing
 * newline therefore matches the documented pattern verbatim; whoever prints it adds its own
 * line ending.
 *
 * Throws NextStepsError for fewer than 2 or more than 4 items, and for item text that is
 * empty, non-ASCII, contains CR/LF or control characters, or has surrounding whitespace.
 */
export function formatNextSteps(items: string[]): string {
  if (!Array.isArray(items)) {
    throw new NextStepsError("item-count", "items must be an array of 2-4 strings");
  }
  if (items.length < MIN_ITEMS || items.length > MAX_ITEMS) {
    throw new NextStepsError(
      "item-count",
      `item count must be ${MIN_ITEMS}-${MAX_ITEMS} per block (got ${items.length})`,
    );
  }
  items.forEach((item, i) => assertLineText(item, `item [${i + 1}]`));
  const lines = items.map((item, i) => `  [${i + 1}] ${item}`);
  return [DELIMITER, NEXT_STEPS_HEADER, ...lines, DELIMITER].join("\n");
}

/**
 * Builds the sub-agent status block:
 * `---\nSTATUS: {task} complete. Returning results to {parent}.\n---`, no trailing newline
 * (same reason as formatNextSteps).
 */
export function formatStatus(taskDescription: string, parent: string): string {
  assertLineText(taskDescription, "status task description");
  assertLineText(parent, "status parent orchestrator name");
  const line = `${STATUS_HEADER} ${taskDescription} complete. Returning results to ${parent}.`;
  return [DELIMITER, line, DELIMITER].join("\n");
}

/** The three tiers of a block. */
export interface TieredNextSteps {
  /** Tier 1, always [1]: the happy-path action that advances the workflow. */
  primary: string;
  /** Tier 2, [2] and optionally [3]: 1-2 phase-specific review/diagnostic actions. */
  alternatives: string[];
  /** Tier 3, always last: e.g. "Show workflow status" / "View project status". */
  utility: string;
}

/**
 * Builds a block in tier order: primary first, alternatives, utility last. Taking
 * the tiers as named fields makes it impossible for a caller to put utility anywhere but last.
 */
export function buildNextSteps({ primary, alternatives, utility }: TieredNextSteps): string {
  if (!Array.isArray(alternatives) || alternatives.length < 1 || alternatives.length > 2) {
    throw new NextStepsError(
      "tier",
      `alternatives (tier 2) must have 1-2 items (got ${Array.isArray(alternatives) ? alternatives.length : typeof alternatives})`,
    );
  }
  assertLineText(primary, "primary action (tier 1)");
  alternatives.forEach((alt, i) => assertLineText(alt, `alternative action ${i + 1} (tier 2)`));
  assertLineText(utility, "utility action (tier 3)");
  return formatNextSteps([primary, ...alternatives, utility]);
}
