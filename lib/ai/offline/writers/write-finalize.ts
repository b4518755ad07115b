// blueprint.finalize: the author applies the review to the draft — recognised
// suggestions become content in the right section, missing sections are written,
// anything else is recorded as an accepted requirement — and says what changed.
import { ARTIFACT_KINDS, missingSections, type FinalizedArtifactOutput } from "@/lib/protocol";
import { markdownSections, type ProjectContext } from "../context";
import { joinList, truncate } from "../text-utils";
import { FIXES } from "./review-rules";
import { ownKind, writeArtifactOfKind } from "./write-artifact";

function listAfter(label: string, text: string): string[] {
  const m = new RegExp(`${label}:\\s*\\n((?:\\s*-.*\\n?)*)`, "i").exec(text);
  return m ? [...m[1].matchAll(/^\s*-\s+(.+)$/gm)].map((x) => x[1].trim()).filter((x) => !/^none\.?$/i.test(x)) : [];
}

/** Append a block at the end of a `## Section`, before the next heading of that level. */
export function appendToSection(md: string, section: string, block: string): string {
  const re = new RegExp(`^##\\s+(?:\\d+\\.\\s*)?${section.replace(/[.*+?^${}()|[\]\\&]/g, "\\$&")}\\s*$`, "im");
  const m = re.exec(md);
  if (!m) return `${md.trimEnd()}\n\n## ${section}\n\n${block}\n`;
  const after = md.slice(m.index + m[0].length);
  const next = after.search(/^##\s/m);
  const end = next < 0 ? md.length : m.index + m[0].length + next;
  return `${md.slice(0, end).trimEnd()}\n\n${block}\n\n${md.slice(end)}`.replace(/\n{3,}/g, "\n\n");
}

export function writeFinalize(ctx: ProjectContext): FinalizedArtifactOutput {
  const kind = ownKind(ctx);
  let md = ctx.section("current_draft") || writeArtifactOfKind(ctx, kind);
  const feedback = ctx.section("review_feedback");
  const items = [...listAfter("Suggestions", feedback), ...listAfter("Alignment Issues", feedback)];
  const done: string[] = [];
  const accepted: string[] = [];

  const missing = missingSections(kind, md);
  if (missing.length) {
    const fresh = markdownSections(writeArtifactOfKind(ctx, kind));
    for (const s of missing) md = appendToSection(md, s, fresh[s.toLowerCase()] ?? `${ARTIFACT_KINDS[kind].title}: ${s.toLowerCase()} for ${ctx.profile.name}.`);
    done.push(`wrote the missing section${missing.length > 1 ? "s" : ""} ${joinList(missing)}`);
  }
  for (const item of items) {
    if (/missing required section|add the missing section/i.test(item)) continue;
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
  return { changes_summary: truncate(summary, 600), markdown: md.trim() + "\n" };
}
