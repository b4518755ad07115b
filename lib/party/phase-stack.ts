// Party phase 2, the stack debate: proposal → security and ops critiques → revised
// proposal → agreement or dissent → the person approves ([Y]) or changes ([C]). The
// closing positions give way when what the person said into the room used their budget.
import { settleAll } from "./settle-all";
import type { PartyContext } from "./agent-step";
import { gateFollowUps, PhaseTeam } from "./phase-common";
import { agentInfo } from "./roster";
import { STACK_OPTIONS, stackCard } from "./stack-card";
import { replacedTechnologies, replacements, stalePassages, unhonouredParts, type Replacement } from "./stack-change";
import { TASKS, type ProposalOutput, type Sections } from "@inception-party/protocol";
import { ORCHESTRATOR } from "../vocabulary";

export interface StackResult {
  stack: ProposalOutput;
  /**
   * About the approved stack: after a change, from the critics' review of the changed stack.
   * "unpolled": the closing positions were skipped (the person's messages used their
   * budget), or no critic was left to review the change.
   */
  consensus: "unanimous" | "majority" | "none" | "unpolled";
  /** Technologies of the first recommendation that the approved stack no longer names, and what took their place. */
  replaced: Replacement[];
}

const CRITICS = [
  { agent: "zara", task: "stack.security_critique" as const },
  { agent: "felix", task: "stack.ops_critique" as const },
];

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

  const critics = CRITICS.filter((c) => c.agent !== proposer && team.alive.includes(c.agent));
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
  const first = polled ? await review(ctx, team, stack, { ...base }, critiqueText) : null;
  if (polled) await team.plan("approval", 0);
  else await team.broadcast("cutoff", "DEBATE CONCLUDED", "DEBATE CONCLUDED — message limit reached. The revised proposal goes to the person without closing positions.", "Debate concluded before closing positions");
  let consensus: StackResult["consensus"] = polled ? (first?.consensus ?? "none") : "unpolled";
  let notes = first?.notes ?? [];

  // [C] loops while the proposer is there to revise; the card then shows before → after,
  // and the critics review every changed stack before its card says how far they agree.
  const original = stack;
  let previous: ProposalOutput | undefined;
  // What the consensus shown is about: the debate's stack, or the stack the person changed.
  let basis: "debate" | "change" = "debate";
  for (let round = 1; ; round++) {
    // The person's change is never rationed by the agents' budget.
    const canChange = team.alive.includes(proposer);
    const gate = `${k}/approve-${round}`;
    const followUps = await gateFollowUps(ctx, gate);
    const label =
      consensus === "unpolled"
        ? basis === "debate" ? "NOT POLLED (the debate concluded early)" : "NOT RE-REVIEWED (no critic was left to review your change)"
        : `${consensus.toUpperCase()}${basis === "change" ? " — re-reviewed after your change" : ""}`;
    const answer = await ctx.rt.input(gate, {
      kind: "stack_approval",
      title: "TECH STACK RECOMMENDATION",
      body: stackCard(stack, label, notes, previous),
      options: canChange ? STACK_OPTIONS : STACK_OPTIONS.slice(0, 1),
      allowsText: canChange,
      details: { stack, consensus, notes, ...(followUps.length ? { followUps } : {}) },
    });
    if (answer.selection !== "C") return { stack, consensus, replaced: replacements(original, stack) };
    const request = answer.text ?? "";
    // What the team says about the change answers the person's [C]: outside the agents' budget.
    const replyTo = [ctx.rt.id("req", gate)];
    team.context = { ...base, tech_stack: JSON.stringify(stack, null, 2) };
    const changed = await team.say({
      key: `${k}/${proposer}/changes-${round}`,
      agent: proposer,
      task: "stack.user_changes",
      sections: { ...base, tech_stack: JSON.stringify(stack, null, 2), user_changes: request },
      recipient: null,
      type: "broadcast",
      replyTo,
    });
    if (!changed) {
      notes = ["", `NOT DONE FROM YOUR REQUEST: all of it — ${agentInfo(ctx.personas, proposer).name} could not revise the stack, so it is as before.`];
      continue;
    }
    previous = stack;
    stack = changed.proposal;
    const stackJson = JSON.stringify(stack, null, 2);
    team.context = { ...base, tech_stack: stackJson };
    const replaced = replacedTechnologies(original, stack);
    const stale = stalePassages(stack.additional.map((a) => `${a.choice}: ${a.rationale}`).concat(stack.language.rationale, stack.framework.rationale, stack.database.rationale).join("\n"), replaced);
    const unhonoured = unhonouredParts(request, stack, [changed.unchanged, changed.addressed_security, changed.addressed_ops].join("\n"), previous);
    const proposerName = agentInfo(ctx.personas, proposer).name.toUpperCase();
    const again = await reReview(ctx, team, proposer, stack, { ...base, tech_stack: stackJson, user_changes: request }, `FROM ${proposerName}:\n${TASKS["stack.proposal"].render(stack)}`, `${k}/change-${round}`, replyTo);
    basis = "change";
    consensus = again?.consensus ?? "unpolled";
    notes = [
      "",
      ...(again ? [`RE-REVIEWED: ${again.critics} reviewed the changed stack; the consensus is the team's positions on it.`] : []),
      `WHAT CHANGED: ${changed.unchanged}`,
      ...(replaced.length ? [`NO LONGER IN THE STACK: ${replaced.join(", ")} — every document the team writes from here is checked for them.`] : []),
      ...(unhonoured.length ? ["NOT DONE FROM YOUR REQUEST:", ...unhonoured.map((u) => `- ${u.name}: ${u.reason}`)] : []),
      ...(stale.length ? ["STILL NAMES WHAT YOUR CHANGE REPLACED:", ...stale.map((x) => `- ${x.sentence}`)] : []),
      ...(again?.notes ?? []),
    ];
  }
}

type Polled = Exclude<StackResult["consensus"], "unpolled">;

/** Closing positions on a stack: the card's consensus, and each dissent as a trade-off note. */
async function positionsOn(ctx: PartyContext, team: PhaseTeam, sections: Sections, keyOf: (agent: string) => string, replyTo?: string[]): Promise<{ consensus: Polled; notes: string[] } | null> {
  const positions = await team.all(team.alive, (agent) => ({
    key: keyOf(agent),
    agent,
    task: "stack.position" as const,
    sections,
    recipient: ORCHESTRATOR,
    type: "message" as const,
    ...(replyTo ? { replyTo } : {}),
  }));
  if (!positions.length) return null;
  const agree = positions.filter((p) => p.output.agrees).length;
  const consensus: Polled = agree === positions.length ? "unanimous" : agree * 2 > positions.length ? "majority" : "none";
  const notes = positions.filter((p) => !p.output.agrees).map((p) => `Trade-off (${agentInfo(ctx.personas, p.agent).name}): ${p.output.note}`);
  return { consensus, notes };
}

/** The debate's closing positions on the revised proposal. */
function review(ctx: PartyContext, team: PhaseTeam, stack: ProposalOutput, base: Sections, critiqueText: string) {
  return positionsOn(ctx, team, { ...base, conversation: `FINAL STACK: ${JSON.stringify(stack)}\n\n${critiqueText}` }, (agent) => `${team.key}/${agent}/position`);
}

/**
 * The critics review a stack the person changed, as they reviewed the first proposal, and
 * every member takes a position on it: the card's consensus is about the stack it shows.
 */
async function reReview(ctx: PartyContext, team: PhaseTeam, proposer: string, stack: ProposalOutput, sections: Sections, proposalText: string, key: string, replyTo: string[]) {
  const critics = CRITICS.filter((c) => c.agent !== proposer && team.alive.includes(c.agent));
  const critiques = await settleAll(
    critics.map((c) => team.say({ key: `${key}/${c.agent}/critique`, agent: c.agent, task: c.task, sections: { ...sections, conversation: proposalText }, recipient: proposer, type: "message", replyTo })),
  );
  const critiqueText = critiques.map((c, i) => (c ? `FROM ${agentInfo(ctx.personas, critics[i].agent).name.toUpperCase()}: ${JSON.stringify(c)}` : "")).filter(Boolean).join("\n\n");
  // Without a critique of the changed stack there is no consensus to show about it.
  if (!critiqueText) return null;
  const polled = await positionsOn(ctx, team, { ...sections, conversation: `FINAL STACK: ${JSON.stringify(stack)}\n\n${critiqueText}` }, (agent) => `${key}/${agent}/position`, replyTo);
  const names = critics.filter((_, i) => critiques[i]).map((c) => `${agentInfo(ctx.personas, c.agent).name} (${c.task === "stack.security_critique" ? "security" : "operations"})`);
  return polled && { ...polled, critics: names.join(" and ") };
}
