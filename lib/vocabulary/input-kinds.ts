// What the orchestrator asks the person, by kind, and the typed details each kind carries
// for the UI (grouped questions, the stack card, constitution articles, walkthrough steps).
// The stack and the articles reuse the agents' output schemas: the request shows exactly
// what an agent produced.
import { z } from "zod";
import { constitutionOutput, proposalOutput } from "../protocol/outputs";
import type { InputKind } from "./input-kind-names";

export const questionGroupSchema = z.object({
  agent: z.string(),
  name: z.string(),
  title: z.string(),
  questions: z.array(z.object({ n: z.number(), text: z.string() })),
});

/** The team's open questions shown at a gate, one field each (an answer is a remark naming the question). */
export const followUpSchema = z.object({ id: z.string(), agent: z.string(), name: z.string(), text: z.string() });
const followUps = z.array(followUpSchema).optional();

export const inputDetailsSchemas = {
  /** The mode menu (no flag chose one). */
  mode: z.undefined(),
  /** Every agent of a phase failed: retry, fall back or cancel. Classic mode names the phase and its agent. */
  phase_failure: z.object({ phase: z.number(), name: z.string(), agent: z.string().nullable() }).optional(),
  /** Vision questions, grouped by the agent that asked them. */
  vision_questions: z.object({ groups: z.array(questionGroupSchema) }),
  /** The recommended stack, the team's consensus line and its notes. */
  stack_approval: z.object({ stack: proposalOutput, consensus: z.string().nullable(), notes: z.array(z.string()), followUps }),
  /** Every article of the constitution draft, the general ones first. */
  constitution_review: z.object({ articles: constitutionOutput.shape.articles, followUps }),
  /** One walkthrough step: which one, and what it shows. */
  walkthrough: z
    // Two "permissions" shapes (the list, then one command at a time): a plain union.
    .union([
      z.object({ step: z.literal("architecture"), concerns: z.array(z.string()).optional() }),
      z.object({ step: z.literal("permissions"), allow: z.array(z.string()), review: z.array(z.string()) }),
      z.object({ step: z.literal("permissions"), command: z.string(), index: z.number(), of: z.number() }),
      z.object({ step: z.literal("coverage"), criticalPaths: z.array(z.string()).optional() }),
      z.object({ step: z.literal("iteration"), defaults: z.object({ implementation: z.number(), testing: z.number(), circuit_breaker: z.number() }) }),
      z.object({ step: z.literal("next") }),
    ])
    .optional(),
} as const;

// One schema per kind of input-kind-names.ts, no more and no fewer (checked at compile time).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _oneSchemaPerKind: Same<keyof typeof inputDetailsSchemas, InputKind> = true;
void _oneSchemaPerKind;
export type InputDetails<K extends InputKind = InputKind> = z.infer<(typeof inputDetailsSchemas)[K]>;

/** A request's kind with its details: narrowing on `kind` types `details`. */
export type InputKindDetails = { [K in InputKind]: { kind: K; details?: InputDetails<K> } }[InputKind];

export type QuestionGroup = z.infer<typeof questionGroupSchema>;
export type FollowUpQuestion = z.infer<typeof followUpSchema>;
export type StackApprovalDetails = InputDetails<"stack_approval">;
export type ConstitutionArticle = InputDetails<"constitution_review">["articles"][number];

/** The details of a request of `kind`, or null when they do not have the documented shape. */
export function parseInputDetails<K extends InputKind>(kind: K, details: unknown): InputDetails<K> | null {
  const r = inputDetailsSchemas[kind].safeParse(details);
  return r.success ? (r.data as InputDetails<K>) : null;
}
