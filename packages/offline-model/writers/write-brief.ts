// classic.brief: the Project Brief the product analyst writes alone in Classic mode;
// the same facts as the party's merged brief, in one voice.
import type { BriefOutput } from "@inception-party/protocol";
import type { ProjectContext } from "../context";
import { joinList } from "../text-utils";
import { coreFeatures, industryContext, legalConstraints, problemStatement, projectConstraints, risks, successMetrics, targetUsers, technicalConsiderations } from "./vision-facts";

export function writeBrief(ctx: ProjectContext): BriefOutput {
  const scale = [...projectConstraints(ctx), ...legalConstraints(ctx)];
  const numbers = ctx.profile.numbers.map((n) => `Expected volume: ${n}`);
  const regs = ctx.regulations.filter((r) => r.legal).slice(0, 3).map((r) => r.name.split(" (")[0]);
  return {
    problem_statement: `${problemStatement(ctx)}${regs.length ? ` It must comply with ${joinList(regs)} from day one.` : ""}`,
    target_users: targetUsers(ctx),
    core_features: coreFeatures(ctx, 12),
    scale_constraints: [...numbers, ...scale].length ? [...numbers, ...scale] : ["Modest launch volume; one service and a managed database are enough"],
    success_metrics: successMetrics(ctx),
    industry_context: industryContext(ctx),
    technical_considerations: technicalConsiderations(ctx),
    risk_factors: risks(ctx),
  };
}
