// Every kind of agent turn: its finalization tool, the schema that validates the tool
// input, the spec label of the message it becomes, and how that message reads.
import type { z } from "zod";
import * as o from "./outputs";

export interface TaskDef<S extends z.ZodType = z.ZodType> {
  tool: string;
  toolDescription: string;
  schema: S;
  /** The content header of a message ("QUESTIONS", "PROPOSAL", ...). */
  label: string;
  /** The message text the person reads, rendered from the validated output. */
  render: (out: z.infer<S>) => string;
}

const bullets = (items: readonly string[]) => items.map((i) => `- ${i}`).join("\n");

function renderProposalBody(p: o.ProposalOutput): string {
  return [
    `Architecture Pattern: ${p.architecture_pattern}`,
    `Language: ${p.language.choice} — ${p.language.rationale}`,
    `Framework: ${p.framework.choice} — ${p.framework.rationale}`,
    `Database: ${p.database.choice} — ${p.database.rationale}`,
    `Additional: ${p.additional.length ? p.additional.map((a) => `${a.choice} (${a.rationale})`).join("; ") : "none"}`,
  ].join("\n");
}

// Formats shared by a party task and its classic twin (same message, other agent).
const renderQuestions = (out: o.QuestionsOutput) => `QUESTIONS:\n${out.questions.map((q, i) => `${i + 1}. ${q.text}`).join("\n")}`;
const renderProposal = (out: o.ProposalOutput) => `PROPOSAL:\n\n${renderProposalBody(out)}`;
const renderRevisedProposal = (out: o.RevisedProposalOutput) =>
  `REVISED PROPOSAL:\n\n${renderProposalBody(out.proposal)}\n\nADDRESSED:\n- Security: ${out.addressed_security}\n- Ops: ${out.addressed_ops}\n\nUNCHANGED: ${out.unchanged}`;
const renderMarkdown = (out: o.ArtifactOutput) => out.markdown;

function def<S extends z.ZodType>(d: TaskDef<S>): TaskDef<S> {
  return d;
}

export const TASKS = {
  "vision.questions": def({
    tool: "submit_questions",
    toolDescription: "Submit your 2-3 questions for the person, each with a one-word topic.",
    schema: o.questionsOutput,
    label: "QUESTIONS",
    render: renderQuestions,
  }),
  "vision.interpretation": def({
    tool: "submit_interpretation",
    toolDescription: "Submit your interpretation of the person's answer and one question for a teammate.",
    schema: o.interpretationOutput,
    label: "MY INTERPRETATION",
    render: (out) =>
      `MY INTERPRETATION:\n${out.vision_summary}\n\nKEY POINTS:\n${bullets(out.key_points)}\n\nQUESTION FOR YOU: ${out.cross_question.question}`,
  }),
  "vision.final_position": def({
    tool: "submit_final_position",
    toolDescription: "Submit your final position on the project vision.",
    schema: o.finalPositionOutput,
    label: "FINAL POSITION",
    render: (out) =>
      [
        "FINAL POSITION:",
        "",
        `Project Vision: ${out.project_vision}`,
        `Target Users: ${out.target_users.join("; ")}`,
        `Core Features: ${out.core_features.join("; ")}`,
        `Constraints: ${out.constraints.join("; ")}`,
        `Success Metrics: ${out.success_metrics.join("; ")}`,
        ...(out.open_questions?.length ? out.open_questions.map((q) => `QUESTION FOR YOU: ${q}`) : []),
      ].join("\n"),
  }),
  "stack.proposal": def({
    tool: "submit_proposal",
    toolDescription: "Submit your tech stack proposal.",
    schema: o.proposalOutput,
    label: "PROPOSAL",
    render: renderProposal,
  }),
  "stack.security_critique": def({
    tool: "submit_security_critique",
    toolDescription: "Submit your security critique of the proposal.",
    schema: o.securityCritiqueOutput,
    label: "SECURITY CRITIQUE",
    render: (out) =>
      `SECURITY CRITIQUE:\n\n${out.concerns.map((c) => `${c.title}: ${c.detail}`).join("\n")}\n\nRECOMMENDATION: ${out.recommendation}`,
  }),
  "stack.ops_critique": def({
    tool: "submit_ops_critique",
    toolDescription: "Submit your operations critique of the proposal.",
    schema: o.opsCritiqueOutput,
    label: "OPS CRITIQUE",
    render: (out) =>
      `OPS CRITIQUE:\n\nDeployment: ${out.deployment}\nCost: ${out.cost}\nDX: ${out.dx}\n\nRECOMMENDATION: ${out.recommendation}`,
  }),
  "stack.revised_proposal": def({
    tool: "submit_revised_proposal",
    toolDescription: "Submit the revised proposal and how each critique was addressed.",
    schema: o.revisedProposalOutput,
    label: "REVISED PROPOSAL",
    render: renderRevisedProposal,
  }),
  "stack.position": def({
    tool: "submit_position",
    toolDescription: "Say whether you agree with the revised proposal, and why.",
    schema: o.positionOutput,
    label: "POSITION",
    render: (out) => `${out.agrees ? "AGREE" : "DISSENT"}:\n${out.note}`,
  }),
  "stack.user_changes": def({
    tool: "submit_revised_proposal",
    toolDescription: "Submit the stack revised to take the person's changes into account.",
    schema: o.revisedProposalOutput,
    label: "REVISED PROPOSAL",
    render: renderRevisedProposal,
  }),
  "blueprint.produce": def({
    tool: "submit_artifact",
    toolDescription: "Submit the complete markdown document, with every required section.",
    schema: o.artifactOutput,
    label: "ARTIFACT DRAFT",
    render: renderMarkdown,
  }),
  "blueprint.summary": def({
    tool: "submit_artifact_summary",
    toolDescription: "Submit a summary of your artifact for your teammates.",
    schema: o.artifactSummaryOutput,
    label: "ARTIFACT SUMMARY",
    render: (out) =>
      `ARTIFACT SUMMARY — ${out.artifact_type}:\n\n${out.summary.join("\n\n")}\n\nKEY DECISIONS:\n${bullets(out.key_decisions)}\n\nDEPENDENCIES ON OTHER ARTIFACTS:\n${bullets(out.dependencies)}`,
  }),
  "blueprint.review": def({
    tool: "submit_review",
    toolDescription: "Submit your review of a teammate's artifact.",
    schema: o.reviewOutput,
    label: "REVIEW FEEDBACK",
    render: (out) =>
      `REVIEW FEEDBACK:\n\nStrengths:\n${bullets(out.strengths)}\n\nSuggestions:\n${bullets(out.suggestions)}\n\nAlignment Issues:\n${out.alignment_issues.length ? bullets(out.alignment_issues) : "- None"}`,
  }),
  "blueprint.finalize": def({
    tool: "submit_finalized_artifact",
    toolDescription: "Submit the final markdown document with the review feedback incorporated.",
    schema: o.finalizedArtifactOutput,
    label: "ARTIFACT FINALIZED",
    // The message carries the path; the orchestrator fills it in (see party protocol C).
    render: (out) => `ARTIFACT FINALIZED:\n\nChanges from review: ${out.changes_summary}\nReady for collection.`,
  }),
  "classic.vision_questions": def({
    tool: "submit_questions",
    toolDescription: "Submit your 2-3 probing questions for the person.",
    schema: o.questionsOutput,
    label: "QUESTIONS",
    render: renderQuestions,
  }),
  "classic.brief": def({
    tool: "submit_brief",
    toolDescription: "Submit the project brief.",
    schema: o.briefOutput,
    label: "PROJECT BRIEF",
    render: (out) => `PROJECT BRIEF:\n\n${out.problem_statement}\n\nCore features:\n${bullets(out.core_features)}`,
  }),
  "classic.research": def({
    tool: "submit_research",
    toolDescription: "Submit the four research tracks.",
    schema: o.researchOutput,
    label: "RESEARCH SUMMARY",
    render: (out) =>
      `RESEARCH SUMMARY:\n\nDomain best practices:\n${bullets(out.domain_practices)}\n\nCompliance:\n${bullets(out.compliance)}\n\nPerformance:\n${bullets(out.performance)}\n\nTesting standards:\n${bullets(out.testing)}`,
  }),
  "classic.stack": def({
    tool: "submit_proposal",
    toolDescription: "Submit one cohesive tech stack recommendation.",
    schema: o.proposalOutput,
    label: "PROPOSAL",
    render: renderProposal,
  }),
  "classic.artifact": def({
    tool: "submit_artifact",
    toolDescription: "Submit the complete markdown document, with every required section.",
    schema: o.artifactOutput,
    label: "ARTIFACT DRAFT",
    render: renderMarkdown,
  }),
  "constitution.draft": def({
    tool: "submit_constitution",
    toolDescription: "Submit the constitution's articles: universal ones first, then domain-specific ones.",
    schema: o.constitutionOutput,
    label: "CONSTITUTION",
    render: (out) =>
      `CONSTITUTION DRAFT:\n\n${out.articles.map((a, i) => `Article ${i + 1} — ${a.title}: ${a.summary}`).join("\n")}`,
  }),
  "constitution.revise": def({
    tool: "submit_constitution",
    toolDescription: "Submit the whole constitution with the requested change made.",
    schema: o.constitutionOutput,
    label: "CONSTITUTION",
    render: (out) =>
      `CONSTITUTION REVISED:\n\n${out.articles.map((a, i) => `Article ${i + 1} — ${a.title}: ${a.summary}`).join("\n")}`,
  }),
  "skills.report": def({
    tool: "submit_skill_report",
    toolDescription: "Submit the skills recommended for this stack.",
    schema: o.skillReportOutput,
    label: "SKILL REPORT",
    render: (out) => `SKILL REPORT:\n\n${out.skills.map((s) => `- ${s.name} (${s.category}): ${s.reason}`).join("\n")}`,
  }),
  "critique.perspective": def({
    tool: "submit_critique",
    toolDescription: "Submit your critique from your perspective: strengths, weaknesses, suggestions, rating 1-5.",
    schema: o.critiqueOutput,
    label: "CRITIQUE",
    render: (out) =>
      `CRITIQUE (${out.rating}/5):\n\nStrengths:\n${bullets(out.strengths)}\n\nWeaknesses:\n${bullets(out.weaknesses)}\n\nSuggestions:\n${bullets(out.suggestions)}`,
  }),
  "room.reply": def({
    tool: "submit_reply",
    toolDescription: "Submit your answer to what the person said, and what you will change because of it.",
    schema: o.replyOutput,
    label: "REPLY",
    render: (out) => `REPLY:\n\n${out.reply}${out.changes.length ? `\n\nWHAT CHANGES:\n${bullets(out.changes)}` : ""}${out.question ? `\n\nQUESTION FOR YOU: ${out.question}` : ""}`,
  }),
  "artifact.revise": def({
    tool: "submit_revised_artifact",
    toolDescription: "Submit the whole revised markdown document and a one-line summary of what changed.",
    schema: o.revisedArtifactOutput,
    label: "ARTIFACT REVISED",
    render: (out) => `ARTIFACT REVISED:\n\nChanges: ${out.changes_summary}`,
  }),
} as const;

export type TaskKey = keyof typeof TASKS;
export type TaskOutput<K extends TaskKey> = z.infer<(typeof TASKS)[K]["schema"]>;

export function isTaskKey(v: string): v is TaskKey {
  return Object.hasOwn(TASKS, v);
}

/** Finalization tool name → the task definitions that use it (several tasks share a tool). */
export function taskForTool(tool: string): TaskDef | undefined {
  return Object.values(TASKS).find((t) => t.tool === tool);
}
