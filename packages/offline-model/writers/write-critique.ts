// critique.perspective: one reviewer's honest rating of an artifact from the
// perspective it was given: missing sections, vagueness and untested critical
// paths lower the rating; each focus area is checked against the text.
import { ARTIFACT_KINDS, missingSections, type CritiqueOutput } from "@inception-party/protocol";
import type { ProjectContext } from "../context";
import { groundingGaps } from "./grounding";
import { kindFromHeader, kindOfContent } from "./write-artifact";

interface Perspective {
  name: string;
  roleLabel: string;
  focusAreas: string[];
}

const FOCUS_TERMS: [RegExp, string[]][] = [
  [/protect|privacy|personal|pii|phi/i, ["encrypt", "retention", "personal data", "gdpr", "hipaa", "erasure", "phi", "dpa", "minim"]],
  [/secur|threat|privacy|auth/i, ["auth", "encrypt", "threat", "secret", "permission", "role", "owasp", "csrf", "token"]],
  [/test|quality|coverage/i, ["test", "coverage", "critical path", "e2e", "integration", "unit"]],
  [/perform|scal|latency|load/i, ["latency", "p95", "cache", "scale", "load", "throughput", "index"]],
  [/cost|budget/i, ["cost", "€", "$", "per month", "budget", "pricing"]],
  [/feasib|complex|risk|effort|resource/i, ["risk", "trade-off", "rejected", "phase", "mvp", "defer", "team"]],
  [/clar|readab|flow|structure|explanation/i, ["##", "|", "-"]],
  [/complete|coverage of|scope/i, ["##"]],
  [/accura|fact|correct|source|claim/i, ["version", "rfc", "iso", "regulation", "article", "§", "standard"]],
  [/operab|deploy|ops|observab|reliab|availab/i, ["deploy", "monitor", "alert", "backup", "rollback", "health", "observab"]],
  [/data|model|schema|entit/i, ["entity", "table", "field", "foreign key", "index", "migration"]],
  [/user|ux|usab|access/i, ["user", "accessib", "wcag", "screen", "mobile", "error message"]],
  [/compliance|regulat|legal|gdpr|hipaa|pci/i, ["gdpr", "hipaa", "pci", "coppa", "retention", "consent", "regulation"]],
];

function parsePerspective(raw: string): Perspective {
  try {
    const p = JSON.parse(raw);
    return { name: String(p.name ?? "Reviewer"), roleLabel: String(p.roleLabel ?? p.role_label ?? "Reviewer"), focusAreas: Array.isArray(p.focusAreas ?? p.focus_areas) ? (p.focusAreas ?? p.focus_areas).map(String) : [] };
  } catch {
    // Not JSON: the prompt named the perspective in words; read them as its focus areas.
    return { name: "Reviewer", roleLabel: "Reviewer", focusAreas: raw ? raw.split(/[,;\n]/).map((s) => s.trim()).filter(Boolean) : [] };
  }
}

export function writeCritique(ctx: ProjectContext): CritiqueOutput {
  const md = ctx.section("artifact_content") || ctx.section("current_draft");
  const p = parsePerspective(ctx.section("perspective"));
  const strengths: string[] = [];
  const weaknesses: string[] = [];
  const suggestions: string[] = [];
  let score = 5;
  // A gap named in the critique; `cost` is what it takes off the rating (a minor gap takes nothing).
  const gap = (found: boolean, weakness: string, suggestion?: string, cost = 0) => {
    if (!found) return;
    score -= cost;
    weaknesses.push(weakness);
    if (suggestion) suggestions.push(suggestion);
  };
  if (md.trim().length < 200) {
    return {
      strengths: [],
      weaknesses: [`CRITICAL: the artifact is empty or too short to assess from the ${p.name} perspective`],
      suggestions: ["Provide the full document before the critique round"],
      rating: 1,
    };
  }
  const kind = kindFromHeader(ctx.artifactPath) ?? kindOfContent(md);
  if (kind) {
    const missing = missingSections(kind, md);
    gap(missing.length > 0, `CRITICAL: missing required section${missing.length > 1 ? "s" : ""}: ${missing.join(", ")}`, `Add ${missing.join(", ")}`, Math.min(3, missing.length));
    if (!missing.length) strengths.push(`All required ${ARTIFACT_KINDS[kind].title} sections are present`);
  }
  // Case-sensitive: a "todo" status value is content, an upper-case TODO is a gap.
  gap(/\b(TODO|TBD|FIXME|XXX)\b/.test(md) || /lorem ipsum/i.test(md), "Contains unfinished placeholders where decisions should be", "Replace every placeholder with a decision or an explicit open question", 1);
  const words = md.split(/\s+/).length;
  gap(words < 250, `Thin: about ${words} words for a document that drives implementation`, "Add the concrete decisions behind each section (names, numbers, tools)", 1);
  const vague = (md.match(/\b(appropriate|as needed|various|etc\.|robust|scalable solution|best practices)\b/gi) ?? []).length;
  gap(vague >= 4, `Vague wording in ${vague} places ("appropriate", "as needed", "best practices")`, "Replace vague wording with measurable targets", 1);
  gap(kind === "test-strategy-outline" && !/critical path/i.test(md), "Critical paths are not named, so 100% critical-path coverage cannot be checked", undefined, 1);
  const lower = md.toLowerCase();
  for (const area of p.focusAreas.slice(0, 6)) {
    const terms = FOCUS_TERMS.find(([re]) => re.test(area))?.[1] ?? area.toLowerCase().split(/\W+/).filter((w) => w.length > 3);
    const hits = terms.filter((term) => lower.includes(term.toLowerCase()));
    if (hits.length >= 2) strengths.push(`${area}: addressed concretely (${hits.slice(0, 3).join(", ")})`);
    else gap(true, `${area}: little or no treatment from the ${p.roleLabel.toLowerCase()}'s point of view`, `Add a short subsection on ${area.toLowerCase()} with specific decisions`, 0.5);
  }
  if (/```mermaid/.test(md)) strengths.push("Includes a diagram that makes the structure reviewable");
  // Minor gaps: named honestly, without moving the rating.
  gap(kind === "architecture-overview" && !/rollback|roll back/i.test(md), "No rollback procedure for a failed deploy or migration", "Describe how a bad release and a bad migration are rolled back, and who decides");
  gap(kind === "data-model" && !/backup/i.test(md), "Backups are not specified for the data they protect", "State backup frequency, retention and a tested restore");
  gap(kind === "test-strategy-outline" && !/flak/i.test(md), "No policy for flaky tests", "Say how flaky tests are quarantined and who fixes them");
  gap(!/p95|p99|\d+\s?ms\b/i.test(md) && kind !== "data-model", "No measurable performance target", "Add latency targets (p95) for the main journeys");
  const domainTerms = ctx.regulations.filter((r) => r.legal).map((r) => r.name.split(" ")[0]);
  const cited = domainTerms.filter((d) => md.includes(d));
  gap(domainTerms.length > 0 && !cited.length, `Does not mention ${domainTerms.slice(0, 2).join(" or ")}, which apply to this project`, undefined, 0.5);
  // Checked against what the person said and the approved stack: a missing core entity caps the rating at 2.
  const gaps = groundingGaps(ctx, kind, md);
  weaknesses.unshift(...gaps.map((g) => g.weakness));
  suggestions.unshift(...gaps.map((g) => g.suggestion));
  score -= gaps.reduce((n, g) => n + (g.penalty ?? 0), 0);
  const cap = Math.min(5, ...gaps.map((g) => g.cap || 5));
  if (!gaps.length && ctx.section("project_description") && kind === "data-model" && ctx.model.core.length) {
    strengths.unshift(`Models every entity the person named (${ctx.model.core.map((c) => c.entity).join(", ")})`);
  }
  const rating = Math.max(1, Math.min(cap, Math.round(score)));
  if (!suggestions.length) suggestions.push(`Keep the ${p.name.toLowerCase()} view current as the design changes`);
  return { strengths, weaknesses, suggestions, rating };
}

export function perspectiveName(ctx: ProjectContext): string {
  return parsePerspective(ctx.section("perspective")).name;
}
