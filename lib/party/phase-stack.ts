// Party phase 2, Protocol B (000 §3.5): proposal → security and ops critiques →
// revised proposal → agreement or dissent → the person approves ([Y]) or changes ([C]).
import type { PartyContext } from "./agent-step";
import { ORCHESTRATOR, PhaseTeam } from "./phase-common";
import { agentInfo } from "./roster";
import { STACK_OPTIONS, stackCard } from "./stack-card";
import type { ProposalOutput } from "../protocol/outputs";

export interface StackResult {
  stack: ProposalOutput;
  consensus: "unanimous" | "majority" | "none";
}

export async function stackDebate(ctx: PartyContext, team: PhaseTeam, description: string, briefMd: string): Promise<StackResult | null> {
  const k = team.key;
  const base = { project_description: description, project_brief: briefMd };
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
  const proposalText = `FROM ${agentInfo(ctx.personas, proposer).name.toUpperCase()}:\nPROPOSAL: ${JSON.stringify(proposal)}`;

  const critics = [
    { agent: "zara", task: "stack.security_critique" as const },
    { agent: "felix", task: "stack.ops_critique" as const },
  ].filter((c) => c.agent !== proposer && team.alive.includes(c.agent));
  const critiques = await Promise.all(
    critics.map((c) => team.say({ key: `${k}/${c.agent}/critique`, agent: c.agent, task: c.task, sections: { ...base, conversation: proposalText }, recipient: proposer!, type: "message" })),
  );
  const critiqueText = critiques
    .map((c, i) => (c ? `FROM ${agentInfo(ctx.personas, critics[i].agent).name.toUpperCase()}: ${JSON.stringify(c)}` : ""))
    .filter(Boolean)
    .join("\n\n");

  let stack = proposal;
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

  const positions = await team.all(team.alive, (agent) => ({
    key: `${k}/${agent}/position`,
    agent,
    task: "stack.position" as const,
    sections: { ...base, conversation: `FINAL STACK: ${JSON.stringify(stack)}\n\n${critiqueText}` },
    recipient: ORCHESTRATOR,
    type: "message" as const,
  }));
  const agree = positions.filter((p) => p.output.agrees).length;
  const consensus = agree === positions.length && positions.length > 0 ? "unanimous" : agree * 2 > positions.length ? "majority" : "none";
  const notes = positions
    .filter((p) => !p.output.agrees)
    .map((p) => `Trade-off (${agentInfo(ctx.personas, p.agent).name}): ${p.output.note}`);

  // [C] loops while the message budget allows another revision.
  for (let round = 1; ; round++) {
    const canChange = team.messages < team.max && team.alive.includes(proposer);
    const answer = await ctx.rt.input(`${k}/approve-${round}`, {
      kind: "stack_approval",
      title: "TECH STACK RECOMMENDATION",
      body: stackCard(stack, round === 1 ? consensus.toUpperCase() : "REVISED FOR YOUR CHANGES", round === 1 ? notes : []),
      options: canChange ? STACK_OPTIONS : STACK_OPTIONS.slice(0, 1),
      allowsText: canChange,
      details: { stack, consensus, notes },
    });
    if (answer.selection !== "C") return { stack, consensus };
    const changed = await team.say({
      key: `${k}/${proposer}/changes-${round}`,
      agent: proposer,
      task: "stack.user_changes",
      sections: { ...base, tech_stack: JSON.stringify(stack, null, 2), user_changes: answer.text ?? "" },
      recipient: null,
      type: "broadcast",
    });
    if (changed) stack = changed.proposal;
  }
}
