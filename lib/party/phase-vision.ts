// Party phase 1, Protocol A: questions → one answer → broadcast → interpretations with
// cross-questions → final positions → the merged brief. The interpretations are the
// debate proper: when what the person said into the room leaves no budget for them,
// the debate concludes and the final positions follow at once.
import { withProvenance } from "./provenance";
import { sharedTokens } from "../agents/critique/text-similarity";
import type { PartyContext } from "./agent-step";
import { briefMarkdown, mergeBrief } from "./documents";
import { PhaseTeam } from "./phase-common";
import { agentInfo } from "./roster";
import { ARTIFACT_PATHS, type BriefOutput, type QuestionsOutput } from "@inception-party/protocol";
import { ORCHESTRATOR } from "../vocabulary";

export interface VisionResult {
  brief: BriefOutput;
  briefMd: string;
  userResponse: string;
}

const norm = (s: string) => new Set(s.toLowerCase().replace(/[^a-z0-9 ]+/g, " ").split(/\s+/).filter((w) => w.length > 3));

/**
 * Two questions ask the same thing: the critique's word overlap, read more strictly (words
 * over three letters, 60% of the shorter question) than `areSimilar` reads critique
 * points, so that only near-repeats are dropped and the person is asked what each
 * specialist asked.
 */
function similar(a: string, b: string): boolean {
  const x = norm(a);
  const y = norm(b);
  return sharedTokens(x, y) / Math.max(1, Math.min(x.size, y.size)) >= 0.6;
}

/** Merge, de-duplicate and number continuously, grouped by agent (the questions layout). */
export function groupQuestions(ctx: PartyContext, qs: Array<{ agent: string; output: QuestionsOutput }>) {
  const kept: Array<{ agent: string; text: string; n: number }> = [];
  let n = 0;
  for (const { agent, output } of qs) {
    for (const q of output.questions) {
      if (kept.some((k) => similar(k.text, q.text))) continue;
      kept.push({ agent, text: q.text, n: ++n });
    }
  }
  const groups = qs
    .map(({ agent }) => ({ agent, ...agentInfo(ctx.personas, agent), questions: kept.filter((k) => k.agent === agent) }))
    .filter((g) => g.questions.length);
  const body = [
    "Your team of specialists wants to understand your project:",
    "",
    ...groups.flatMap((g) => [`FROM ${g.name.toUpperCase()} (${g.title}):`, ...g.questions.map((q) => `  ${q.n}. ${q.text}`), ""]),
    "Please answer these questions. You can respond to all at once —",
    "the team will receive your full response.",
  ].join("\n");
  return { groups, body };
}

/** Messages Protocol A cannot do without: each agent's questions and final position. */
export const visionReserve = (agents: number) => 2 * agents;

export async function visionCouncil(ctx: PartyContext, team: PhaseTeam, description: string): Promise<VisionResult | null> {
  const k = team.key;
  team.context = { project_description: description };
  const questions = await team.all(team.alive, (agent) => ({
    key: `${k}/${agent}/questions`,
    agent,
    task: "vision.questions" as const,
    sections: { project_description: description },
    recipient: ORCHESTRATOR,
    type: "message" as const,
  }));
  if (team.alive.length === 0) return null;
  await team.plan("finals", team.alive.length);

  const { groups, body } = groupQuestions(ctx, questions);
  const answer = await ctx.rt.input(`${k}/answers`, {
    kind: "vision_questions",
    title: "VISION COUNCIL — Questions from your team",
    body,
    options: [],
    allowsText: true,
    details: { groups: groups.map((g) => ({ agent: g.agent, name: g.name, title: g.title, questions: g.questions.map((q) => ({ n: q.n, text: q.text })) })) },
  });
  const userResponse = answer.text ?? "";
  team.context = { project_description: description, user_response: userResponse };
  await team.broadcast("user-response", "USER RESPONSE", `USER RESPONSE:\n${userResponse}`, "User's project vision response");

  const ring = [...team.alive];
  const debate = await team.tryRound("debate", ring.length);
  const interpretations = debate
    ? await team.all(ring, (agent) => ({
        key: `${k}/${agent}/interpretation`,
        agent,
        task: "vision.interpretation" as const,
        sections: { project_description: description, user_response: userResponse },
        recipient: ring[(ring.indexOf(agent) + 1) % ring.length] ?? ORCHESTRATOR,
        type: "message" as const,
      }))
    : [];
  if (team.alive.length === 0) return null;
  await team.plan("final-positions", team.alive.length);

  // Final positions must fit in the message budget; the cutoff is sent when the debate
  // was skipped for lack of budget or would otherwise run past it.
  if (!debate || team.used + team.alive.length >= team.max) {
    await team.broadcast("cutoff", "DEBATE CONCLUDED", "DEBATE CONCLUDED — message limit reached. Please submit your final position.", "Debate concluded, final positions needed");
  }
  const conversation = interpretations
    .map((i) => `FROM ${agentInfo(ctx.personas, i.agent).name.toUpperCase()}:\n${i.output.vision_summary}\nKEY POINTS: ${i.output.key_points.join("; ")}\nQUESTION: ${i.output.cross_question.question}`)
    .join("\n\n");
  const finals = await team.all(team.alive, (agent) => ({
    key: `${k}/${agent}/final`,
    agent,
    task: "vision.final_position" as const,
    sections: { project_description: description, user_response: userResponse, conversation },
    recipient: ORCHESTRATOR,
    type: "message" as const,
  }));
  if (finals.length === 0) return null;

  const brief = mergeBrief(finals.map((f) => ({ agent: f.agent, position: f.output })));
  const date = await ctx.rt.step(`${k}/brief-date`, async () => ({ output: new Date().toISOString() }));
  const briefMd = briefMarkdown(brief, `Inception Party (${finals.length}-agent Vision Council)`, date);
  await ctx.rt.emit(`${k}/brief`, [{ type: "artifact-write", data: { path: ARTIFACT_PATHS.brief, title: "Project Brief", producer: "orchestrator", phase: 1, content: withProvenance(ctx, ORCHESTRATOR, briefMd) } }]);
  return { brief, briefMd, userResponse };
}
