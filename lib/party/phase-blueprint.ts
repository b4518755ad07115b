// Party phase 3, Blueprint Assembly: independent production → summary broadcasts →
// cross-review D8→D14, D14→D15, D15→D8 → finalize with the feedback. The summary
// broadcasts give way when what the person said into the room used their budget.
import { withProvenance } from "./provenance";
import { settleAll } from "./settle-all";
import type { PartyContext } from "./agent-step";
import { BLUEPRINT_PERSPECTIVES, critiqueRound, roundIdFor } from "./critique-round";
import { PhaseTeam } from "./phase-common";
import { missingEvents } from "./promised-artifacts";
import { whyBlocked } from "../agents/critique";
import { ARTIFACT_KINDS, type ArtifactKind, type ProposalOutput } from "@inception-party/protocol";
import { ORCHESTRATOR } from "../vocabulary";

const PRODUCERS: Array<{ agent: string; kind: ArtifactKind; reviews: string }> = [
  { agent: "architect", kind: "architecture-overview", reviews: "data_modeler" },
  { agent: "data_modeler", kind: "data-model", reviews: "test_strategist" },
  { agent: "test_strategist", kind: "test-strategy-outline", reviews: "architect" },
];

export type Blueprint = Partial<Record<ArtifactKind, string>>;

/** Messages Protocol C cannot do without: each agent's review and finalized artifact. */
export const blueprintReserve = (agents: number) => 2 * agents;

export async function blueprintAssembly(ctx: PartyContext, team: PhaseTeam, description: string, briefMd: string, stack: ProposalOutput): Promise<Blueprint | null> {
  const k = team.key;
  const base = { project_description: description, project_brief: briefMd, tech_stack: JSON.stringify(stack, null, 2) };
  team.context = base;
  const path = (agent: string) => ARTIFACT_KINDS[PRODUCERS.find((p) => p.agent === agent)!.kind].path;

  const drafts = await team.all(team.alive, (agent) => ({
    key: `${k}/${agent}/produce`,
    agent,
    task: "blueprint.produce" as const,
    sections: base,
    recipient: null,
    type: "work" as const,
    artifactPath: path(agent),
  }));
  if (drafts.length === 0) return null;
  const draft = new Map(drafts.map((d) => [d.agent, d.output.markdown]));
  // The mandatory turns left: a review from each author whose reviewee has a draft, and each finalize.
  const reserve = () => PRODUCERS.filter((p) => team.alive.includes(p.agent) && draft.has(p.reviews)).length + drafts.filter((d) => team.alive.includes(d.agent)).length;
  await team.plan("drafted", reserve());

  const authors = drafts.map((d) => d.agent).filter((a) => team.alive.includes(a));
  if (await team.tryRound("summaries", authors.length)) {
    await team.all(authors, (agent) => ({
      key: `${k}/${agent}/summary`,
      agent,
      task: "blueprint.summary" as const,
      sections: { ...base, artifact_content: draft.get(agent)! },
      recipient: null,
      type: "broadcast" as const,
      artifactPath: path(agent),
    }));
    await team.plan("summarized", reserve());
  } else {
    await team.broadcast("cutoff", "DEBATE CONCLUDED", "DEBATE CONCLUDED — message limit reached. Summaries are skipped: review each other's drafts directly.", "Summaries skipped, cross-review follows");
  }

  const feedback = new Map<string, string>();
  await settleAll(
    PRODUCERS.filter((p) => team.alive.includes(p.agent) && draft.has(p.reviews)).map(async (p) => {
      const review = await team.say({
        key: `${k}/${p.agent}/review`,
        agent: p.agent,
        task: "blueprint.review",
        sections: { ...base, artifact_content: draft.get(p.reviews)! },
        recipient: p.reviews,
        type: "message",
        artifactPath: path(p.reviews),
      });
      if (review) feedback.set(p.reviews, [...review.strengths.map((s) => `Strength: ${s}`), ...review.suggestions.map((s) => `Suggestion: ${s}`), ...review.alignment_issues.map((s) => `Alignment issue: ${s}`)].join("\n"));
    }),
  );

  const result: Blueprint = {};
  await team.plan("reviewed", drafts.filter((d) => team.alive.includes(d.agent)).length);
  await settleAll(
    drafts.map(async ({ agent }) => {
      const kind = PRODUCERS.find((p) => p.agent === agent)!.kind;
      const final = await team.say({
        key: `${k}/${agent}/finalize`,
        agent,
        task: "blueprint.finalize",
        sections: { ...base, artifact_content: draft.get(agent)!, review_feedback: feedback.get(agent) ?? "No review feedback was received." },
        recipient: ORCHESTRATOR,
        type: "message",
        artifactPath: path(agent),
      });
      // A failed finalize still leaves a reviewed-for draft: better than no artifact.
      result[kind] = final?.markdown ?? draft.get(agent)!;
    }),
  );
  await critiqueBlueprint(ctx, team, base, result);
  await ctx.rt.emit(`${k}/artifacts`, [
    ...PRODUCERS.filter((p) => result[p.kind]).map((p) => ({
      type: "artifact-write" as const,
      data: { path: ARTIFACT_KINDS[p.kind].path, title: ARTIFACT_KINDS[p.kind].title, producer: p.agent, phase: 3, content: withProvenance(ctx, p.agent, result[p.kind]!) },
    })),
    // A document whose author failed out before drafting it: said plainly, written later on request.
    ...missingEvents(
      ctx.personas,
      "party",
      PRODUCERS.filter((p) => !result[p.kind]).map((p) => ARTIFACT_KINDS[p.kind].path),
    ),
  ]);
  return result;
}

/**
 * After cross-review: every finished artifact is critiqued from three perspectives in
 * parallel. A blocked round (strong divergence, a critical issue, or an average below 3)
 * gets one revision round by its author, then the phase proceeds with a warning that says
 * why; MEDIUM divergence proceeds with a warning.
 */
async function critiqueBlueprint(ctx: PartyContext, team: PhaseTeam, base: Record<string, string>, result: Blueprint): Promise<void> {
  const k = team.key;
  await settleAll(
    PRODUCERS.filter((p) => result[p.kind]).map(async (p) => {
      const path = ARTIFACT_KINDS[p.kind].path;
      const c = await critiqueRound(ctx, { key: `${k}/critique/${p.kind}`, phase: 3, roundId: roundIdFor("blueprint", path), onDemand: false, artifactPath: path, content: result[p.kind]!, perspectives: BLUEPRINT_PERSPECTIVES, context: base });
      const blocked = c.verdict === "consensus_blocked";
      let revisedOnce = false;
      if (blocked && team.alive.includes(p.agent)) {
        const revised = await team.say({
          key: `${k}/${p.agent}/critique-revision`,
          agent: p.agent,
          task: "blueprint.finalize",
          sections: { ...base, artifact_content: result[p.kind]!, review_feedback: `Critique action items (address each):\n${c.actionItems.map((a) => `- ${a.text}`).join("\n")}` },
          recipient: ORCHESTRATOR,
          type: "work",
          artifactPath: path,
        });
        if (revised) result[p.kind] = revised.markdown;
        revisedOnce = Boolean(revised);
      }
      if (blocked || c.severity !== "LOW") {
        const ratings = c.ratings.map((x) => x.rating).join(", ");
        const text = blocked
          ? `Critique of ${path}: consensus blocked — ${whyBlocked(c)} (ratings ${ratings}; average ${c.averageRating.toFixed(1)}/5). ${revisedOnce ? "Its author revised it once with the action items; it was not critiqued again. " : ""}See ${c.recordPath}.`
          : `Critique of ${path}: ${c.severity} divergence (ratings ${ratings}; average ${c.averageRating.toFixed(1)}/5) — the perspectives differ on some points. See ${c.recordPath}.`;
        await ctx.rt.emit(`${k}/critique/${p.kind}/warning`, [{ type: "note", data: { kind: "warning", phase: 3, text } }]);
      }
    }),
  );
}
