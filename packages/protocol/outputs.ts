// The structured result of every agent turn: the finalization tool's input schema
// (the Serialize step of a turn, docs/protocols.md). The orchestrator acts on these validated objects only;
// the streamed text is for people.
import { z } from "zod";

const text = (max = 600) => z.string().trim().min(1, "must be a non-empty string").max(max);
const list = <T extends z.ZodType = z.ZodString>(min: number, max: number, item?: T) =>
  z.array((item ?? text()) as T).min(min).max(max);

export const questionsOutput = z.strictObject({
  questions: list(2, 3, z.strictObject({ text: text(300), topic: text(60) })),
});

export const interpretationOutput = z.strictObject({
  vision_summary: text(800),
  key_points: list(2, 5),
  cross_question: z.strictObject({ to: text(40), question: text(300) }),
});

export const finalPositionOutput = z.strictObject({
  project_vision: text(800),
  target_users: list(1, 6),
  core_features: list(2, 10),
  constraints: list(1, 8),
  success_metrics: list(1, 6),
  risks: list(1, 6),
  // Each persona fills the part of the brief it owns (docs/protocols.md, Protocol A); the others may omit it.
  industry_context: z.array(text()).max(6).optional(),
  technical_considerations: z.array(text()).max(6).optional(),
  // Questions only the person can answer: a contradiction between two things they said (both quoted), a decision that is theirs.
  open_questions: z.array(text(400)).max(3).optional(),
});

const choice = z.strictObject({ choice: text(120), rationale: text(400) });

export const proposalOutput = z.strictObject({
  architecture_pattern: text(200),
  language: choice,
  runtime: text(80),
  framework: choice,
  database: choice,
  additional: z.array(choice).max(6),
  test_runner: text(80),
  package_manager: text(80),
});

export const securityCritiqueOutput = z.strictObject({
  concerns: list(1, 5, z.strictObject({ title: text(120), detail: text(500) })),
  recommendation: text(500),
});

export const opsCritiqueOutput = z.strictObject({
  deployment: text(500),
  cost: text(500),
  dx: text(500),
  recommendation: text(500),
});

export const revisedProposalOutput = z.strictObject({
  proposal: proposalOutput,
  addressed_security: text(500),
  addressed_ops: text(500),
  unchanged: text(500),
});

export const positionOutput = z.strictObject({
  agrees: z.boolean(),
  note: text(500),
});

export const artifactOutput = z.strictObject({
  // Said in the schema too: a model that reads only the tool's schema otherwise writes a
  // document without the sections the serialize step requires, and loses the turn.
  markdown: z
    .string()
    .trim()
    .min(200, "must be a full markdown document (200+ characters)")
    .max(60_000)
    .describe("The whole document in markdown, with every `## ` section the instructions name, in their order and named exactly so."),
});

export const artifactSummaryOutput = z.strictObject({
  artifact_type: text(80),
  summary: list(2, 3, text(900)),
  key_decisions: list(2, 6),
  dependencies: list(1, 4),
});

export const reviewOutput = z.strictObject({
  strengths: list(1, 4),
  suggestions: list(1, 4),
  alignment_issues: z.array(text()).max(4),
});

export const finalizedArtifactOutput = z.strictObject({
  changes_summary: text(600),
  markdown: artifactOutput.shape.markdown,
});

export const briefOutput = z.strictObject({
  problem_statement: text(1200),
  target_users: list(1, 8),
  core_features: list(2, 12),
  scale_constraints: list(1, 10),
  success_metrics: list(1, 8),
  industry_context: list(1, 8),
  technical_considerations: list(1, 8),
  risk_factors: list(1, 10),
  open_questions: z.array(text(400)).max(8).optional(),
});

export const researchOutput = z.strictObject({
  domain_practices: list(1, 6),
  compliance: list(1, 6),
  performance: list(1, 6),
  testing: list(1, 6),
});

export const constitutionOutput = z.strictObject({
  articles: list(
    5,
    16,
    z.strictObject({
      title: text(100),
      summary: text(200),
      body: text(1200),
      domain_specific: z.boolean(),
    }),
  ),
});

export const skillReportOutput = z.strictObject({
  skills: list(
    2,
    12,
    z.strictObject({ name: text(80), category: text(60), reason: text(300) }),
  ),
});

export const critiqueOutput = z.strictObject({
  strengths: z.array(text()).max(6),
  weaknesses: z.array(text()).max(6),
  suggestions: z.array(text()).max(6),
  rating: z.number().int().min(1).max(5),
});

/** An agent's answer to what the person said into the room. */
export const replyOutput = z.strictObject({
  reply: text(3000),
  // What the agent will do differently because of it (empty when nothing changes).
  changes: z.array(text(300)).max(5),
  // When the agent cannot tell what the person wants: the question it asks back.
  question: text(400).optional(),
});

/** An artifact rewritten with the person's feedback: the whole new document. */
export const revisedArtifactOutput = z.strictObject({
  changes_summary: text(600),
  markdown: artifactOutput.shape.markdown,
});

export type QuestionsOutput = z.infer<typeof questionsOutput>;
export type InterpretationOutput = z.infer<typeof interpretationOutput>;
export type FinalPositionOutput = z.infer<typeof finalPositionOutput>;
export type ProposalOutput = z.infer<typeof proposalOutput>;
export type SecurityCritiqueOutput = z.infer<typeof securityCritiqueOutput>;
export type OpsCritiqueOutput = z.infer<typeof opsCritiqueOutput>;
export type RevisedProposalOutput = z.infer<typeof revisedProposalOutput>;
export type PositionOutput = z.infer<typeof positionOutput>;
export type ArtifactOutput = z.infer<typeof artifactOutput>;
export type ArtifactSummaryOutput = z.infer<typeof artifactSummaryOutput>;
export type ReviewOutput = z.infer<typeof reviewOutput>;
export type FinalizedArtifactOutput = z.infer<typeof finalizedArtifactOutput>;
export type BriefOutput = z.infer<typeof briefOutput>;
export type ResearchOutput = z.infer<typeof researchOutput>;
export type ConstitutionOutput = z.infer<typeof constitutionOutput>;
export type SkillReportOutput = z.infer<typeof skillReportOutput>;
export type CritiqueOutput = z.infer<typeof critiqueOutput>;
export type ReplyOutput = z.infer<typeof replyOutput>;
export type RevisedArtifactOutput = z.infer<typeof revisedArtifactOutput>;
