/**
 * Suggested next steps (seed 004): build, validate and extract `SUGGESTED NEXT STEPS:` and
 * `STATUS:` blocks, resolve phase display names, and the blocks Inception Party shows.
 * Blocks are returned WITHOUT a trailing newline (see format-block.ts for why).
 */
export { NextStepsError, type NextStepsRule } from "./next-steps-error";
export {
  buildNextSteps,
  formatNextSteps,
  formatStatus,
  DELIMITER,
  MAX_ITEMS,
  MIN_ITEMS,
  NEXT_STEPS_HEADER,
  STATUS_HEADER,
  type TieredNextSteps,
} from "./format-block";
export { activeWorkflowSchema, nextPrimaryPrompt, phaseDisplayName, phaseKeyProblem } from "./phase-name";
export {
  ITEM_PATTERN,
  PROMPT_BLOCK_PATTERN,
  STATUS_BLOCK_PATTERN,
  validateBlock,
  type BlockKind,
  type BlockValidation,
} from "./validate-block";
export { extractLastBlock, validateAgentOutput, type ExtractedBlock } from "./extract-block";
export {
  CLASSIC_PHASE_NAMES,
  PARTY_PHASE_NAMES,
  START_NEW_FEATURE,
  UTILITY_AFTER_COMPLETION,
  UTILITY_DURING_RUN,
  completionNextSteps,
  phaseEndNextSteps,
  subAgentStatus,
  type PartyMode,
  type PhaseEndInput,
} from "./party-steps";
