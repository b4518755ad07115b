// The message the offline model streams in Discuss: what the task's instruction asks a
// model to write, every field in it. That is more than the message the person keeps
// (`TASKS[task].render`): a finalized document's message keeps only what changed, a
// final position leaves out its risks. Serialize reads the structured form from this
// message, so it must hold all of it — as a real model's does — and a real model's token
// counts (Summarize and Serialize read it back) are what the bench then measures.
import { TASKS, type BriefOutput, type ConstitutionOutput, type CritiqueOutput, type FinalizedArtifactOutput, type FinalPositionOutput, type ProposalOutput, type RevisedArtifactOutput, type RevisedProposalOutput, type TaskKey } from "@inception-party/protocol";
import { bullets } from "./markdown";
import { capitalize } from "./text-utils";

const listLine = (label: string, items: readonly string[] | undefined) => `${label}: ${(items ?? []).join("; ")}`;
/** Each list field under its label ("target_users" → "Target Users"), in the given order. */
const lists = <T extends object>(out: T, keys: (keyof T & string)[], line: (label: string, items: readonly string[] | undefined) => string) =>
  keys.map((k) => line(k.split("_").map(capitalize).join(" "), out[k] as readonly string[] | undefined));

function proposalLines(p: ProposalOutput): string {
  return [
    `Architecture Pattern: ${p.architecture_pattern}`,
    `Language: ${p.language.choice} — ${p.language.rationale}`,
    `Runtime: ${p.runtime}`,
    `Framework: ${p.framework.choice} — ${p.framework.rationale}`,
    `Database: ${p.database.choice} — ${p.database.rationale}`,
    `Additional: ${p.additional.length ? p.additional.map((a) => `${a.choice} (${a.rationale})`).join("; ") : "none"}`,
    `Test Runner: ${p.test_runner}`,
    `Package Manager: ${p.package_manager}`,
  ].join("\n");
}

function revisedProposal(out: RevisedProposalOutput): string {
  return `REVISED PROPOSAL:\n\n${proposalLines(out.proposal)}\n\nADDRESSED:\n- Security: ${out.addressed_security}\n- Ops: ${out.addressed_ops}\n\nUNCHANGED: ${out.unchanged}`;
}

function articles(out: ConstitutionOutput): string {
  return out.articles.map((a, i) => `Article ${i + 1} — ${a.title} (${a.domain_specific ? "domain-specific" : "universal"}): ${a.summary}\n${a.body}`).join("\n\n");
}

const MESSAGES: Partial<Record<TaskKey, (out: never) => string>> = {
  "vision.final_position": (out: FinalPositionOutput) =>
    ["FINAL POSITION:", "", `Project Vision: ${out.project_vision}`, ...lists(out, ["target_users", "core_features", "constraints", "success_metrics", "risks", "industry_context", "technical_considerations"], listLine)].join("\n"),
  "stack.proposal": (out: ProposalOutput) => `PROPOSAL:\n\n${proposalLines(out)}`,
  "classic.stack": (out: ProposalOutput) => `PROPOSAL:\n\n${proposalLines(out)}`,
  "stack.revised_proposal": revisedProposal,
  "stack.user_changes": revisedProposal,
  "blueprint.finalize": (out: FinalizedArtifactOutput) => `Changes from review: ${out.changes_summary}\n\n${out.markdown}`,
  "artifact.revise": (out: RevisedArtifactOutput) => `Changes: ${out.changes_summary}\n\n${out.markdown}`,
  "classic.brief": (out: BriefOutput) =>
    ["PROJECT BRIEF:", "", `Problem Statement: ${out.problem_statement}`, ...lists(out, ["target_users", "core_features", "scale_constraints", "success_metrics", "industry_context", "technical_considerations", "risk_factors"], (label, items) => `${label}:\n${bullets(items ?? [])}`)].join("\n"),
  "critique.perspective": (out: CritiqueOutput) =>
    `CRITIQUE:\n\nStrengths:\n${bullets(out.strengths)}\n\nWeaknesses:\n${bullets(out.weaknesses)}\n\nSuggestions:\n${bullets(out.suggestions)}\n\nRating: ${out.rating}`,
  "constitution.draft": articles,
  "constitution.revise": articles,
};

/** Labels of the messages whose streamed text says more than the content the person keeps. */
export const FULLER_MESSAGE_LABELS: ReadonlySet<string> = new Set((Object.keys(MESSAGES) as TaskKey[]).map((k) => TASKS[k].label));

/** The message as the task's instruction asks for it (the person's message where the two agree). */
export function messageText(task: TaskKey, output: unknown): string {
  const write = MESSAGES[task] ?? (TASKS[task].render as (o: unknown) => string);
  return (write as (o: unknown) => string)(output);
}
