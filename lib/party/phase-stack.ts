// Party phase 2, the stack debate: proposal → security and ops critiques → revised
// proposal → agreement or dissent → the person approves ([Y]) or changes ([C]). The
// closing positions give way when what the person said into the room used their budget.
import { settleAll } from "./settle-all";
import type { PartyContext } from "./agent-step";
import { gateFollowUps, PhaseTeam } from "./phase-common";
import { agentInfo } from "./roster";
import { STACK_OPTIONS, stackCard } from "./stack-card";
import type { ProposalOutput } from "../protocol/outputs";
import { ORCHESTRATOR } from "../vocabulary";

export interface StackResult {
  stack: ProposalOutput;
  /** "unpolled": the closing positions were skipped (the person's messages used their budget). */
  consensus: "unanimous" | "majority" | "none" | "unpolled";
}

/** Messages Protocol B cannot do without: the proposal, a critique from each other agent, the revision. */
export const stackReserve = (agents: number) => (agents === 0 ? 0 : agents + 1);

export async function stackDebate(ctx: PartyContext, team: PhaseTeam, description: string, briefMd: string): Promise<StackResult | null> {
  const k = team.key;
  const base = { project_description: description, project_brief: briefMd };
  team.context = base;
  // Liam proposes; if he is out, the next live member takes the proposer's role.
  let proposer: string | undefined;
  let proposal: ProposalOutput | null = null;
  for (const agent of ["liam", "zara", "felix"]) {
    if (!team.alive.includes(agent)) continue;
    proposal = await team.say({ key: `${k}/${agent}/proposal`, agent, task: "stack.proposal", sections: base, recipient: null, type: "broadcast" });
    if (proposal) {
      proposer = agent;
      break;
    }
  }
  if (!proposal || !proposer) return null;
  await team.plan("critiques", team.alive.length);
  const proposalText = `FROM ${agentInfo(ctx.personas, proposer).name.toUpperCase()}:\nPROPOSAL: ${JSON.stringify(proposal)}`;

  const critics = [
    { agent: "zara", task: "stack.security_critique" as const },
    { agent: "felix", task: "stack.ops_critique" as const },
  ].filter((c) => c.agent !== proposer && team.alive.includes(c.agent));
  const critiques = await settleAll(
    critics.map((c) => team.say({ key: `${k}/${c.agent}/critique`, agent: c.agent, task: c.task, sections: { ...base, conversation: proposalText }, recipient: proposer!, type: "message" })),
  );
  const critiqueText = critiques
    .map((c, i) => (c ? `FROM ${agentInfo(ctx.personas, critics[i].agent).name.toUpperCase()}: ${JSON.stringify(c)}` : ""))
    .filter(Boolean)
    .join("\n\n");

  let stack = proposal;
  await team.plan("revision", team.alive.includes(proposer) ? 1 : 0);
  if (team.alive.includes(proposer)) {
    const revised = await team.say({
      key: `${k}/${proposer}/revised`,
      agent: proposer,
      task: "stack.revised_proposal",
      sections: { ...base, conversation: `${proposalText}\n\n${critiqueText}` },
      recipient: null,
      type: "broadcast",
    });
    if (revised) stack = revised.proposal;
  }
  if (team.alive.length === 0) return null;
  team.context = { ...base, tech_stack: JSON.stringify(stack, null, 2) };

  await team.plan("revised", 0);
  const polled = await team.tryRound("positions", team.alive.length);
  const positions = polled
    ? await team.all(team.alive, (agent) => ({
        key: `${k}/${agent}/position`,
        agent,
        task: "stack.position" as const,
        sections: { ...base, conversation: `FINAL STACK: ${JSON.stringify(stack)}\n\n${critiqueText}` },
        recipient: ORCHESTRATOR,
        type: "message" as const,
      }))
    : [];
  if (polled) await team.plan("approval", 0);
  else await team.broadcast("cutoff", "DEBATE CONCLUDED", "DEBATE CONCLUDED — message limit reached. The revised proposal goes to the person without closing positions.", "Debate concluded before closing positions");
  const agree = positions.filter((p) => p.output.agrees).length;
  const consensus: StackResult["consensus"] = !polled ? "unpolled" : agree === positions.length && positions.length > 0 ? "unanimous" : agree * 2 > positions.length ? "majority" : "none";
  const notes = positions
    .filter((p) => !p.output.agrees)
    .map((p) => `Trade-off (${agentInfo(ctx.personas, p.agent).name}): ${p.output.note}`);

  // [C] loops while the message budget allows another revision; the card then shows before → after.
  let previous: ProposalOutput | undefined;
  let changeNotes: string[] = [];
  for (let round = 1; ; round++) {
    // The person's change is never rationed by the agents' budget.
    const canChange = team.alive.includes(proposer);
    const followUps = await gateFollowUps(ctx, `${k}/approve-${round}`);
    const answer = await ctx.rt.input(`${k}/approve-${round}`, {
      kind: "stack_approval",
      title: "TECH STACK RECOMMENDATION",
      body: stackCard(stack, round === 1 ? (consensus === "unpolled" ? "NOT POLLED (the debate concluded early)" : consensus.toUpperCase()) : "REVISED FOR YOUR CHANGES", round === 1 ? notes : changeNotes, previous),
      options: canChange ? STACK_OPTIONS : STACK_OPTIONS.slice(0, 1),
      allowsText: canChange,
      details: { stack, consensus, notes, ...(followUps.length ? { followUps } : {}) },
    });
    if (answer.selection !== "C") return { stack, consensus };
    team.context = { ...base, tech_stack: JSON.stringify(stack, null, 2) };
    const changed = await team.say({
      key: `${k}/${proposer}/changes-${round}`,
      agent: proposer,
      task: "stack.user_changes",
      sections: { ...base, tech_stack: JSON.stringify(stack, null, 2), user_changes: answer.text ?? "" },
      recipient: null,
      type: "broadcast",
    });
    if (changed) {
      previous = stack;
      stack = changed.proposal;
      team.context = { ...base, tech_stack: JSON.stringify(stack, null, 2) };
      changeNotes = ["", `WHAT CHANGED: ${changed.unchanged}`];
    }
  }
}
