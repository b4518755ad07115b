// vision.final_position: each persona's synthesis after the debate, in the shape the
// orchestrator merges into the Project Brief. Nadia leads on users and
// metrics, Oscar adds industry context, Tessa adds technical considerations.
import type { FinalPositionOutput } from "@inception-party/protocol";
import { actorList } from "../actors-view";
import type { ProjectContext } from "../context";
import { capitalize, joinList } from "../text-utils";
import { contradictions } from "../reading/features";
import { coreFeatures, industryContext, legalConstraints, problemStatement, projectConstraints, risks, successMetrics, targetUsers, technicalConsiderations } from "./vision-facts";

export function writeFinalPosition(ctx: ProjectContext): FinalPositionOutput {
  const agent = ctx.agent;
  // A teammate's cross-question addressed to this persona, if any, to answer in the vision.
  const q = ctx.conversation.find((m) => m.to === agent && /QUESTION FOR YOU:/i.test(m.body));
  const question = q ? /QUESTION FOR YOU:\s*(.+)/i.exec(q.body)?.[1] : undefined;
  const asked = q && question ? { from: q.from, question } : undefined;
  const lens =
    agent === "oscar"
      ? ` It must be compliant by construction: ${joinList(ctx.regulations.filter((r) => r.legal).slice(0, 3).map((r) => r.name.split(" (")[0])) || "a privacy-first design and OWASP ASVS Level 2"}.`
      : agent === "tessa"
        ? ` Technically it is one ${ctx.proposedPlan.pattern.split(":")[0].toLowerCase()} on ${ctx.proposedPlan.language.choice}, ${ctx.prefs.singleServer ? "on the single server you named" : "built with managed services"}.`
        : ` It succeeds when ${joinList(actorList(ctx, 2))} choose it over what they do today.`;
  // A teammate's question only the person can answer goes to them, not answered by a guess.
  const answer = asked ? ` ${capitalize(asked.from)} asked something only you can answer; it is among the questions for you.` : "";
  // Two things the person said that cannot both hold: asked, quoting both; meanwhile the later one stands.
  const clash = contradictions([ctx.description, ctx.answers, ctx.remarks].filter(Boolean)).map((c) => `You said “${c.earlier}” and later “${c.later}”: which one stands? Until you say, we go with the later one.`);
  const constraints = agent === "tessa" ? [...projectConstraints(ctx), ...legalConstraints(ctx)] : [...legalConstraints(ctx), ...projectConstraints(ctx)];
  const out: FinalPositionOutput = {
    project_vision: `${problemStatement(ctx)}${lens}${answer}`,
    target_users: targetUsers(ctx),
    core_features: coreFeatures(ctx, 10),
    constraints: constraints.length ? constraints : ["No hard constraints named yet; we assume a small team and a modest budget"],
    success_metrics: successMetrics(ctx, agent === "tessa" ? "technical" : "user"),
    risks: risks(ctx, agent === "oscar" ? "compliance" : agent === "tessa" ? "technical" : "user"),
  };
  const open = [...clash, ...(asked ? [asked.question] : [])];
  if (open.length) out.open_questions = open;
  if (agent === "oscar") out.industry_context = industryContext(ctx);
  if (agent === "tessa") out.technical_considerations = technicalConsiderations(ctx);
  return out;
}
