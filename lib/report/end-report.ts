// What the end of a party owes the person besides "complete": the documents the critique
// did not pass (its last round blocked consensus, or averaged 2.5/5 or less), the documents
// that were never written, and the requirements the person stated that no document
// mentions. Pure, so the dashboard recomputes it as revisions and new rounds arrive.
import type { MissingArtifact, StatedRequirement } from "../wire/events";

/** At or below this average a document is weak, whatever the verdict. */
export const WEAK_AVERAGE = 2.5;

export interface CritiqueOutcome {
  artifactPath: string;
  verdict: string;
  averageRating: number;
}

export interface WeakDocument {
  path: string;
  title: string;
  /** "consensus blocked, average 2.0/5". */
  why: string;
}

export interface EndReport {
  weak: WeakDocument[];
  missing: Array<Pick<MissingArtifact, "path" | "title">>;
  uncovered: StatedRequirement[];
}

export interface EndReportInput {
  /** Every critique round, oldest first: each document's last one counts. */
  critiques: CritiqueOutcome[];
  /** The documents as they stand now, by path. */
  artifacts: Record<string, { title: string; content: string }>;
  missing: Array<Pick<MissingArtifact, "path" | "title">>;
  requirements: StatedRequirement[];
}

/** Why a round's document did not pass, or null when it did. */
export function weakness(c: Pick<CritiqueOutcome, "verdict" | "averageRating">): string | null {
  const blocked = c.verdict === "consensus_blocked";
  if (!blocked && c.averageRating > WEAK_AVERAGE) return null;
  return `${blocked ? "consensus blocked" : "consensus reached"}, average ${c.averageRating.toFixed(1)}/5`;
}

const flat = (s: string) => s.toLowerCase().replace(/[\s_-]+/g, " ");

/** The spellings a document may use for a requirement: "e-mail" is "email", "no account" is "without an account". */
function spellings(name: string): string[] {
  const n = flat(name);
  const out = new Set([n, n.replace(/ /g, ""), n.replace(/s$/, "")]);
  const no = n.match(/^no (.+)$/);
  if (no) for (const w of ["without", "without a", "without an", "no need for", "no need for an", "no need for a"]) out.add(`${w} ${no[1]}`);
  return [...out].filter((s) => s.length >= 2);
}

/** Whether a document mentions the requirement (as a word, not inside another: "SMS" is not in "smsc"). */
export function mentions(text: string, name: string): boolean {
  const t = flat(text);
  return spellings(name).some((s) => new RegExp(`(?:^|[^\\p{L}\\p{N}])${s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}(?:s|es)?(?![\\p{L}\\p{N}])`, "u").test(t));
}

/** Requirements no document mentions. Critique records do not count: a perspective saying "SMS is missing" covers nothing. */
export function uncoveredRequirements(requirements: StatedRequirement[], artifacts: EndReportInput["artifacts"]): StatedRequirement[] {
  const texts = Object.entries(artifacts)
    .filter(([path]) => !path.startsWith("discussions/"))
    .map(([, a]) => a.content);
  return requirements.filter((r) => !texts.some((t) => mentions(t, r.name)));
}

export function endReport(i: EndReportInput): EndReport {
  const last = new Map<string, CritiqueOutcome>();
  for (const c of i.critiques) last.set(c.artifactPath, c);
  const weak = [...last.values()].flatMap((c) => {
    const why = weakness(c);
    return why && i.artifacts[c.artifactPath] ? [{ path: c.artifactPath, title: i.artifacts[c.artifactPath].title, why }] : [];
  });
  return { weak, missing: i.missing.map((m) => ({ path: m.path, title: m.title })), uncovered: uncoveredRequirements(i.requirements, i.artifacts) };
}

export function hasOpenEnds(r: EndReport): boolean {
  return r.weak.length + r.missing.length + r.uncovered.length > 0;
}
