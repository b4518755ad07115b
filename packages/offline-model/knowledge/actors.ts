// People who use the product, found by role nouns ("cooks", "nurses", "teachers").
// Only an allow-listed modifier is kept ("home cooks", "office workers"), so the
// extractor never produces "existing nurses" or "40 students".
import { tokens } from "../reading/nlp";
import { plural, unique } from "../text-utils";

export interface Actor {
  singular: string;
  plural: string;
}

// Plurals follow the spelling rules ("coaches", "agencies", "SREs").
export const ROLES: [string, string][] = [
  "cook", "chef", "buyer", "seller", "customer", "client", "neighbour", "neighbor", "patient", "nurse", "doctor",
  "physician", "clinician", "receptionist", "teacher", "student", "pupil", "parent", "player", "host", "guest",
  "tenant", "landlord", "driver", "courier", "rider", "passenger", "engineer", "developer", "admin", "administrator",
  "manager", "employee", "member", "volunteer", "organizer", "organiser", "attendee", "coach", "athlete", "trainer",
  "instructor", "learner", "tutor", "author", "editor", "reader", "moderator", "operator", "technician", "farmer",
  "artist", "freelancer", "recruiter", "candidate", "vendor", "merchant", "shopper", "subscriber", "resident",
  "traveller", "traveler", "responder", "dispatcher", "caregiver", "therapist", "worker", "owner", "agent", "creator",
  "viewer", "donor", "fleet manager", "analyst", "maintainer", "SRE", "firm", "agency", "walker", "sitter", "cleaner",
  "mechanic", "photographer", "accountant", "lawyer", "musician", "writer", "designer", "researcher", "shop owner",
  "restaurant owner", "homeowner", "renter",
].map((s) => [s, plural(s)]);

const MODIFIERS = new Set([
  "home", "office", "local", "senior", "junior", "retired", "professional", "independent", "remote", "field",
  "regular", "young", "elderly", "on-call", "hospital", "clinic", "school", "university", "support", "sales",
  "delivery", "small", "platform", "site", "team", "store", "restaurant", "fleet", "night", "shift", "triage",
]);

/** Phrases where a role word is not a person: "customer support tickets", "Kubernetes operator". */
const NOT_PEOPLE = /\b(customer (?:support|service|success|data)|kubernetes operators?|(?:database|system|network) administrators? tools?|user (?:interface|experience|data|accounts?))\b/gi;

const PLURALS = new Set(ROLES.map(([, p]) => p.toLowerCase()));

/** The word after a role word is a noun it stands before ("guest kegs"), read with the words around it ("the guest books a room" has a verb). */
function modifiesNext(text: string, end: number, next: string): boolean {
  const before = text.slice(Math.max(0, end - 40), end).split(/\s+/).slice(-3).join(" ");
  const after = text.slice(end).trim().split(/\s+/).slice(0, 3).join(" ");
  const ts = tokens(`${before} ${after}`.replace(/[.,;:!?]+(?=\s|$)/g, (p, i, all) => (i + p.length >= all.length ? "" : p)));
  const t = ts.find((x) => x.norm === next.toLowerCase());
  return Boolean(t && t.tags.has("Noun") && !t.tags.has("Verb") && !t.tags.has("Pronoun") && !/^(?:who|that|which)$/.test(t.norm));
}

export function findActors(raw: string): Actor[] {
  const text = raw.replace(NOT_PEOPLE, (m) => " ".repeat(m.length));
  const found: { at: number; actor: Actor }[] = [];
  for (const [sing, plur] of ROLES) {
    const caseFlag = sing === "SRE" ? "g" : "gi";
    const re = new RegExp(`(?:\\b([A-Za-z-]+)\\s+)?\\b(${plur}|${sing})\\b`, caseFlag);
    for (const m of text.matchAll(re)) {
      // "volunteer fixers", "parent helpers": a role word before people names who they are, not a group of its own.
      const next = /^\s+([A-Za-z-]+)/.exec(text.slice(m.index + m[0].length))?.[1].toLowerCase() ?? "";
      if (m[2].toLowerCase() === sing.toLowerCase() && (PLURALS.has(next) || /^[a-z]{3,}(?:ers|ors|ists|ians)$/.test(next))) continue;
      // "a few guest kegs", "the member list": a role word before a noun names a kind of that noun.
      if (m[2].toLowerCase() === sing.toLowerCase() && next && modifiesNext(text, m.index + m[0].length, next)) continue;
      // "my accountant's account", "his mechanic": one person the speaker knows is no user group.
      if (m[2].toLowerCase() === sing.toLowerCase() && /\b(?:my|his|her)\s+$/i.test(text.slice(Math.max(0, m.index - 4), m.index + (m[1] ? m[1].length + 1 : 0)))) continue;
      // "the municipality hosts our website": a role word with a possessive after it is a verb;
      // so is one after "to" or a personal pronoun ("free to host", "I volunteer at a station").
      if (/^(?:our|their|its|his|her|my|your)$/.test(next) || /^(?:to|i|we|they|you)$/i.test(m[1] ?? "")) continue;
      // "volunteer-run", "family-owned": a role word in a hyphenated adjective names no group.
      if (text[m.index + m[0].length] === "-") continue;
      // "2 of us, no developer": people said to be missing are no user group.
      if (/\b(?:no|not|without|never)\s+(?:\w+\s+)?$/i.test(text.slice(Math.max(0, m.index - 20), m.index + (m[1] ? m[1].length + 1 : 0)))) continue;
      // "SRE team" describes the team, and the people in it are SREs.
      const mod = m[1] && MODIFIERS.has(m[1].toLowerCase()) ? `${m[1].toLowerCase()} ` : "";
      const s = sing === "SRE" ? "SRE" : mod + sing;
      const p = sing === "SRE" ? "SREs" : mod + plur;
      found.push({ at: m.index + (m[1] ? m[1].length + 1 : 0), actor: { singular: s, plural: p } });
      break;
    }
  }
  found.sort((a, b) => a.at - b.at);
  // Spelling variants of the same role are one actor.
  const merged = unique(
    found.map((f) => f.actor),
    (a) => a.singular.replace("neighbor", "neighbour").replace("organizer", "organiser").replace("traveler", "traveller"),
  );
  // "neighbours who want to order" are the buyers: keep the more specific of the two later.
  return merged.slice(0, 6);
}
