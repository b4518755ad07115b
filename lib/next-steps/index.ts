/**
 * Suggested next steps: build and validate `SUGGESTED NEXT STEPS:` and `STATUS:` blocks,
 * and the blocks Inception Party shows after each phase and at the end.
 * Blocks are returned WITHOUT a trailing newline (see format-block.ts for why).
 */
export { NextStepsError, type NextStepsRule } from "./next-steps-error";
export { validateBlock, type BlockValidation } from "./validate-block";
export { completionNextSteps, phaseEndNextSteps, subAgentStatus, type PhaseEndInput } from "./party-steps";
