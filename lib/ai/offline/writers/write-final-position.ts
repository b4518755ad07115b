// vision.final_position: each persona's synthesis after the debate, in the shape the
// orchestrator merges into the Project Brief. Nadia leads on users and
// metrics, Oscar adds industry context, Tessa adds technical considerations.
import type { FinalPositionOutput } from "@/lib/protocol";
import { actorList } from "../actors-view";
import type { ProjectContext } from "../context";
import { capitalize, joinList, lowerFirst, truncate } from "../text-utils";
import {
  coreFeatures,
  industryContext,
  legalConstraints,
  problemStatement,
  projectConstraints,
  risks,
  successMetrics,
  targetUsers,
  technicalConsiderations,
} from "./vision-facts";

/** A teammate's cross-question addressed to this persona, if any, to answer in the vision. */
function answeredQuestion(ctx: ProjectContext): { from: string; question: string } | undefined {
  const q = ctx.conversation.find((m) => m.to === ctx.agent && /QUESTION FOR YOU:/i.test(m.body));
  const question = q ? /QUESTION FOR YOU:\s*(.+)/i.exec(q.body)?.[1] : undefined;
  return q && question ? { from: q.from, question } : undefined;
}

function reply(ctx: ProjectContext, question: string): string {
  const features = coreFeatures(ctx, 2);
  if (/EU region|HIPAA-eligible|send it elsewhere/i.test(question)) {
    return `yes — the database, backups, logs and error reports stay in ${ctx.traits.region.eu ? "an EU region" : "services covered by a BAA"}, and any tool that cannot promise that is left out`;
  }
  if (/polish one flow|which one should wait|first release|ship/i.test(question) && features.length) {
    return `“${lowerFirst(features[0])}” comes first${features[1] ? `; “${lowerFirst(features[1])}” can be simpler at launch` : ""}`;
  }
  if (/verif|before their first/i.test(question)) return "before the first listing — light checks (identity and a signed hygiene and allergen declaration) now, deeper ones as volume grows";
  if (/avoid collecting|skip/i.test(question)) return "we can skip birth dates, full addresses and phone numbers until a feature truly needs them";
  return "agreed; it is reflected in the constraints below";
}

export function writeFinalPosition(ctx: ProjectContext): FinalPositionOutput {
  const agent = ctx.agent;
  const asked = answeredQuestion(ctx);
  const lens =
    agent === "oscar"
      ? ` It must be compliant by construction: ${joinList(ctx.regulations.filter((r) => r.legal).slice(0, 3).map((r) => r.name.split(" (")[0])) || "a privacy-first design and OWASP ASVS Level 2"}.`
      : agent === "tessa"
        ? ` Technically it is one ${ctx.proposedPlan.pattern.split(":")[0].toLowerCase()} on ${ctx.proposedPlan.language.choice}, ${ctx.prefs.singleServer ? "on the single server you named" : "built with managed services"}.`
        : ` It succeeds when ${joinList(actorList(ctx, 2))} choose it over what they do today.`;
  const answer = asked ? ` To ${capitalize(asked.from)}'s question: ${reply(ctx, asked.question)}.` : "";
  const constraints = agent === "tessa" ? [...projectConstraints(ctx), ...legalConstraints(ctx)] : [...legalConstraints(ctx), ...projectConstraints(ctx)];
  const out: FinalPositionOutput = {
    project_vision: truncate(`${problemStatement(ctx)}${lens}${answer}`, 800),
    target_users: targetUsers(ctx).slice(0, 6).map((u) => truncate(u, 600)),
    core_features: coreFeatures(ctx, 10).map((f) => truncate(f, 600)),
    constraints: (constraints.length ? constraints : ["No hard constraints named yet; we assume a small team and a modest budget"]).slice(0, 8).map((c) => truncate(c, 600)),
    success_metrics: successMetrics(ctx, agent === "tessa" ? "technical" : "user").map((m) => truncate(m, 600)),
    risks: risks(ctx, agent === "oscar" ? "compliance" : agent === "tessa" ? "technical" : "user").map((r) => truncate(r, 600)),
  };
  if (agent === "oscar") out.industry_context = industryContext(ctx).map((s) => truncate(s, 600));
  if (agent === "tessa") out.technical_considerations = technicalConsiderations(ctx).map((s) => truncate(s, 600));
  out.core_features = out.core_features.map(capitalize);
  return out;
}
