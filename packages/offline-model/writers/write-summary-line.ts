// The Summarize step: one short line in the spec's summary style
// ("Nadia has questions for the user", "Review of data model", ...).
import { ARTIFACT_KINDS } from "@inception-party/protocol";
import type { ProjectContext } from "../context";
import { persona, possessive } from "../personas";
import { truncate } from "../text-utils";
import { artifactKind, kindFromHeader, ownKind } from "./write-artifact";
import { perspectiveName } from "./write-critique";

type Line = (who: string, ctx: ProjectContext, o: Record<string, unknown> | undefined) => string;

const LINES = new Map<string, Line>([
  ["vision.questions", (who) => `${who} has questions for the user`],
  ["classic.vision_questions", () => "Product Analyst has questions for the user"],
  ["vision.interpretation", (who) => `${possessive(who)} vision interpretation`],
  ["vision.final_position", (who) => `${possessive(who)} final vision`],
  ["stack.proposal", (who) => `${possessive(who)} tech stack proposal`],
  ["stack.security_critique", (who) => `${possessive(who)} security critique`],
  ["stack.ops_critique", (who) => `${possessive(who)} ops critique`],
  ["stack.revised_proposal", (who) => `${possessive(who)} revised tech stack`],
  ["stack.user_changes", (who) => `${possessive(who)} revised tech stack`],
  ["stack.position", (who, _ctx, o) => `${who} ${o?.agrees === false ? "dissents from" : "agrees with"} the revised stack`],
  ["blueprint.produce", (who, ctx) => `${who} drafted the ${ARTIFACT_KINDS[artifactKind(ctx)].title.toLowerCase()}`],
  ["classic.artifact", (who, ctx) => `${who} drafted the ${ARTIFACT_KINDS[artifactKind(ctx)].title.toLowerCase()}`],
  ["blueprint.summary", (who) => `${possessive(who)} artifact ready for review`],
  ["blueprint.review", (_who, ctx) => `Review of ${ARTIFACT_KINDS[kindFromHeader(ctx.artifactPath) ?? ownKind(ctx)].title.toLowerCase()}`],
  ["blueprint.finalize", (who) => `${possessive(who)} artifact finalized`],
  ["classic.brief", () => "Project brief drafted"],
  ["classic.research", () => "Research summary: practices, compliance, performance, testing"],
  ["classic.stack", () => "Tech stack recommendation"],
  [
    "constitution.draft",
    (_who, _ctx, o) => {
      const arts = (o?.articles as { domain_specific: boolean }[] | undefined) ?? [];
      return `Constitution drafted: ${arts.length} articles, ${arts.filter((a) => a.domain_specific).length} domain-specific`;
    },
  ],
  ["constitution.revise", () => "Constitution revised"],
  ["skills.report", (_who, _ctx, o) => `Skill report: ${((o?.skills as unknown[]) ?? []).length} skills for this stack`],
  ["critique.perspective", (_who, ctx, o) => `${perspectiveName(ctx)} critique (${String(o?.rating ?? "?")}/5)`],
]);

export function writeSummaryLine(ctx: ProjectContext, output: unknown): string {
  const who = persona(ctx.agent).name;
  const line = LINES.get(ctx.task) ?? ((w: string) => `${w} replied`);
  return truncate(line(who, ctx, output as Record<string, unknown> | undefined), 100);
}
