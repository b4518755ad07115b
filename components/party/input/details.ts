// `details` of an input request is untyped on the wire (InputRequestData.details:
// unknown). These readers accept the shapes the vocabulary declares per input kind,
// leniently, and return null for anything else, so a surprising payload falls back to
// the plain body text.
import {
  ITERATION_DEFAULTS,
  ITERATION_LIMITS,
  WALKTHROUGH_STEPS,
  type ConstitutionArticle,
  type FollowUpQuestion,
  type IterationConfig,
  type QuestionGroup,
  type StackApprovalDetails,
  type WalkthroughReviewStep,
  type WalkthroughStepName,
} from "@/lib/vocabulary";

export type { QuestionGroup, WalkthroughReviewStep };
export type Article = ConstitutionArticle;
type Stack = StackApprovalDetails["stack"];
export type StackChoice = Stack["language"];

/** The stack card's details; the optional fields may be missing from an older or partial payload. */
export interface StackDetails extends Omit<StackApprovalDetails, "stack"> {
  stack: Partial<Stack> & Pick<Stack, "language" | "framework" | "database" | "additional">;
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === "string" ? v : "");
const choice = (v: unknown): StackChoice | null => (isObj(v) && typeof v.choice === "string" ? { choice: v.choice, rationale: str(v.rationale) } : null);

export function questionGroups(details: unknown): QuestionGroup[] | null {
  if (!isObj(details) || !Array.isArray(details.groups)) return null;
  const groups = details.groups.filter(isObj).map((g) => ({
    agent: str(g.agent),
    name: str(g.name) || str(g.agent),
    title: str(g.title),
    questions: (Array.isArray(g.questions) ? g.questions : []).filter(isObj).map((q, i) => ({ n: typeof q.n === "number" ? q.n : i + 1, text: str(q.text) })),
  }));
  return groups.length ? groups : null;
}

export function stackDetails(details: unknown): StackDetails | null {
  if (!isObj(details) || !isObj(details.stack)) return null;
  const s = details.stack;
  const language = choice(s.language);
  const framework = choice(s.framework);
  const database = choice(s.database);
  if (!language || !framework || !database) return null;
  return {
    stack: {
      architecture_pattern: str(s.architecture_pattern) || undefined,
      language,
      runtime: str(s.runtime) || undefined,
      framework,
      database,
      additional: (Array.isArray(s.additional) ? s.additional : []).map(choice).filter((c): c is StackChoice => c !== null),
      test_runner: str(s.test_runner) || undefined,
      package_manager: str(s.package_manager) || undefined,
    },
    consensus: typeof details.consensus === "string" ? details.consensus : null,
    notes: Array.isArray(details.notes) ? details.notes.filter((n): n is string => typeof n === "string") : [],
  };
}

export function articles(details: unknown): Article[] | null {
  if (!isObj(details) || !Array.isArray(details.articles)) return null;
  const list = details.articles.filter(isObj).map((a) => ({ title: str(a.title), summary: str(a.summary), body: str(a.body), domain_specific: a.domain_specific === true }));
  return list.length ? list : null;
}

/**
 * When the person must write text: always when there are no options, and for the
 * choices that mean "I have changes" (stack [C], constitution [2]).
 */
export function textRequired(kind: string, options: Array<{ key: string }>, allowsText: boolean, selection: string | null): boolean {
  if (!allowsText) return false;
  if (options.length === 0) return true;
  if (kind === "stack_approval") return selection === "C";
  if (kind === "constitution_review") return selection === "2";
  return false;
}

/** Whether to show the text box at all for the current selection. */
export function textVisible(kind: string, options: Array<{ key: string }>, allowsText: boolean, selection: string | null): boolean {
  if (!allowsText) return false;
  if (kind === "stack_approval" || kind === "constitution_review") return textRequired(kind, options, allowsText, selection);
  return true;
}

/** The team's open questions a gate carries (any kind may), or an empty list. */
export function followUpQuestions(details: unknown): FollowUpQuestion[] {
  if (!isObj(details) || !Array.isArray(details.followUps)) return [];
  return details.followUps.filter(isObj).flatMap((f) => (typeof f.id === "string" && typeof f.text === "string" ? [{ id: f.id, agent: str(f.agent), name: str(f.name) || str(f.agent), text: f.text }] : []));
}

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);
const num = (v: unknown, d: number) => (typeof v === "number" && Number.isFinite(v) ? v : d);
const limits = (v: unknown, d: IterationConfig): IterationConfig => {
  const o = isObj(v) ? v : {};
  return { implementation: num(o.implementation, d.implementation), testing: num(o.testing, d.testing), circuit_breaker: num(o.circuit_breaker, d.circuit_breaker) };
};

/**
 * The walkthrough's review: its steps in order, each with options, the recommended one
 * among them and what it means; null for anything else (an older log's per-step request
 * shows as its body and options).
 */
export function reviewSteps(details: unknown): WalkthroughReviewStep[] | null {
  if (!isObj(details) || details.step !== "review" || !Array.isArray(details.steps)) return null;
  const out: WalkthroughReviewStep[] = [];
  for (const s of details.steps) {
    if (!isObj(s) || !(WALKTHROUGH_STEPS as readonly unknown[]).includes(s.step)) return null;
    const options = (Array.isArray(s.options) ? s.options : []).filter(isObj).map((o) => ({ key: str(o.key), label: str(o.label) })).filter((o) => o.key);
    if (!options.length || !options.some((o) => o.key === s.recommended)) return null;
    const note = isObj(s.note) ? { label: str(s.note.label), effect: str(s.note.effect) } : null;
    const base = { title: str(s.title), meaning: str(s.meaning), body: str(s.body), options, recommended: str(s.recommended), note };
    switch (s.step as WalkthroughStepName) {
      case "architecture":
        out.push({ step: "architecture", ...base, concerns: strings(s.concerns) });
        break;
      case "permissions": {
        const commands = (Array.isArray(s.commands) ? s.commands : []).filter(isObj).map((c) => ({ command: str(c.command), recommended: c.recommended === "allow" ? ("allow" as const) : ("ask" as const) }));
        out.push({ step: "permissions", ...base, commands: commands.filter((c) => c.command) });
        break;
      }
      case "coverage": {
        const plan = isObj(s.planTests) ? s.planTests : {};
        out.push({ step: "coverage", ...base, criticalPaths: strings(s.criticalPaths), planTests: { label: str(plan.label) || "Plan the tests for these critical paths next", recommended: plan.recommended === true } });
        break;
      }
      case "iteration":
        out.push({ step: "iteration", ...base, defaults: limits(s.defaults, ITERATION_DEFAULTS), limits: limits(s.limits, ITERATION_LIMITS) });
        break;
      case "next":
        out.push({ step: "next", ...base });
        break;
    }
  }
  return out.length ? out : null;
}
