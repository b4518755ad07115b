// artifact.revise: the person's feedback on a finished document, read as the same
// add / remove / replace / forbid operations as any change request, and applied to the
// document they saw: "add an Announcement entity with a title, body and publish date"
// adds that entity with its relations; "we won't take payments" takes money out
// everywhere; "no Kubernetes" takes it out; "use X instead of Y" replaces it. What could
// not be applied is said in the summary, never dropped silently.
import type { RevisedArtifactOutput } from "@inception-party/protocol";
import type { ProjectContext } from "../context";
import { techOf } from "../knowledge/apply-change-ops";
import { modelChanges } from "../knowledge/model-changes";
import { escapeRegExp, joinList, quote } from "../text-utils";
import { appendToSection, removeEntity, removeMentions, removeMoney } from "./edit-document";
import { addModelEntity } from "./grounding";
import { artifactKind, kindFromHeader, writeArtifactOfKind } from "./write-artifact";

export function writeArtifactRevision(ctx: ProjectContext): RevisedArtifactOutput {
  const feedback = ctx.section("user_changes");
  const kind = kindFromHeader(ctx.artifactPath);
  // Without the document in the prompt, the agent's own document is the one revised.
  const original = ctx.section("current_draft") || ctx.section("artifact_content") || writeArtifactOfKind(ctx, kind ?? artifactKind(ctx));
  let md = original;
  const done: string[] = [];
  const notDone: string[] = [];
  const request = ctx.laterChanges;
  const entityNames = ctx.model.entities.map((e) => e.name);
  const mc = modelChanges(request.ops, ctx.reading, entityNames);
  /** Takes an edit's document and says what it did; false when the edit found nothing to change. */
  const edited = (out: string | undefined, what: string) => {
    if (out) {
      md = out;
      done.push(what);
    }
    return Boolean(out);
  };
  /** Anything else asked for is written into the document as a requirement, in the person's words. */
  const asRequirement = (said: string) => edited(appendToSection(md, "Revisions", `- Added at your request: ${quote(said)}. It is a requirement of this document from now on.`), `recorded ${quote(said)} as a requirement`);

  if (mc.add.length) {
    if (kind === "data-model") {
      for (const d of mc.add) {
        const added = addModelEntity(ctx, md, d.name);
        if (added === "present") notDone.push(`${d.name} is already in the data model`);
        else if (added === "unbuilt") notDone.push(`I could not build the ${d.name} entity from ${quote(feedback)}`);
        else {
          md = added.md;
          const fields = ctx.model.entities.find((e) => e.name === d.name)?.fields.filter((f) => !f.primary && !f.references && f.name !== "created_at").map((f) => f.name) ?? [];
          done.push(`added the ${d.name} entity (${joinList(fields)})${added.relations.length ? ` linked to ${joinList(added.relations.map((r) => (r.from === d.name ? r.to : r.from)))}` : ""}`);
        }
      }
    } else for (const d of mc.add) notDone.push(`a ${d.name} entity belongs in the data model, not in this document — ask for it there`);
  }
  for (const name of mc.remove) if (!edited(removeEntity(md, name) ?? removeMentions(md, name), `removed ${name}`)) notDone.push(`${name} is not in this document`);
  if (mc.noMoney && !edited(removeMoney(md), "removed every money field, payment table and payment provider")) done.push("confirmed there is no money in it");
  for (const op of mc.rest) {
    if (op.op === "forbid" || op.op === "remove") {
      if (!edited(removeMentions(md, op.target), `removed ${op.target}${op.op === "forbid" ? " (ruled out)" : ""}`)) notDone.push(`${op.target} is not in this document`);
      continue;
    }
    if (op.op === "replace" && op.replacement) {
      const re = new RegExp(`(?<![A-Za-z0-9])${escapeRegExp(op.target)}(?![A-Za-z0-9])`, "gi");
      if (re.test(md)) {
        md = md.replace(re, op.replacement);
        done.push(`replaced ${op.target} with ${op.replacement}${techOf(op.replacement) ? " (the stack card is where the toolchain itself changes)" : ""}`);
      } else notDone.push(`${op.target} is not in this document, so there was nothing to replace`);
      continue;
    }
    asRequirement(op.text);
  }
  for (const u of request.unclear) {
    // A question is answered in the room, not written down; a statement about the product
    // ("members can freeze their membership") is what the person wants it to be.
    if (/\?\s*$/.test(u)) notDone.push(`${quote(u)} is a question, so the document does not change for it`);
    else asRequirement(u);
  }
  if (!feedback.trim()) notDone.push("no feedback arrived");
  const summary = [done.length ? `Applied your feedback: ${done.join("; ")}.` : "", notDone.length ? `Not applied: ${notDone.join("; ")}.` : ""].filter(Boolean).join(" ") || "Nothing in the feedback asked for a change; the document is unchanged.";
  return { changes_summary: summary, markdown: (md || original).trim() + "\n" };
}
