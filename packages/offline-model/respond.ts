// One agent turn's content, computed once from (seed, prompt): the structured output
// for the task's finalization tool and the message text, written from it in the format
// the task's instruction asks for (message-text.ts). Discuss and Serialize of one turn
// call this with the same context, so the streamed text and the tool input always agree.
import { z } from "zod";
import { TASKS, type TaskKey } from "@inception-party/protocol";
import type { ProjectContext } from "./context";
import { injectHostile } from "./hostile";
import { messageText } from "./message-text";
import { fitToSchema } from "./json-schema";
import { writeArtifact } from "./writers/write-artifact";
import { writeArtifactRevision } from "./writers/write-artifact-revision";
import { writeArtifactSummary } from "./writers/write-artifact-summary";
import { writeBrief } from "./writers/write-brief";
import { writeConstitution } from "./writers/write-constitution";
import { writeConstitutionRevision } from "./writers/write-constitution-revision";
import { writeCritique } from "./writers/write-critique";
import { writeFinalPosition } from "./writers/write-final-position";
import { writeFinalize } from "./writers/write-finalize";
import { writeInterpretation } from "./writers/write-interpretation";
import { writeQuestions } from "./writers/write-questions";
import { writeResearch } from "./writers/write-research";
import { writeRoomReply } from "./writers/write-room-reply";
import { writeReview } from "./writers/write-review";
import { writeSkills } from "./writers/write-skills";
import { writeOpsCritique, writePosition, writeProposal, writeRevisedProposal, writeSecurityCritique } from "./writers/write-stack";
import { writeUserChanges } from "./writers/write-user-changes";

type Writer = (ctx: ProjectContext) => unknown;

const WRITERS: Record<TaskKey, Writer> = {
  "vision.questions": writeQuestions,
  "vision.interpretation": writeInterpretation,
  "vision.final_position": writeFinalPosition,
  "stack.proposal": writeProposal,
  "stack.security_critique": writeSecurityCritique,
  "stack.ops_critique": writeOpsCritique,
  "stack.revised_proposal": writeRevisedProposal,
  "stack.position": writePosition,
  "stack.user_changes": writeUserChanges,
  "blueprint.produce": writeArtifact,
  "blueprint.summary": writeArtifactSummary,
  "blueprint.review": writeReview,
  "blueprint.finalize": writeFinalize,
  "classic.vision_questions": writeQuestions,
  "classic.brief": writeBrief,
  "classic.research": writeResearch,
  "classic.stack": writeProposal,
  "classic.artifact": writeArtifact,
  "constitution.draft": writeConstitution,
  "constitution.revise": writeConstitutionRevision,
  "skills.report": writeSkills,
  "critique.perspective": writeCritique,
  "room.reply": writeRoomReply,
  "artifact.revise": writeArtifactRevision,
};

export interface Turn {
  output: unknown;
  /** The message as the instruction asks for it (a superset of what `render(output)` keeps). */
  text: string;
}

export class OfflineWriterError extends Error {}

export function computeTurn(ctx: ProjectContext, task: TaskKey, hostile: boolean): Turn {
  const def = TASKS[task];
  const schema = def.schema as z.ZodType;
  // Every text and list is fitted to the schema's limits here, once: writers do not trim their own.
  const json = z.toJSONSchema(schema, { io: "input" }) as never;
  const fit = (v: unknown) => fitToSchema(v, json);
  const written = WRITERS[task](ctx);
  // Another domain's people and things never reach the person unless they named them; grounding goes first, so a list it shortens is filled from the writer's spare items before it is cut.
  const grounded = fit(ctx.grounding.output(written));
  let output = schema.safeParse(grounded).success ? grounded : fit(written);
  const check = schema.safeParse(output);
  if (!check.success) throw new OfflineWriterError(`offline writer for ${task} produced invalid output: ${check.error.message}`);
  if (hostile) output = injectHostile(output, schema);
  return { output, text: messageText(task, output) };
}

/** Tool input that violates the schema: a required field missing and an unknown one added. */
export function corruptOutput(output: unknown): unknown {
  if (!output || typeof output !== "object" || Array.isArray(output)) return { unexpected_field: true };
  const [first, ...rest] = Object.entries(output);
  const copy: Record<string, unknown> = Object.fromEntries(rest);
  if (!first) copy.missing = true;
  copy.unexpected_field = "this field is not in the schema";
  return copy;
}
