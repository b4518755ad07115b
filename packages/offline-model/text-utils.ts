// Small string helpers shared by the writers. Plain English only: the offline model
// composes sentences from the person's own words, so these keep them tidy.
import { splitLine } from "@inception-party/protocol";

/** A literal string inside a regular expression: "C++" matches "C++". */
export const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

export function capitalize(s: string): string {
  return s ? s[0].toUpperCase() + s.slice(1) : s;
}

/** "a User", "an Item", "a Unit", "an SMS": the indefinite article by the word's first sound. */
export function withArticle(word: string): string {
  // An acronym is read letter by letter: "an SMS", "an API", "a GPS".
  const an = /^[A-Z]{2,}/.test(word) ? /^[AEFHILMNORSX]/.test(word) : /^(?:[aeio]|u(?!ni|s[aeu]|ti|r[aeiou]))/.test(word.toLowerCase());
  return `${an ? "an" : "a"} ${word}`;
}

export function lowerFirst(s: string): string {
  // Keep acronyms ("EHR", "SRE") and proper nouns written in caps as they are.
  // ("Riverside Court Tenants' Association", "M-Pesa": capitals side by side are a name.)
  if (/^[A-Z][A-Z0-9]/.test(s) || /^[A-Z][a-z-]*[A-Z]/.test(s) || /^[A-Z][\w'-]* [A-Z]/.test(s) || /^I\b/.test(s)) return s;
  return s ? s[0].toLowerCase() + s.slice(1) : s;
}

export function titleCase(s: string): string {
  return s
    .split(/\s+/)
    .filter(Boolean)
    // Acronyms and mixed-case names ("SRE", "IoT", "iPad") keep their spelling.
    .map((w) => (/^[A-Z0-9]{2,}$/.test(w) || /^\w+[A-Z]/.test(w) ? w : capitalize(w.toLowerCase())))
    .join(" ");
}

export function normalizeSpace(s: string): string {
  return s.replace(/\s+/g, " ").trim();
}

/** "a", "a and b", "a, b and c". */
export function joinList(items: readonly string[], conj = "and"): string {
  const xs = items.filter(Boolean);
  if (xs.length <= 1) return xs.join("");
  return `${xs.slice(0, -1).join(", ")} ${conj} ${xs[xs.length - 1]}`;
}

/** Fit a text to a limit: whole sentences first (never a sentence cut in half); a word boundary only when one sentence alone is too long. */
export function truncate(s: string, max: number): string {
  if (s.length <= max) return s;
  const ends = [...s.matchAll(/[.!?”)](?=\s)/g)].map((m) => m.index + 1).filter((i) => i <= max && i >= max * 0.4);
  if (ends.length) return s.slice(0, ends[ends.length - 1]).trim();
  const cut = s.slice(0, Math.max(0, max - 1));
  const at = cut.lastIndexOf(" ");
  const base = (at > max * 0.6 ? cut.slice(0, at) : cut).replace(/[\s,;:—-]+$/, "");
  return `${base}…`;
}

export function stripTrailingPunct(s: string): string {
  return s.trim().replace(/[.;:,!]+$/, "");
}

/** An answer about the description rather than the project — "The description names no regulation", "From the description: “…”", "take the team's proposal" (what a tool answering on the person's behalf writes): never quoted back as something they said. */
export function isMetaAnswer(sentence: string): boolean {
  // Two quotations or an unclosed parenthesis: an echo of the description cut into pieces.
  const open = (sentence.match(/\(/g) ?? []).length;
  if ((sentence.match(/“/g) ?? []).length >= 2 || open !== (sentence.match(/\)/g) ?? []).length) return true;
  return /\b(?:the|your|my|this) description\b|\bthe team's proposal\b|^decide (?:it|that)\b|\bnothing else is ruled out\b/i.test(sentence);
}

/** Sentences of free text; list markers ("1.", "-", "Q:") are dropped, and pieces shorter than `minLength`. */
export function sentences(text: string, minLength = 3): string[] {
  return text
    .split(/\n+/)
    .map((l) => l.replace(/^\s*(?:[-*•]|\d+[.)]|[QA]\d*[:.])\s+/, "").trim())
    .filter(Boolean)
    .flatMap(splitLine)
    .map((s) => s.trim())
    .filter((s) => s.length >= minLength);
}

const IRREGULAR_PLURAL: Record<string, string> = { quiz: "quizzes", person: "people", child: "children", analysis: "analyses", status: "statuses", data: "data", media: "media", staff: "staff" };

export function plural(w: string): string {
  const p = IRREGULAR_PLURAL[w.toLowerCase()];
  if (p) return w[0] === w[0].toUpperCase() ? capitalize(p) : p;
  if (/(s|x|z|ch|sh)$/i.test(w)) return w + "es";
  if (/[^aeiou]y$/i.test(w)) return w.slice(0, -1) + "ies";
  return w + "s";
}

export function snake(s: string): string {
  return s
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/[^A-Za-z0-9]+/g, "_")
    .replace(/^_|_$/g, "")
    .toLowerCase();
}

export function kebab(s: string): string {
  return snake(s).replace(/_/g, "-");
}

export function pascal(s: string): string {
  return s
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => capitalize(w))
    .join("");
}

export function camel(s: string): string {
  const p = pascal(s);
  return p ? p[0].toLowerCase() + p.slice(1) : p;
}

/** The person's words in quotes: the whole sentence, never a cut one. A sentence far longer than `max` is quoted by its longest clause that fits (a clause is a whole thought: "we have used Postgres before"), so no quote ends in the middle of a word. */
/** `part` is most (60% or more) of `s`. */
export const mostly = (s: string, part: string): boolean => s.includes(part) && part.length >= s.length * 0.6;

export function quote(s: string, max = 160): string {
  const t = stripTrailingPunct(normalizeSpace(s));
  if (t.length <= max * 1.6) return `“${t}”`;
  const clauses = t.split(/\s*[;:]\s+|\s+[—–]\s+/).filter((c) => c.length <= max * 1.6);
  const best = clauses.sort((a, b) => b.length - a.length)[0];
  return `“${best ?? t}”`;
}

export function unique<T>(items: readonly T[], key: (t: T) => string = (t) => String(t).toLowerCase()): T[] {
  const seen = new Set<string>();
  return items.filter((i) => {
    const k = key(i);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
