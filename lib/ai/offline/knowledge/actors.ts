// People who use the product, found by role nouns ("cooks", "nurses", "teachers").
// Only an allow-listed modifier is kept ("home cooks", "office workers"), so the
// extractor never produces "existing nurses" or "40 students".
import { unique } from "../text-utils";

export interface Actor {
  singular: string;
  plural: string;
}

export const ROLES: [string, string][] = [
  ["cook", "cooks"], ["chef", "chefs"], ["buyer", "buyers"], ["seller", "sellers"], ["customer", "customers"],
  ["client", "clients"], ["neighbour", "neighbours"], ["neighbor", "neighbors"], ["patient", "patients"],
  ["nurse", "nurses"], ["doctor", "doctors"], ["physician", "physicians"], ["clinician", "clinicians"],
  ["receptionist", "receptionists"], ["teacher", "teachers"], ["student", "students"], ["pupil", "pupils"],
  ["parent", "parents"], ["player", "players"], ["host", "hosts"], ["guest", "guests"], ["tenant", "tenants"],
  ["landlord", "landlords"], ["driver", "drivers"], ["courier", "couriers"], ["rider", "riders"],
  ["passenger", "passengers"], ["engineer", "engineers"], ["developer", "developers"], ["admin", "admins"],
  ["administrator", "administrators"], ["manager", "managers"], ["employee", "employees"], ["member", "members"],
  ["volunteer", "volunteers"], ["organizer", "organizers"], ["organiser", "organisers"], ["attendee", "attendees"],
  ["coach", "coaches"], ["athlete", "athletes"], ["trainer", "trainers"], ["instructor", "instructors"],
  ["learner", "learners"], ["tutor", "tutors"], ["author", "authors"], ["editor", "editors"], ["reader", "readers"],
  ["moderator", "moderators"], ["operator", "operators"], ["technician", "technicians"], ["farmer", "farmers"],
  ["artist", "artists"], ["freelancer", "freelancers"], ["recruiter", "recruiters"], ["candidate", "candidates"],
  ["vendor", "vendors"], ["merchant", "merchants"], ["shopper", "shoppers"], ["subscriber", "subscribers"],
  ["resident", "residents"], ["traveller", "travellers"], ["traveler", "travelers"], ["responder", "responders"],
  ["dispatcher", "dispatchers"], ["caregiver", "caregivers"], ["therapist", "therapists"], ["worker", "workers"],
  ["owner", "owners"], ["agent", "agents"], ["creator", "creators"], ["viewer", "viewers"], ["donor", "donors"],
  ["fleet manager", "fleet managers"], ["analyst", "analysts"], ["maintainer", "maintainers"], ["SRE", "SREs"],
  ["firm", "firms"], ["agency", "agencies"], ["walker", "walkers"], ["sitter", "sitters"], ["cleaner", "cleaners"],
  ["mechanic", "mechanics"], ["photographer", "photographers"], ["accountant", "accountants"], ["lawyer", "lawyers"],
  ["musician", "musicians"], ["writer", "writers"], ["designer", "designers"], ["researcher", "researchers"],
  ["shop owner", "shop owners"], ["restaurant owner", "restaurant owners"], ["homeowner", "homeowners"], ["renter", "renters"],
];

const MODIFIERS = new Set([
  "home", "office", "local", "senior", "junior", "retired", "professional", "independent", "remote", "field",
  "regular", "young", "elderly", "on-call", "hospital", "clinic", "school", "university", "support", "sales",
  "delivery", "small", "platform", "site", "team", "store", "restaurant", "fleet", "night", "shift", "triage",
]);

/** Phrases where a role word is not a person: "customer support tickets", "Kubernetes operator". */
const NOT_PEOPLE = /\b(customer (?:support|service|success|data)|kubernetes operators?|(?:database|system|network) administrators? tools?|user (?:interface|experience|data|accounts?))\b/gi;

/** "for our helpdesk team" → the people in that team. */
const TEAM_PEOPLE: Record<string, Actor> = {
  helpdesk: { singular: "support agent", plural: "support agents" },
  support: { singular: "support agent", plural: "support agents" },
  sales: { singular: "sales rep", plural: "sales reps" },
  hr: { singular: "HR specialist", plural: "HR staff" },
  finance: { singular: "finance specialist", plural: "finance staff" },
  marketing: { singular: "marketer", plural: "marketers" },
  legal: { singular: "lawyer", plural: "legal staff" },
  data: { singular: "data analyst", plural: "data analysts" },
  engineering: { singular: "engineer", plural: "engineers" },
  ops: { singular: "operator", plural: "operations staff" },
  operations: { singular: "operator", plural: "operations staff" },
};

export function findActors(raw: string): Actor[] {
  const text = raw.replace(NOT_PEOPLE, (m) => " ".repeat(m.length));
  const found: { at: number; actor: Actor }[] = [];
  for (const m of text.matchAll(/\b(?:for|by) (?:our|the|a|an|their) ([A-Za-z]+) (?:team|department|desk)\b/gi)) {
    const people = TEAM_PEOPLE[m[1].toLowerCase()];
    if (people) found.push({ at: m.index, actor: people });
  }
  for (const [sing, plur] of ROLES) {
    const caseFlag = sing === "SRE" ? "g" : "gi";
    const re = new RegExp(`(?:\\b([A-Za-z-]+)\\s+)?\\b(${plur}|${sing})\\b`, caseFlag);
    for (const m of text.matchAll(re)) {
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
