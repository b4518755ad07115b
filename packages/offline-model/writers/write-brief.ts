// classic.brief: the Project Brief the product analyst writes alone in Classic mode;
// the same facts as the party's merged brief, in one voice.
import type { BriefOutput } from "@inception-party/protocol";
import type { ProjectContext } from "../context";
import { joinList, truncate } from "../text-utils";
import { coreFeatures, industryContext, legalConstraints, problemStatement, projectConstraints, risks, successMetrics, targetUsers, technicalConsiderations } from "./vision-facts";

export function writeBrief(ctx: ProjectContext): BriefOutput {
  const t = (xs: string[], n: number) => xs.slice(0, n).map((x) => truncate(x, 600));
  const scale = [...projectConstraints(ctx), ...legalConstraints(ctx)];
  const numbers = ctx.profile.numbers.map((n) => `Expected volume: ${n}`);
  const regs = ctx.regulations.filter((r) => r.legal).slice(0, 3).map((r) => r.name.split(" (")[0]);
  return {
    problem_statement: truncate(`${problemStatement(ctx)}${regs.length ? ` It must comply with ${joinList(regs)} from day one.` : ""}`, 1200),
    target_users: t(targetUsers(ctx), 8),
    core_features: t(coreFeatures(ctx, 12), 12),
    scale_constraints: t([...numbers, ...scale].length ? [...numbers, ...scale] : ["Modest launch volume; one service and a managed database are enough"], 10),
    success_metrics: t(successMetrics(ctx), 8),
    industry_context: t(industryContext(ctx), 8),
    technical_considerations: t(technicalConsiderations(ctx), 8),
    risk_factors: t(risks(ctx), 10),
  };
}
