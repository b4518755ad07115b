// blueprint.finalize: the author applies the review to the draft — recognised
// suggestions become content in the right section, missing sections are written,
// anything else is recorded as an accepted requirement — and says what changed.
import { ARTIFACT_KINDS, missingSections, type FinalizedArtifactOutput } from "@inception-party/protocol";
import { markdownSections, type ProjectContext } from "../context";
import { joinList } from "../text-utils";
import { appendToSection } from "./edit-document";
import { applyGroundingFix } from "./grounding";
import { FIXES } from "./review-rules";
import { ownKind, writeArtifactOfKind } from "./write-artifact";
import { criticalPaths } from "./critical-paths";
import { statedRequirements } from "./write-architecture";
import { pathLine } from "./write-test-strategy";

function listAfter(label: string, text: string): string[] {
  const m = new RegExp(`${label}:\\s*\\n((?:\\s*-.*\\n?)*)`, "i").exec(text);
  return m ? [...m[1].matchAll(/^\s*-\s+(.+)$/gm)].map((x) => x[1].trim()).filter((x) => !/^none\.?$/i.test(x)) : [];
}

export function writeFinalize(ctx: ProjectContext): FinalizedArtifactOutput {
  const feedback = ctx.section("review_feedback");
  const kind = ownKind(ctx);
  let md = ctx.section("artifact_content") || ctx.section("current_draft") || writeArtifactOfKind(ctx, kind);
  const items = [...listAfter("Suggestions", feedback), ...listAfter("Alignment Issues", feedback), ...listAfter("action items \\(address each\\)", feedback)];
  const done: string[] = [];
  const accepted: string[] = [];

  const missing = missingSections(kind, md);
  if (missing.length) {
    const fresh = markdownSections(writeArtifactOfKind(ctx, kind));
    for (const s of missing) md = appendToSection(md, s, fresh[s.toLowerCase()] ?? `${ARTIFACT_KINDS[kind].title}: ${s.toLowerCase()} for ${ctx.title}.`);
    done.push(`wrote the missing section${missing.length > 1 ? "s" : ""} ${joinList(missing)}`);
  }
  // What the person said while the draft was written (a remark heard since) is carried too: each need whose words the draft does not quote yet.
  const [section, lines] = kind === "test-strategy-outline" ? ["Critical Paths", criticalPaths(ctx).map(pathLine)] : kind === "architecture-overview" ? ["Architecture Pattern", statedRequirements(ctx)] : ["", []];
  const fresh = lines.filter((l) => !md.includes(/“([^”]+)”/.exec(l)?.[1] ?? ""));
  const from = (markdownSections(md)[section.toLowerCase()]?.match(/^\d+\. /gm)?.length ?? 0) + 1;
  if (fresh.length) {
    md = appendToSection(md, section, fresh.map((l, i) => (kind === "test-strategy-outline" ? `${from + i}. ${l}` : `- ${l}`)).join("\n"));
    done.push(`carried ${fresh.length} more of what you said`);
  }
  for (const item of items) {
    if (/missing required section|add the missing section/i.test(item)) continue;
    // What the critique found against the person's words is fixed, not just recorded.
    const grounded = applyGroundingFix(ctx, kind, md, item);
    if (grounded) {
      if (grounded.md !== md) {
        md = grounded.md;
        done.push(grounded.done);
      }
      continue;
    }
    const fix = FIXES.find((f) => f.match.test(item));
    if (fix) {
      if (!done.includes(fix.done)) {
        md = appendToSection(md, fix.section, fix.add(ctx));
        done.push(fix.done);
      }
    } else accepted.push(item.replace(/[.]$/, ""));
  }
  if (accepted.length) {
    md = appendToSection(md, "Review Decisions", accepted.map((a) => `- Accepted: ${a}. This is now a requirement of this document and is checked at the next review.`).join("\n"));
    done.push(`recorded ${accepted.length} further point${accepted.length > 1 ? "s" : ""} as requirements`);
  }
  const summary = !feedback
    ? "No review feedback arrived; the draft is final as written."
    : done.length
      ? `Applied the review: ${done.join("; ")}.`
      : "The review raised no changes; the draft is final as written.";
  return { changes_summary: summary, markdown: md.trim() + "\n" };
}
