import { z } from "zod";
import { buildNextSteps, formatStatus } from "./format-block";
import { NextStepsError } from "./next-steps-error";
import { MODES, phasesOf, type Mode } from "../vocabulary";

/** The standard utility items (the last tier of every block). */
export const UTILITY_DURING_RUN = "Show workflow status";
export const UTILITY_AFTER_COMPLETION = "View project status";
export const START_NEW_FEATURE = "Start a new feature";

/**
 * Tier-2 alternatives after each phase except the last, keyed by phase number: each points at
 * what that phase just produced, so "review" means something concrete.
 */
const PARTY_ALTERNATIVES: Record<number, string[]> = {
  1: ["Review the project brief"],
  2: ["Review the tech stack decision", "Review the security notes"],
  3: ["Review the architecture artifacts", "Review the data model and test strategy"],
  4: ["Review the constitution", "Review the project scaffold"],
};

const CLASSIC_ALTERNATIVES: Record<number, string[]> = {
  1: ["Review the project brief"],
  2: ["Review the research summary"],
  3: ["Review the tech stack decision"],
  4: ["Review the product requirements"],
  5: ["Review the architecture artifacts", "Review the data model"],
  6: ["Review the constitution"],
  7: ["Review the project scaffold", "Review the skill report"],
};

const PHASE_COUNT: Record<Mode, number> = {
  party: phasesOf("party").length,
  classic: phasesOf("classic").length,
};

const phaseEndInputSchema = z
  .object({
    mode: z.enum(MODES, { error: 'must be "party" or "classic"' }),
    phaseNumber: z.number({ error: "must be a number" }).int({ error: "must be an integer" }).min(1, { error: "must be >= 1" }),
    phaseNames: z.array(z.string().min(1, { error: "must not be empty" })),
  })
  .superRefine((input, ctx) => {
    // Alternatives are keyed by phase number, so the names must line up with the mode's phases.
    const expected = PHASE_COUNT[input.mode];
    if (input.phaseNames.length !== expected) {
      ctx.addIssue({
        code: "custom",
        path: ["phaseNames"],
        message: `${input.mode} mode has ${expected} phases, got ${input.phaseNames.length} names`,
      });
    } else if (input.phaseNumber > expected) {
      ctx.addIssue({
        code: "custom",
        path: ["phaseNumber"],
        message: `must be <= ${expected} in ${input.mode} mode, got ${input.phaseNumber}`,
      });
    }
  });

export interface PhaseEndInput {
  mode: Mode;
  /** 1-based number of the phase that just finished. */
  phaseNumber: number;
  /** Display names, index 0 = phase 1. */
  phaseNames: string[];
}

/**
 * The block shown when a phase finishes: [1] "Continue to <next phase>", phase-specific
 * alternatives, utility "Show workflow status" last.
 *
 * After the LAST phase the run is complete, so this returns the completion block (primary
 * "Start a new feature", utility "View project status") rather than inventing a
 * "continue" that has nowhere to go.
 */
export function phaseEndNextSteps(input: PhaseEndInput): string {
  const parsed = phaseEndInputSchema.safeParse(input);
  if (!parsed.success) {
    const details = parsed.error.issues
      .map((issue) => `${issue.path.map(String).join(".") || "(input)"}: ${issue.message}`)
      .join("; ");
    throw new NextStepsError("party-phase", `invalid phase-end input: ${details}`, { cause: parsed.error });
  }
  const { mode, phaseNumber, phaseNames } = parsed.data;
  if (phaseNumber === phaseNames.length) return completionNextSteps();

  const alternatives = (mode === "party" ? PARTY_ALTERNATIVES : CLASSIC_ALTERNATIVES)[phaseNumber];
  return buildNextSteps({
    primary: `Continue to ${phaseNames[phaseNumber]}`,
    alternatives,
    utility: UTILITY_DURING_RUN,
  });
}

/** The last thing shown after the walkthrough / finalize (docs/protocols.md). */
export function completionNextSteps(): string {
  return buildNextSteps({
    primary: START_NEW_FEATURE,
    alternatives: ["Review the artifacts", "Download the bundle"],
    utility: UTILITY_AFTER_COMPLETION,
  });
}

/** A sub-agent's one-line STATUS block; the party orchestrator is the default parent. */
export function subAgentStatus(task: string, parent = "discover-orchestrator"): string {
  return formatStatus(task, parent);
}
