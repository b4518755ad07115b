// A document checked against what the person said and the approved stack: an entity
// they named that the data model lacks, money in a product they said takes none, a
// technology they ruled out, a UI language or offline use the architecture forgets.
// The critique rates by these gaps; finalize and revisions fix them with the same words.
import type { ArtifactKind } from "@inception-party/protocol";
import type { ProjectContext } from "../context";
import { ruledOutOf } from "../knowledge/apply-change-ops";
import { TECHS } from "../knowledge/tech-catalog";
import { escapeRegExp, joinList, quote } from "../text-utils";
import type { Relation } from "../knowledge/extract-entities";
import { appendToSection, entityBlock, hasEntity, relationLine, removeMentions, removeMoney, withoutLines } from "./edit-document";
import { writeArtifactOfKind } from "./write-artifact";
import { statedRequirements } from "./write-architecture";

export interface Gap {
  weakness: string;
  suggestion: string;
  /** The rating can be at most this (a missing core entity: 2). */
  cap?: number;
  penalty?: number;
}

/** The technologies the person ruled out, from the approved stack and their own words. */
export function ruledOutTech(ctx: ProjectContext): string[] {
  const fromStack = ctx.approvedProposal ? ruledOutOf(ctx.approvedProposal) : [];
  const said = ctx.reading.forbidden
    .map((f) => TECHS.find((t) => new RegExp(`^(?:${t.pattern})$`, "i").test(f))?.label.replace(/ \(.+\)$/, ""))
    .filter((x): x is string => Boolean(x));
  return [...new Set([...fromStack, ...said])];
}

export function groundingGaps(ctx: ProjectContext, kind: ArtifactKind | undefined, md: string): Gap[] {
  const gaps: Gap[] = [];
  // The text without the places that record a ban ("ruled out by you: Kubernetes").
  const used = withoutLines(md.replace(/ruled out by you: [^\n.;|]+/gi, ""), (l) => /ruled out|left out|you said|as you asked/i.test(l));
  if (kind === "data-model" || kind === "prd") {
    for (const c of ctx.model.core) {
      if (kind === "prd" || hasEntity(md, c.entity)) continue;
      const sentence = ctx.reading.sentences.find((s) => s.toLowerCase().includes(c.said.split(" ")[0].slice(0, 5))) ?? c.said;
      gaps.push({
        weakness: `CRITICAL: no ${c.entity} entity, though the description names it: ${quote(sentence)}`,
        suggestion: `Add the ${c.entity} entity the person named, with its relations`,
        cap: 2,
      });
    }
    if (ctx.model.noMoney && /minor units|`(?:price|amount|total|currency)`|^###\s+(?:Payment|Payout|Invoice)\b|\bStripe\b/im.test(used)) {
      gaps.push({ weakness: "Money fields or payment tables appear, although the person said the product handles no payments", suggestion: "Remove every money field and payment table: the person said no payments", cap: 2 });
    }
  }
  const bansBroken = ruledOutTech(ctx).filter((t) => new RegExp(`(?<![A-Za-z0-9])${escapeRegExp(t)}(?![A-Za-z0-9])`, "i").test(used));
  gaps.push(...bansBroken.map((t) => ({ weakness: `CRITICAL: uses ${t}, which the person ruled out`, suggestion: `Remove ${t}: the person ruled it out`, cap: 2 })));
  if (kind === "architecture-overview") {
    const missing = ctx.reading.languages.filter((l) => !md.includes(l));
    if (missing.length) gaps.push({ weakness: `The UI languages the person asked for (${joinList(ctx.reading.languages)}) are not planned`, suggestion: `Plan the UI in ${joinList(ctx.reading.languages)}: one message catalogue per locale`, penalty: 1 });
    if (ctx.reading.offline && !/offline/i.test(md)) gaps.push({ weakness: "The person said it must work without a connection; nothing here works offline", suggestion: "Plan offline use: a local store and a sync outbox", penalty: 1 });
  }
  return gaps;
}

/** The entity as the data model writes it (same field table, same relation sentences), added to a document with its relations; why not when it cannot be. */
export function addModelEntity(ctx: ProjectContext, md: string, name: string): { md: string; relations: Relation[] } | "present" | "unbuilt" {
  if (hasEntity(md, name)) return "present";
  const block = entityBlock(writeArtifactOfKind(ctx, "data-model"), name);
  if (!block) return "unbuilt";
  const relations = ctx.model.relations.filter((r) => r.from === name || r.to === name);
  const out = appendToSection(md, "Entities", block);
  return { md: relations.length ? appendToSection(out, "Relationships", relations.map((r) => `- ${relationLine(r)}`).join("\n")) : out, relations };
}

/** Applies one grounding suggestion (in the words `groundingGaps` writes); undefined when the item is not one. */
export function applyGroundingFix(ctx: ProjectContext, kind: ArtifactKind, md: string, item: string): { md: string; done: string } | undefined {
  let m = /^Add the (\w+) entity the person named/i.exec(item);
  if (m) {
    const added = addModelEntity(ctx, md, m[1]);
    return typeof added === "string" ? { md, done: "" } : { md: added.md, done: `added the ${m[1]} entity you named, with ${added.relations.length} relation${added.relations.length === 1 ? "" : "s"}` };
  }
  if (/^Remove every money field/i.test(item)) return { md: removeMoney(md) ?? md, done: "removed every money field and payment table" };
  m = /^Remove (.+?): the person ruled it out/i.exec(item);
  if (m) return { md: removeMentions(md, m[1]) ?? md, done: `removed ${m[1]}, which you ruled out` };
  if (/^Plan (?:the UI in|offline use)/i.test(item) && kind === "architecture-overview") {
    const reqs = statedRequirements(ctx).filter((r) => (/^Plan offline/i.test(item) ? /offline/i.test(r) : /^UI in/.test(r)));
    if (!reqs.length) return { md, done: "" };
    return { md: appendToSection(md, "Architecture Pattern", reqs.map((r) => `- ${r}`).join("\n")), done: /offline/i.test(item) ? "planned offline use" : "planned the UI languages" };
  }
  return undefined;
}
