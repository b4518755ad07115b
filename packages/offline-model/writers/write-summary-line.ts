// The Summarize step: one short line in the spec's summary style
// ("Nadia has questions for the user", "Review of data model", ...).
import { ARTIFACT_KINDS } from "@inception-party/protocol";
import type { ProjectContext } from "../context";
import { persona, possessive } from "../personas";
import { truncate } from "../text-utils";
import { artifactKind, kindFromHeader, ownKind } from "./write-artifact";
import { perspectiveName } from "./write-critique";

export function writeSummaryLine(ctx: ProjectContext, output: unknown): string {
  const who = persona(ctx.agent).name;
  const o = output as Record<string, unknown> | undefined;
  const line = (() => {
    switch (ctx.task) {
      case "vision.questions":
        return `${who} has questions for the user`;
      case "classic.vision_questions":
        return "Product Analyst has questions for the user";
      case "vision.interpretation":
        return `${possessive(who)} vision interpretation`;
      case "vision.final_position":
        return `${possessive(who)} final vision`;
      case "stack.proposal":
        return `${possessive(who)} tech stack proposal`;
      case "stack.security_critique":
        return `${possessive(who)} security critique`;
      case "stack.ops_critique":
        return `${possessive(who)} ops critique`;
      case "stack.revised_proposal":
      case "stack.user_changes":
        return `${possessive(who)} revised tech stack`;
      case "stack.position":
        return `${who} ${o?.agrees === false ? "dissents from" : "agrees with"} the revised stack`;
      case "blueprint.produce":
      case "classic.artifact":
        return `${who} drafted the ${ARTIFACT_KINDS[artifactKind(ctx)].title.toLowerCase()}`;
      case "blueprint.summary":
        return `${possessive(who)} artifact ready for review`;
      case "blueprint.review":
        return `Review of ${ARTIFACT_KINDS[kindFromHeader(ctx.artifactPath) ?? ownKind(ctx)].title.toLowerCase()}`;
      case "blueprint.finalize":
        return `${possessive(who)} artifact finalized`;
      case "classic.brief":
        return "Project brief drafted";
      case "classic.research":
        return "Research summary: practices, compliance, performance, testing";
      case "classic.stack":
        return "Tech stack recommendation";
      case "constitution.draft": {
        const arts = (o?.articles as { domain_specific: boolean }[] | undefined) ?? [];
        return `Constitution drafted: ${arts.length} articles, ${arts.filter((a) => a.domain_specific).length} domain-specific`;
      }
      case "constitution.revise":
        return "Constitution revised";
      case "skills.report":
        return `Skill report: ${((o?.skills as unknown[]) ?? []).length} skills for this stack`;
      case "critique.perspective":
        return `${perspectiveName(ctx)} critique (${String(o?.rating ?? "?")}/5)`;
      default:
        return `${who} replied`;
    }
  })();
  return truncate(line, 100);
}
