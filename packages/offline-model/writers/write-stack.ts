// Stack debate turns: Liam's proposal, Zara's security
// critique, Felix's ops critique, Liam's revision and each member's position.
import type { OpsCritiqueOutput, PositionOutput, ProposalOutput, RevisedProposalOutput, SecurityCritiqueOutput } from "@inception-party/protocol";
import { critiqueTitles, findMessage } from "../conversation";
import type { ProjectContext } from "../context";
import { toProposal } from "../knowledge/stack-plan";
import { capitalize, joinList } from "../text-utils";

export function writeProposal(ctx: ProjectContext): ProposalOutput {
  // Classic mode has no debate: the orchestrator recommends the already-hardened stack.
  return toProposal(ctx.task === "classic.stack" ? ctx.revision.plan : ctx.proposedPlan);
}

export function writeSecurityCritique(ctx: ProjectContext): SecurityCritiqueOutput {
  const concerns = ctx.concerns;
  const top = concerns.slice(0, 3).map((c) => c.fix);
  return {
    concerns: concerns.map(({ title, detail }) => ({ title, detail })),
    recommendation: `${capitalize(top.join("; "))}. ${ctx.rng("close").pick([
      "None of this changes the language or database — it changes what we store, where, and who can reach it.",
      "The stack can stay; what must change is what we keep, where it lives and who can touch it.",
      "These are design decisions, not a different stack, and they are cheapest now.",
    ])}`,
  };
}

export function writeOpsCritique(ctx: ProjectContext): OpsCritiqueOutput {
  const { deployment, cost, dx, recommendation } = ctx.ops;
  return { deployment, cost, dx, recommendation };
}

export function writeRevisedProposal(ctx: ProjectContext): RevisedProposalOutput {
  const r = ctx.revision;
  // Name Zara's own concern titles when her message is in the conversation.
  const sec = findMessage(ctx.conversation, "SECURITY CRITIQUE");
  const titles = sec ? critiqueTitles(sec.body).slice(0, 3) : [];
  const lead = titles.length ? `On ${joinList(titles.map((t) => `“${t}”`))}: ` : "";
  return {
    proposal: toProposal(r.plan),
    addressed_security: lead + r.addressedSecurity,
    addressed_ops: r.addressedOps,
    unchanged: r.unchanged,
  };
}

export function writePosition(ctx: ProjectContext): PositionOutput {
  const revisedText = findMessage(ctx.conversation, "REVISED PROPOSAL")?.body ?? "";
  // A position on a stack the person changed reads that stack (tech_stack), not our own revision.
  const plan = ctx.approvedProposal ? ctx.plan : ctx.revision.plan;
  const position = (agrees: boolean, note: string): PositionOutput => ({ agrees, note });
  if (ctx.agent === "zara") {
    const concerns = ctx.concerns;
    const addressed = revisedText
      ? concerns.filter((c) => c.title.split(/\W+/).some((w) => w.length > 4 && revisedText.toLowerCase().includes(w.toLowerCase())) || !c.apply)
      : concerns;
    const agrees = addressed.length >= Math.ceil(concerns.length / 2);
    const open = concerns.filter((c) => !addressed.includes(c)).map((c) => c.fix);
    return position(
      agrees,
      agrees
        ? `The revision covers my points: ${joinList(concerns.slice(0, 3).map((c) => `“${c.title}”`))}. I will hold the team to the design-level ones in the blueprint${open.length ? `, and I still want ${open[0]}` : ""}.`
        : `Too much is left open: ${joinList(open.slice(0, 3))}. I can accept the stack once these are in the design.`,
    );
  }
  if (ctx.agent === "felix") {
    const team = ctx.profile.answers.first("team");
    // Six services are too many to run for a team of one or two.
    const agrees = !(plan.additional.length >= 6 && /\b(one|two|2|1|solo|myself|just me)\b/i.test(team ?? ""));
    const obs = plan.additional.find((a) => a.slot === "observability");
    return position(
      agrees,
      agrees
        ? `${ctx.rng("felix").pick(["Agreed.", "Works for me.", "Good to go."])} ${obs ? `${obs.choice} is in, ` : ""}one pipeline deploys everything, and the running cost fits the launch volume. I'll own the CI and staging setup.`
        : `Six services for ${team?.toLowerCase() ?? "a team this size"} is too much to run at launch. I'd defer ${plan.additional[plan.additional.length - 1].choice} until the first users arrive; the rest I accept.`,
    );
  }
  return position(
    true,
    `I stand by the revision: ${plan.language.choice}, ${plan.framework.choice} and ${plan.database.choice.split(" with ")[0]}, with ${joinList(plan.additional.slice(0, 3).map((a) => a.choice))}. It answers both critiques without changing the core.`,
  );
}
