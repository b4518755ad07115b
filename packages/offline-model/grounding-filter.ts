// The last word on what a turn may say: no sentence names a kind of person, place or thing
// from another domain's expertise that the person never mentioned ("patients" in a barber
// shop, "dishes" for bike couriers). The model knows many domains; it may only bring one
// in through the person's own words. Applied to every turn's output before it is sent.
import { TRAITS, type TraitId } from "./knowledge/domain-catalog";

// The traits that are domains of people, places and things; the others say how a product works.
const DOMAINS = new Set(["food", "health", "ehr_integration", "education", "minors", "game", "incident_ops", "logistics", "finance", "tablet_kiosk"]);
// Concepts a domain's expertise derives (PHI from patients' data) are not its people or things.
const CONCEPTS = new Set(["phi", "medical", "sre"]);

const EXTRA: Partial<Record<TraitId, string[]>> = { tablet_kiosk: ["waiting[- ]rooms?"], food: ["allergens?"] };

/** Each domain's words: the plain words among its strong phrases ("patients?", "cooks?"). */
const DOMAIN_WORDS: Array<{ trait: TraitId; re: RegExp }> = TRAITS.filter((t) => DOMAINS.has(t.id)).map((t) => ({
  trait: t.id,
  // Plus a word each of two domains' templates name though their people never say it.
  re: new RegExp(`\\b(?:${[...t.strong.filter((p) => /^[a-z][a-z0-9 ?():|-]*$/.test(p) && !CONCEPTS.has(p)), ...(EXTRA[t.id] ?? [])].join("|")})\\b`, "gi"),
}));

const stem = (w: string) => w.toLowerCase().replace(/[- ]/g, "").replace(/(?:es|s)$/, "");

export class Grounding {
  private readonly said: Set<string>;
  private readonly words: RegExp[];

  /** `ownDomains`: domains the person's words plainly belong to (two or more of their phrases), whose words are theirs too. */
  constructor(personText: string, ownDomains: readonly TraitId[] = []) {
    this.said = new Set([...personText.toLowerCase().matchAll(/[a-z][a-z0-9-]*/g)].map((m) => stem(m[0])));
    this.words = DOMAIN_WORDS.filter((d) => !ownDomains.includes(d.trait)).map((d) => d.re);
  }

  /** The domain words of a text that the person never used. */
  foreign(text: string): string[] {
    return this.words.flatMap((re) => [...text.matchAll(re)].map((m) => m[0])).filter((w) => !this.said.has(stem(w)) && !this.said.has(stem(w.split(/[- ]/)[0])));
  }

  /** A markdown or prose text with every line (list item, table row) or sentence that names a foreign word taken out; headings stay. */
  text(s: string): string {
    if (!this.foreign(s).length) return s;
    return s
      .split("\n")
      .flatMap((line) => {
        if (!this.foreign(line).length || /^#{1,6}\s/.test(line)) return [line];
        if (/^\s*(?:[-*+]|\d+[.)]|\|)/.test(line)) return [];
        const kept = line.split(/(?<=[.!?])\s+/).filter((sentence) => !this.foreign(sentence).length);
        if (kept.length) return [kept.join(" ")];
        // A one-sentence line: keep its clauses that name nothing foreign ("strong typing, first-class HL7 tooling").
        const clauses = line.split(/(?<=[,;])\s+|\s+(?=\()/).filter((c) => !this.foreign(c).length);
        return clauses.length ? [clauses.join(" ").replace(/[,;]\s*$/, "")] : [];
      })
      .join("\n");
  }

  /** Every string of a structured output, grounded; a list loses the items that name foreign words but never its last one. */
  output<T>(value: T): T {
    const walk = (v: unknown): unknown => {
      if (typeof v === "string") return this.text(v);
      if (Array.isArray(v)) {
        const kept = v.filter((x) => !this.foreign(typeof x === "string" ? x : JSON.stringify(x)).length);
        return (kept.length ? kept : v.slice(0, 1)).map(walk);
      }
      if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
      return v;
    };
    return walk(value) as T;
  }
}
