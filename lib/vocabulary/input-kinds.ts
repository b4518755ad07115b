// What the orchestrator asks the person, by kind, and the typed details each kind carries
// for the UI (grouped questions, the stack card, constitution articles, the walkthrough's
// review). The stack and the articles reuse the agents' output schemas: the request shows
// exactly what an agent produced.
import { z } from "zod";
import { constitutionOutput, proposalOutput } from "@inception-party/protocol";
import { isInputKind, type InputKind } from "./input-kind-names";
import { recommendedChoices, WALKTHROUGH_KEYS, WALKTHROUGH_NOTE_MAX, type IterationConfig, type PermissionDecision, type WalkthroughChoices } from "./walkthrough-review";

export const questionGroupSchema = z.object({
  agent: z.string(),
  name: z.string(),
  title: z.string(),
  questions: z.array(z.object({ n: z.number(), text: z.string() })),
});

/** The team's open questions shown at a gate, one field each (an answer is a remark naming the question). */
export const followUpSchema = z.object({ id: z.string(), agent: z.string(), name: z.string(), text: z.string() });
const followUps = z.array(followUpSchema).optional();

const iterationConfigSchema = z.object({ implementation: z.number(), testing: z.number(), circuit_breaker: z.number() });

/** What every step of the walkthrough's review shows: its options, the recommended one, what it means. */
const reviewStepBase = {
  /** "Step 2 — Architecture & stack review". */
  title: z.string(),
  /** One line for a product owner: what this step decides. */
  meaning: z.string(),
  /** What the step shows, as plain lines (its lists are fields of their own). */
  body: z.string(),
  options: z.array(z.object({ key: z.string(), label: z.string() })).min(1),
  /** The key of the option pre-selected (what Confirm alone means). */
  recommended: z.string(),
  /** The step's optional note — its field label and what it does — or null when it takes none. */
  note: z.object({ label: z.string(), effect: z.string() }).nullable(),
};

/** One step of the review, with what its choices need. */
export const walkthroughReviewStepSchema = z.discriminatedUnion("step", [
  z.object({ step: z.literal("architecture"), ...reviewStepBase, concerns: z.array(z.string()) }),
  z.object({ step: z.literal("permissions"), ...reviewStepBase, commands: z.array(z.object({ command: z.string(), recommended: z.enum(["allow", "ask"]) })) }),
  z.object({ step: z.literal("coverage"), ...reviewStepBase, criticalPaths: z.array(z.string()), planTests: z.object({ label: z.string(), recommended: z.boolean() }) }),
  z.object({ step: z.literal("iteration"), ...reviewStepBase, defaults: iterationConfigSchema, limits: iterationConfigSchema }),
  z.object({ step: z.literal("next"), ...reviewStepBase }),
]);
export type WalkthroughReviewStep = z.infer<typeof walkthroughReviewStepSchema>;

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
  /**
   * The walkthrough's review: every step on one screen (`review`). The per-step shapes
   * after it are the requests of logs written before the review existed, one per step;
   * they stay readable so those parties replay and display.
   */
  walkthrough: z
    // Two "permissions" shapes (the list, then one command at a time): a plain union.
    .union([
      z
        .object({ step: z.literal("review"), steps: z.array(walkthroughReviewStepSchema).min(1) })
        // A step whose recommendation is not one of its options has nothing to pre-select.
        .refine((d) => d.steps.every((s) => s.options.some((o) => o.key === s.recommended)), { message: "each step's recommended key must be one of its options" }),
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
export type WalkthroughReviewDetails = Extract<InputDetails<"walkthrough">, { step: "review" }>;
export type FollowUpQuestion = z.infer<typeof followUpSchema>;
export type StackApprovalDetails = InputDetails<"stack_approval">;
export type ConstitutionArticle = InputDetails<"constitution_review">["articles"][number];

/** The details of a request of `kind`, or null when they do not have the documented shape. */
export function parseInputDetails<K extends InputKind>(kind: K, details: unknown): InputDetails<K> | null {
  const r = inputDetailsSchemas[kind].safeParse(details);
  return r.success ? (r.data as InputDetails<K>) : null;
}

/**
 * The details of a request of any kind, as a reader outside the engine takes them (the
 * browser's stream and snapshot, the CLI): the documented shape of `kind`, or undefined
 * for an unknown kind or a surprising payload, which then shows as the body text.
 */
export function readInputDetails(kind: string, details: unknown): InputDetails | undefined {
  return isInputKind(kind) ? (parseInputDetails(kind, details) ?? undefined) : undefined;
}

// ---- The walkthrough's answer ----

const note = z.string().max(WALKTHROUGH_NOTE_MAX, `must be at most ${WALKTHROUGH_NOTE_MAX} characters`).optional();
const noNote = z.undefined({ error: "this step takes no note" }).optional();
const keyOf = (s: WalkthroughReviewStep) => {
  const keys = s.options.map((o) => o.key) as [string, ...string[]];
  return z.enum(keys, { error: `must be one of ${keys.join(", ")}` }).optional();
};
const between = (max: number) => z.int({ error: "must be a whole number" }).min(1, "must be at least 1").max(max, `must be at most ${max}`);

/** Rejects `field` unless the step's choice is `key`; requires it there when `required`. */
function onlyWith<T extends { choice?: string }>(field: keyof T & string, key: string, label: string, required = false) {
  return (v: T, ctx: z.RefinementCtx) => {
    const chosen = v.choice === key;
    if (v[field] !== undefined && !chosen) ctx.addIssue({ code: "custom", path: [field], message: `only with choice ${key} (${label})` });
    if (required && chosen && v[field] === undefined) ctx.addIssue({ code: "custom", path: [field], message: `is required with choice ${key} (${label})` });
  };
}

/**
 * The JSON object an answer's `text` may carry for a review of `steps`: per step, its
 * `choice` (an option key) and what that choice needs — `permissions.commands`
 * (`{command: "allow" | "ask"}`, with "Review each"), `coverage.planTests` (with "Show
 * me"), `iteration.config` (with "Customize", required) — and a `note` where the step
 * takes one. A step or field left out takes the recommended value.
 */
export function walkthroughAnswerSchema(steps: readonly WalkthroughReviewStep[]) {
  const shape: Record<string, z.ZodType> = {};
  for (const s of steps) {
    const choice = keyOf(s);
    const stepNote = s.note ? note : noNote;
    // A missing choice is the recommended one, for the rules below too.
    const withChoice = <T extends { choice?: string }>(v: T) => ({ ...v, choice: v.choice ?? s.recommended });
    switch (s.step) {
      case "permissions": {
        const commands = s.commands.map((c) => c.command) as [string, ...string[]];
        const label = s.options.find((o) => o.key === WALKTHROUGH_KEYS.permissions.review)?.label ?? "Review each";
        shape.permissions = z
          .strictObject({
            choice,
            commands: z.partialRecord(z.enum(commands, { error: `must be one of the step's commands: ${commands.join(", ")}` }), z.enum(["allow", "ask"], { error: 'must be "allow" or "ask"' })).optional(),
            note: stepNote,
          })
          .transform(withChoice)
          .superRefine(onlyWith("commands", WALKTHROUGH_KEYS.permissions.review, label))
          .optional();
        break;
      }
      case "coverage": {
        const label = s.options.find((o) => o.key === WALKTHROUGH_KEYS.coverage.show)?.label ?? "Show me";
        shape.coverage = z
          .strictObject({ choice, planTests: z.boolean({ error: "must be true or false" }).optional(), note: stepNote })
          .transform(withChoice)
          .superRefine(onlyWith("planTests", WALKTHROUGH_KEYS.coverage.show, label))
          .optional();
        break;
      }
      case "iteration": {
        const label = s.options.find((o) => o.key === WALKTHROUGH_KEYS.iteration.customize)?.label ?? "Customize";
        const limits = s.limits;
        shape.iteration = z
          .strictObject({
            choice,
            config: z.strictObject({ implementation: between(limits.implementation), testing: between(limits.testing), circuit_breaker: between(limits.circuit_breaker) }).optional(),
            note: stepNote,
          })
          .transform(withChoice)
          .superRefine(onlyWith("config", WALKTHROUGH_KEYS.iteration.customize, label, true))
          .optional();
        break;
      }
      default:
        shape[s.step] = z.strictObject({ choice, note: stepNote }).transform(withChoice).optional();
    }
  }
  return z.strictObject(shape, { error: "must be a JSON object of per-step choices" });
}

/** The answer's `text` as JSON, then checked against the review's steps. */
function answerTextSchema(steps: readonly WalkthroughReviewStep[]) {
  return z
    .string()
    .transform((s, ctx) => {
      try {
        return JSON.parse(s) as unknown;
      } catch {
        ctx.addIssue({ code: "custom", message: 'must be a JSON object of per-step choices, e.g. {"iteration": {"choice": "2", "config": {"implementation": 8, "testing": 6, "circuit_breaker": 3}}}' });
        return z.NEVER;
      }
    })
    .pipe(walkthroughAnswerSchema(steps));
}

/** What the schema above yields for one step (its choice filled in). */
type ParsedStep = { choice: string; note?: string; commands?: Record<string, PermissionDecision>; planTests?: boolean; config?: IterationConfig };

/**
 * The person's choices for every step of the review: the recommended ones, overridden by
 * what `text` says. An error names the field (`permissions.choice`, relative to `text`).
 */
export function parseWalkthroughAnswer(steps: readonly WalkthroughReviewStep[], text: string | null): { success: true; data: WalkthroughChoices } | { success: false; error: z.ZodError } {
  const rec = recommendedChoices(steps);
  if (!text?.trim()) return { success: true, data: rec };
  const r = answerTextSchema(steps).safeParse(text);
  if (!r.success) return { success: false, error: r.error };
  const a = r.data as Partial<Record<string, ParsedStep>>;
  const n = (v: string | undefined) => (v?.trim() ? v.trim() : null);
  const out: WalkthroughChoices = {};
  if (rec.architecture) out.architecture = { choice: a.architecture?.choice ?? rec.architecture.choice, note: n(a.architecture?.note) };
  if (rec.permissions) out.permissions = { choice: a.permissions?.choice ?? rec.permissions.choice, commands: { ...rec.permissions.commands, ...a.permissions?.commands }, note: n(a.permissions?.note) };
  if (rec.coverage) {
    const choice = a.coverage?.choice ?? rec.coverage.choice;
    out.coverage = { choice, planTests: choice === WALKTHROUGH_KEYS.coverage.show && (a.coverage?.planTests ?? rec.coverage.planTests), note: n(a.coverage?.note) };
  }
  if (rec.iteration) out.iteration = { choice: a.iteration?.choice ?? rec.iteration.choice, config: a.iteration?.config ?? null };
  if (rec.next) out.next = { choice: a.next?.choice ?? rec.next.choice, note: n(a.next?.note) };
  return { success: true, data: out };
}
