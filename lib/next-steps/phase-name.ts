import { z } from "zod";
import { NextStepsError } from "./next-steps-error";

const NUMBER_PART = /^\d+$/;
// Each hyphen-separated word of the name part. ASCII letters/digits only, because the display
// name ends up inside a block that must be ASCII (seed 004 section 1.2).
const NAME_WORD = /^[A-Za-z0-9]+$/;

/** Returns why `phaseKey` is not a valid `NN-kebab-name` key, or null when it is valid. */
export function phaseKeyProblem(phaseKey: unknown): string | null {
  if (typeof phaseKey !== "string") return `phase key must be a string (got ${typeof phaseKey})`;
  const hyphen = phaseKey.indexOf("-");
  if (hyphen === -1) {
    return `phase key ${JSON.stringify(phaseKey)} must contain a hyphen between number and name (e.g. "03-architecture")`;
  }
  const numberPart = phaseKey.slice(0, hyphen);
  const namePart = phaseKey.slice(hyphen + 1);
  if (numberPart === "") return `phase key ${JSON.stringify(phaseKey)} has an empty number part before the first hyphen`;
  if (!NUMBER_PART.test(numberPart)) {
    return `phase key ${JSON.stringify(phaseKey)} number part must be digits only (got ${JSON.stringify(numberPart)})`;
  }
  if (namePart === "") return `phase key ${JSON.stringify(phaseKey)} has an empty name part after the first hyphen`;
  const words = namePart.split("-");
  if (words.some((w) => w === "")) {
    return `phase key ${JSON.stringify(phaseKey)} has an empty word in its name part (leading, trailing or doubled hyphen)`;
  }
  const bad = words.find((w) => !NAME_WORD.test(w));
  if (bad !== undefined) {
    return `phase key ${JSON.stringify(phaseKey)} name words must be ASCII letters/digits only (got ${JSON.stringify(bad)})`;
  }
  return null;
}

/**
 * Seed 004 section 3.1: split on the FIRST hyphen, title-case the rest with hyphens -> spaces,
 * and combine as "Phase {number} - {Name}". "capitalize each word" upper-cases the first
 * letter and keeps the rest as written, so "10-cicd" -> "Phase 10 - Cicd" exactly as 3.2 shows.
 */
export function phaseDisplayName(phaseKey: string): string {
  const problem = phaseKeyProblem(phaseKey);
  if (problem !== null) throw new NextStepsError("phase-key", problem);
  const hyphen = phaseKey.indexOf("-");
  const numberPart = phaseKey.slice(0, hyphen);
  const title = phaseKey
    .slice(hyphen + 1)
    .split("-")
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(" ");
  return `Phase ${numberPart} - ${title}`;
}

/** The two `active_workflow` fields section 3.3 reads (section 5.2: neither is nullable). */
export const activeWorkflowSchema = z
  .object({
    phases: z.array(z.string()).min(1, { error: "must list at least one phase key" }),
    current_phase_index: z
      .number({ error: "must be a number" })
      .int({ error: "must be an integer" })
      .nonnegative({ error: "must be >= 0" }),
  })
  .superRefine((wf, ctx) => {
    wf.phases.forEach((key, i) => {
      const problem = phaseKeyProblem(key);
      if (problem !== null) ctx.addIssue({ code: "custom", path: ["phases", i], message: problem });
    });
    // The index points at the phase that is running now, so it must exist in the array.
    if (wf.current_phase_index >= wf.phases.length) {
      ctx.addIssue({
        code: "custom",
        path: ["current_phase_index"],
        message: `must be less than phases.length (${wf.phases.length}), got ${wf.current_phase_index}`,
      });
    }
  });

export type ActiveWorkflowPosition = z.infer<typeof activeWorkflowSchema>;

/** "active_workflow.phases[2]" -- names the state.json field the way a reader would look for it. */
function fieldPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (acc, part) => (typeof part === "number" ? `${acc}[${part}]` : `${acc}.${String(part)}`),
    "active_workflow",
  );
}

/**
 * Seed 004 section 3.3: the primary ([1]) prompt after the current phase --
 * "Continue to {display name of next phase}" or, after the last phase,
 * "Complete workflow and merge to main".
 */
export function nextPrimaryPrompt(workflow: { phases: string[]; current_phase_index: number }): string {
  const parsed = activeWorkflowSchema.safeParse(workflow);
  if (!parsed.success) {
    const details = parsed.error.issues
      .map((issue) => `${fieldPath(issue.path)}: ${issue.message}`)
      .join("; ");
    throw new NextStepsError("workflow", `invalid active_workflow: ${details}`, { cause: parsed.error });
  }
  const { phases, current_phase_index } = parsed.data;
  const nextIndex = current_phase_index + 1;
  if (nextIndex < phases.length) return `Continue to ${phaseDisplayName(phases[nextIndex])}`;
  return "Complete workflow and merge to main";
}
