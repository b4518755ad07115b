// stack.user_changes: the person pressed [C] and said what to change. Apply it to the
// approved stack, keep everything else, and say what the change means for security
// and operations.
import type { RevisedProposalOutput } from "@inception-party/protocol";
import type { ProjectContext } from "../context";
import { applyChangeOps } from "../knowledge/apply-change-ops";
import { parseChangeRequest } from "../reading/change-request";
import { toolchain } from "../knowledge/family-profiles";
import { getSlot, toProposal } from "../knowledge/stack-plan";
import { joinList, quote } from "../text-utils";

export function writeUserChanges(ctx: ProjectContext): RevisedProposalOutput {
  const current = ctx.plan;
  const change = ctx.section("user_changes") || ctx.answers;
  const request = parseChangeRequest(change);
  const { plan, outcomes } = applyChangeOps(current, request.ops, ctx.stackInput);
  const changed = outcomes.filter((o) => o.applied && o.changed).map((o) => o.note);
  const already = outcomes.filter((o) => o.applied && !o.changed).map((o) => o.note);
  const declined = outcomes.filter((o) => !o.applied).map((o) => o.note);
  const notes = [
    ...declined.map((d) => `Not applied: ${d}.`),
    ...request.unclear.map((u) => `I could not tell what ${quote(u, 120)} asks of the stack, so I left the stack as it was for it.`),
  ];
  if (!request.ops.length && !request.unclear.length) notes.push("No change was described, so the stack stays as approved.");
  const f = toolchain(plan.family, plan.framework.choice);
  const sec: string[] = [];
  if (plan.database.choice !== current.database.choice) {
    sec.push(`encryption at rest, automated backups and a least-privilege application role carry over to ${plan.database.choice.split(" with ")[0]}`);
  }
  if (plan.family !== current.family) {
    const moved = ["sso", "realtime", "queue", "markdown", "fhir"].map((s) => getSlot(plan, s as never)).filter(Boolean).map((s) => s!.choice);
    sec.push(`the same controls now use ${f.language} equivalents${moved.length ? ` (${joinList(moved)})` : ""}`);
  }
  const host = getSlot(plan, "hosting");
  if (host && host.choice !== getSlot(current, "hosting")?.choice) {
    sec.push(ctx.traits.has("health") ? `${host.choice} must sign a BAA before any PHI is stored there` : ctx.traits.region.eu ? `${host.choice} must keep data in an EU region under a DPA` : `${host.choice} gets the same secret handling and network rules`);
  }
  const ops: string[] = [];
  if (plan.family !== current.family) ops.push(`CI now runs ${joinList(f.commands.slice(0, 3).map((c) => `\`${c}\``))}; migrations use ${f.migrations}`);
  if (plan.database.choice !== current.database.choice) ops.push(`local development and CI use ${plan.database.choice.split(" with ")[0]} in docker compose; the managed instance replaces the previous one before launch`);
  if (host && host.choice !== getSlot(current, "hosting")?.choice) ops.push(`deployments move to ${host.choice} with the same pipeline stages`);
  const keptServices = plan.additional.filter((a) => current.additional.some((b) => b.choice === a.choice)).map((a) => a.choice);
  return {
    proposal: toProposal(plan),
    addressed_security: sec.length ? `Security holds: ${sec.join("; ")}.` : `Security is unaffected: ${changed.length ? "the change does not touch how data is stored or who can reach it" : "nothing in the stack changed"}.`,
    addressed_ops: ops.length ? `${ops.join("; ")}.` : changed.length ? `${changed.join("; ")}; the pipeline is otherwise unchanged.` : notes.join(" ") || "No operational change.",
    unchanged: [
        changed.length ? `Changed: ${changed.join("; ")}.` : "",
        already.length ? `Already so: ${already.join("; ")}.` : "",
        ...notes,
        `Kept${keptServices.length ? ` ${joinList(keptServices.slice(0, 3))}` : " the rest of the approved stack"}${plan.database.choice === current.database.choice ? ` and ${current.database.choice}` : ""}: your request did not touch them.`,
      ]
        .filter(Boolean)
        .join(" "),
  };
}
