// The walkthrough as one review: one input request of kind `walkthrough` carries every
// step (details `{step: "review", steps}`, schema in input-kinds.ts), each with its
// recommended choice. The answer keeps the API's shape: `selection` is the one option,
// Confirm; `text`, when given, is a JSON object of the per-step choices that differ from
// the recommended ones (docs/api.md, "The walkthrough"). Zod-free, so the browser can
// compose an answer without loading the schemas; the server parses it with
// `parseWalkthroughAnswer` (input-kinds.ts).
import type { WalkthroughReviewStep } from "./input-kinds";

/** The steps after the constitution review, in the order they are shown and acted on. */
export const WALKTHROUGH_STEPS = ["architecture", "permissions", "coverage", "iteration", "next"] as const;
export type WalkthroughStepName = (typeof WALKTHROUGH_STEPS)[number];

/** The review's one option. */
export const WALKTHROUGH_CONFIRM = { key: "1", label: "Confirm" } as const;

/** What each step's option keys mean (the labels travel with the request). */
export const WALKTHROUGH_KEYS = {
  architecture: { walk: "1", skip: "2" },
  permissions: { recommended: "1", review: "2", skip: "3" },
  coverage: { show: "1", skip: "2" },
  iteration: { defaults: "1", customize: "2" },
  next: { feature: "1", done: "2" },
} as const;

/** A note on one step; four of them still fit the answer's 8000 characters as JSON. */
export const WALKTHROUGH_NOTE_MAX = 1500;

export interface IterationConfig {
  implementation: number;
  testing: number;
  circuit_breaker: number;
}
export const ITERATION_DEFAULTS: IterationConfig = { implementation: 5, testing: 5, circuit_breaker: 3 };
export const ITERATION_LIMITS: IterationConfig = { implementation: 20, testing: 20, circuit_breaker: 10 };

export type PermissionDecision = "allow" | "ask";

/** Every step's answer, complete: what the engine acts on and the browser edits. */
export interface WalkthroughChoices {
  architecture?: { choice: string; note: string | null };
  permissions?: { choice: string; commands: Record<string, PermissionDecision>; note: string | null };
  coverage?: { choice: string; planTests: boolean; note: string | null };
  iteration?: { choice: string; config: IterationConfig | null };
  next?: { choice: string; note: string | null };
}

/** The recommended answer of every step of the review: what Confirm alone means. */
export function recommendedChoices(steps: readonly WalkthroughReviewStep[]): WalkthroughChoices {
  const out: WalkthroughChoices = {};
  for (const s of steps) {
    switch (s.step) {
      case "architecture":
        out.architecture = { choice: s.recommended, note: null };
        break;
      case "permissions":
        out.permissions = { choice: s.recommended, commands: Object.fromEntries(s.commands.map((c) => [c.command, c.recommended])), note: null };
        break;
      case "coverage":
        out.coverage = { choice: s.recommended, planTests: s.recommended === WALKTHROUGH_KEYS.coverage.show && s.planTests.recommended, note: null };
        break;
      case "iteration":
        out.iteration = { choice: s.recommended, config: null };
        break;
      case "next":
        out.next = { choice: s.recommended, note: null };
        break;
    }
  }
  return out;
}

const noteOf = (n: string | null | undefined) => (n?.trim() ? n.trim() : undefined);

/**
 * The answer's `text`: each step's fields that differ from the recommendation (and the
 * fields the chosen option needs); null when everything is as recommended, so Confirm
 * alone is sent.
 */
export function encodeWalkthroughAnswer(steps: readonly WalkthroughReviewStep[], choices: WalkthroughChoices): string | null {
  const rec = recommendedChoices(steps);
  const out: Record<string, Record<string, unknown>> = {};
  const put = (step: WalkthroughStepName, field: string, v: unknown) => {
    if (v !== undefined) (out[step] ??= {})[field] = v;
  };
  for (const s of steps) {
    switch (s.step) {
      case "architecture": {
        const c = choices.architecture;
        if (!c) break;
        put("architecture", "choice", c.choice !== rec.architecture!.choice ? c.choice : undefined);
        put("architecture", "note", noteOf(c.note));
        break;
      }
      case "permissions": {
        const c = choices.permissions;
        if (!c) break;
        put("permissions", "choice", c.choice !== rec.permissions!.choice ? c.choice : undefined);
        if (c.choice === WALKTHROUGH_KEYS.permissions.review) put("permissions", "commands", Object.fromEntries(s.commands.map((x) => [x.command, c.commands[x.command] ?? x.recommended])));
        put("permissions", "note", noteOf(c.note));
        break;
      }
      case "coverage": {
        const c = choices.coverage;
        if (!c) break;
        put("coverage", "choice", c.choice !== rec.coverage!.choice ? c.choice : undefined);
        if (c.choice === WALKTHROUGH_KEYS.coverage.show && c.planTests !== s.planTests.recommended) put("coverage", "planTests", c.planTests);
        put("coverage", "note", noteOf(c.note));
        break;
      }
      case "iteration": {
        const c = choices.iteration;
        if (!c) break;
        put("iteration", "choice", c.choice !== rec.iteration!.choice ? c.choice : undefined);
        if (c.choice === WALKTHROUGH_KEYS.iteration.customize) put("iteration", "config", c.config ?? s.defaults);
        break;
      }
      case "next": {
        const c = choices.next;
        if (!c) break;
        put("next", "choice", c.choice !== rec.next!.choice ? c.choice : undefined);
        put("next", "note", noteOf(c.note));
        break;
      }
    }
  }
  return Object.keys(out).length ? JSON.stringify(out) : null;
}
