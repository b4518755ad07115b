// blueprint.review: one reviewer's feedback on a teammate's artifact, from the angle
// the blueprint phase assigns (architecture ↔ data model ↔ test strategy).
import { ARTIFACT_KINDS, type ReviewOutput } from "@inception-party/protocol";
import type { ProjectContext } from "../context";
import { reviewFindings } from "./review-rules";
import { kindFromHeader, kindOfContent, writeArtifactOfKind } from "./write-artifact";

/** Reviewer → the artifact it reviews, when the header does not say. */
const REVIEWS: Record<string, keyof typeof ARTIFACT_KINDS> = {
  architect: "data-model",
  architecture_designer: "data-model",
  data_modeler: "test-strategy-outline",
  test_strategist: "architecture-overview",
};

export function writeReview(ctx: ProjectContext): ReviewOutput {
  const content = ctx.section("artifact_content");
  const kind = kindFromHeader(ctx.artifactPath) ?? kindOfContent(content) ?? REVIEWS[ctx.agent] ?? "architecture-overview";
  const md = content || writeArtifactOfKind(ctx, kind);
  const findings = reviewFindings(ctx, kind, md);
  const strengths = findings.flatMap((f) => (f.strength ? [f.strength] : []));
  const suggestions = findings.flatMap((f) => (f.suggestion ? [f.suggestion] : []));
  const alignment = findings.flatMap((f) => (f.alignment ? [f.alignment] : []));
  if (!suggestions.length) suggestions.push(`Keep the ${ARTIFACT_KINDS[kind].title.toLowerCase()} in step with the other two documents as the code evolves; review it at each release`);
  return {
    strengths: strengths.length ? strengths : ["The document is specific to this project rather than generic"],
    suggestions,
    alignment_issues: alignment,
  };
}
