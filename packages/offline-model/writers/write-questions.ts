// vision.questions / classic.vision_questions: 2–3 questions from the persona's own
// angle, the most relevant first; the seeded RNG only breaks near-ties.
import type { QuestionsOutput } from "@inception-party/protocol";
import type { ProjectContext } from "../context";
import { unique } from "../text-utils";
import { classicCandidates, nadiaCandidates, oscarCandidates, tessaCandidates } from "./question-bank";

export function writeQuestions(ctx: ProjectContext): QuestionsOutput {
  const rng = ctx.rng("questions");
  const all = ctx.task === "classic.vision_questions" ? classicCandidates(ctx) : ctx.agent === "oscar" ? oscarCandidates(ctx) : ctx.agent === "tessa" ? tessaCandidates(ctx) : nadiaCandidates(ctx);
  // A question about another domain's people or things is no question for this person.
  const grounded = all.filter((c) => !ctx.grounding.foreign(c.text).length);
  const ranked = (new Set(grounded.map((c) => c.topic)).size >= 2 ? grounded : all)
    .map((c) => ({ c, k: c.score + rng.float() * 0.6 }))
    .sort((a, b) => b.k - a.k)
    .map((x) => x.c);
  return { questions: unique(ranked, (c) => c.topic).map(({ text, topic }) => ({ text, topic })) };
}
