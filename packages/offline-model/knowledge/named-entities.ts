// The entities the person named, as entity definitions: every thing people act on ("reserve plots" → Plot), every act that is itself a record (→ Reservation, linked
// to the Plot and to the member who made it). A catalogued noun keeps its designed shape; anything else gets fields that fit what kind of thing it is.
import type { Reading } from "../reading/read-project";
import { dictionaryTag, isMeasure, pastTense, singularNoun, thirdPerson, tokens } from "../reading/nlp";
import { pascal, snake, unique, withArticle } from "../text-utils";
import type { DomainTraits } from "./detect-domain";
import { ENTITY_CATALOG, type EntityDef } from "./entity-catalog";

export interface NamedDef {
  def: EntityDef;
  at: number;
  /** The person named it as something people act on: the model must have it. */
  core: boolean;
  /** The words it came from ("plots"), for critiques and messages. */
  said: string;
}

// A kind said with verbs only fits a thing people act on that way: bikes people bring to be repaired are no shared equipment. [nouns, purpose, fields, verbs the kind needs (if any were said)]
const KINDS: Array<[RegExp, string, string, RegExp?]> = [
  [/^(?:plot|room|court|desk|bed|pitch|space|spot|table|locker|studio|venue|bay|berth|stall|allotment|garden|lane|cabin|seat|workspace|parking space|field)$/, "A place or resource people reserve", "name:string; location:string?; size:string?; status:enum(available|reserved|unavailable)"],
  [/^(?:tool|equipment|bike|bicycle|car|vehicle|kit|camera|instrument|machine|ladder|drill|mower|boat)$/, "A piece of equipment people share", "name:string; description:text?; condition:enum(good|worn|broken); status:enum(available|lent_out|retired)", /^(?:borrow|lend|loan|share|reserve|book|rent|hire|check|return|use|maintain|service|track)$/],
  [/^(?:seed|book|plant|ingredient|part|material|supply|stock|sample|medicine|medication)$/, "Something people keep, count and pass on", "name:string; variety:string?; quantity:int; unit:string?; notes:text?"],
  // "visitors register broken items", "sellers list goods": one thing at a time, followed through.
  [/^(?:item|toy|garment|clothing|good|object|belonging)$/, "A thing someone brings, lists or hands over, followed until it is done with", "name:string; description:text?; condition:string?; status:enum(open|in_progress|done|withdrawn); notes:text?"],
  [/^(?:harvest|reading|log|entry|observation|measurement|workout|catch|yield|sighting|inspection|result|score|symptom|mood|expense)$/, "A record of what happened, logged as it happens", "quantity:decimal?; unit:string?; recorded_on:date; notes:text?"],
  [/(?:^|\s)(?:announcement|message|notice|newsletter|post|update|news|alert|reminder|notification|bulletin)$/, "A message sent to a group of people", "title:string; body:text; published_at:datetime?; audience:enum(everyone|group)"],
  [/(?:rota|schedule|rotation|roster|timetable|calendar)$/, "A schedule that says who does what, when", "title:string; starts_on:date; ends_on:date; status:enum(draft|published|archived)"],
  [/^(?:report|document|recipe|article|guide|runbook|note|policy|form|template|manual|lesson plan)$/, "A document people write and keep up to date", "title:string; body:text; version:int; status:enum(draft|published|archived)"],
  [/^(?:repair|request|ticket|issue|complaint|job|task|errand|chore|defect|fault)$/, "A piece of work someone asks for and someone does", "title:string; description:text; status:enum(open|in_progress|done|cancelled); due_on:date?"],
  [/^(?:event|meeting|class|session|workshop|lesson|match|tournament|tour|trip|shift|slot|course|training)$/, "Something that happens at a set time", "title:string; starts_at:datetime; ends_at:datetime; location:string?; capacity:int?"],
];

const ACT_FIELDS: Array<[RegExp, string]> = [
  [/^(?:reservation|booking|rental|loan|hire)$/, "starts_at:datetime; ends_at:datetime; status:enum(requested|confirmed|cancelled|completed); notes:text?"],
  [/^(?:swap|exchange|trade)$/, "status:enum(offered|agreed|completed|cancelled); message:text?; agreed_at:datetime?"],
  [/^(?:order|purchase|sale)$/, "status:enum(placed|confirmed|fulfilled|cancelled); total:money; currency:char3; placed_at:datetime"],
  [/^(?:donation)$/, "amount:money; currency:char3; donated_at:datetime"],
  [/^(?:registration|enrolment|enrollment|signup|subscription|application|attendance|adoption|volunteer shift)$/, "status:enum(pending|confirmed|cancelled); registered_at:datetime; notes:text?"],
  [/^(?:report|request|claim|complaint)$/, "description:text; status:enum(open|in_progress|resolved); resolved_at:datetime?"],
  [/^(?:assignment|schedule)$/, "starts_on:date; ends_on:date?; status:enum(assigned|done|skipped)"],
];

const DECIDE = "approve|reject|accept|decline|verify|flag";

/** Catalogue shapes that are plain synonyms: the person's own word may name them. */
const RENAMEABLE = new Set(["Tag", "Booking", "Photo", "Task", "Event", "Ticket", "Notification"]);

/** Catalogued acts whose designed shape beats the generic one. */
const CATALOGUED_ACTS = new Set(["payment", "review", "order", "delivery", "application", "invoice", "comment", "subscription"]);

function catalogued(name: string, traits: DomainTraits): EntityDef | undefined {
  // A compound names its head: a feed station is a station, never a feed.
  for (const w of [name, name.split(" ").pop()!]) {
    const def = ENTITY_CATALOG.find((d) => d.match.length && (!d.requires || d.requires.every((r) => traits.has(r))) && !d.notFor?.some((r) => traits.has(r)) && d.match.some((m) => new RegExp(`^(?:${m})$`, "i").test(w)));
    if (def && !def.actors) return def;
  }
  return undefined;
}

/** Words the tagger reads as naming things ("bikes") rather than states ("not fixable"). */
function namesKinds(items: string[]): boolean {
  // "a pasta machine": a phrase with an article is a thing, never a state.
  if (items.some((x) => /^(?:an?|the)\s/i.test(x))) return true;
  return items.every((x) => {
    const last = tokens(x).at(-1);
    // Alone, "bikes" reads as a verb to the tagger; the dictionary knows it as a plural.
    return Boolean(last && (last.tags.has("Noun") || /^(?:Plural|Singular|Uncountable)$/.test(dictionaryTag(last.norm) ?? "")) && !last.tags.has("Adjective") && !last.tags.has("PastTense"));
  });
}

/** What the person listed in parentheses shapes the table: kinds become a category ("an item (small electricals, clothes, bikes)"), states become the value recorded ("an outcome (fixed, partly fixed, not fixable)"). */
function withExamples(name: string, examples: string[] | undefined, kind: { purpose: string; fields: string } | undefined): { purpose: string; fields: string } | undefined {
  if (!examples?.length) return kind;
  // Each example as an enum value: lower case, no article; a kind is named in the singular.
  const enumOf = (singular: boolean) => unique(examples.map((x) => snake(x.toLowerCase().replace(/^(?:an?|the)\s+/, "").replace(/[^a-z0-9 ]/g, " ").trim().replace(/\S+$/, (w) => (singular ? singularNoun(w) : w)))).filter(Boolean)).join("|");
  if (namesKinds(examples)) return { purpose: `A ${name} as the person described it: ${examples.join(", ")}`, fields: `name:string; category:enum(${enumOf(true)}); description:text?` };
  return { purpose: `The ${name} recorded for each case: ${examples.join(", ")}`, fields: `value:enum(${enumOf(false)}); notes:text?; recorded_at:datetime` };
}

// A listed item's type, by its last word: "varroa count" is a number, "queen seen or not" a yes/no.
const FIELD_TYPES: Array<[RegExp, string]> = [
  [/^(?:date|day|birthday|deadline)$/, "date"],
  [/^(?:time|datetime|timestamp|at)$/, "datetime"],
  [/^(?:count|number|quantity|age|total|score|rating|minutes|hours|days)$/, "int"],
  [/^(?:weight|temperature|length|height|width|distance|duration|volume|mileage|reading)$/, "decimal"],
  [/^(?:price|cost|fee|amount)$/, "money"],
  [/^(?:email|e-mail)$/, "email"],
  [/^(?:phone|mobile|telephone)$/, "phone"],
  [/^(?:notes?|comments?|description|remarks?|details|body|text|content|message|summary)$/, "text"],
  [/^(?:url|link|website)$/, "url"],
];

/** The fields of a record as the person listed them ("date, queen seen or not, temper of the colony, varroa count and any treatment given"): each named by its own words, typed by them, optional (nobody said which are required). */
function listedFields(items: string[]): string {
  return unique(items.map(fieldSpec).filter((f): f is [string, string] => Boolean(f)), ([name]) => name).map(([name, type]) => `${name}:${type}?`).join("; ");
}

/** One field as the person named it ("queen seen or not", "publish date", "cost per child"): its name and type. */
export function fieldSpec(item: string): [string, string] | undefined {
  let words = item.toLowerCase().replace(/[^a-z0-9 -]/g, " ").trim();
  const yesNo = /\s+or not$|^whether\s+|\s+(?:yes\/no|y\/n)$/.test(words);
  words = words.replace(/\s+or not$|^whether\s+/, "").replace(/^(?:any|the|a|an|each|every|their|its|his|her|our|which)\s+/, "").replace(/^(?!number\b)(\S+(?:\s\S+)?)\s+of\s.*$/, "$1");
  // "any treatment given": a participle after the noun says it happened, the noun is the field.
  const ts = tokens(words);
  if (!yesNo && ts.length > 1 && ts.at(-1)!.tags.has("PastTense")) words = words.replace(/\s+\S+$/, "");
  const name = snake(words.split(/\s+/).slice(-3).join(" "));
  if (!/^[a-z][a-z0-9_]*$/.test(name) || name === "id" || name === "created_at") return undefined;
  // "cost per child" is a cost; "max places", "number of seats" are counts.
  const head = words.replace(/\s+per\s.*$/, "").split(/\s+/);
  return [name, yesNo ? "bool" : /^(?:max|min|maximum|minimum|number|no)$/.test(head[0]) && head.length > 1 ? "int" : isMeasure(head.at(-1)!) ? "decimal" : (FIELD_TYPES.find(([re]) => re.test(head.at(-1)!))?.[1] ?? "string")];
}

/** "bisque or glaze firings": which of the kinds the person named one of it is. */
const kindField = (kinds?: string[]) => (kinds?.length ? `kind:enum(${kinds.map((k) => snake(k)).join("|")})` : "");

/** A designed shape with the person's listed fields added, where it has none of that name. */
function withListed(designed: string, listed: string): string {
  const has = new Set(designed.split(";").map((f) => f.trim().split(":")[0]));
  return [designed, ...listed.split("; ").filter((f) => f && !has.has(f.split(":")[0]))].join("; ");
}

function kindOf(name: string, verbs: string[] = []): { purpose: string; fields: string } | undefined {
  for (const [re, purpose, fields, needs] of KINDS) if (re.test(name) && (!needs || !verbs.length || verbs.some((v) => needs.test(v)))) return { purpose, fields };
  return undefined;
}

/** Who acts: the role's own entity when it has one ("Barber"), else the signed-in User in that role. */
function userRef(actor: string | undefined, verb: string, roles: ReadonlySet<string>): string {
  if (actor && roles.has(actor)) return `${pascal(actor)}:${thirdPerson(verb)}`;
  return `User:${thirdPerson(verb)}@${snake(actor ?? "user")}_id`;
}

/** Generic people: they sign in as Users; a role the person named is one of their own. */
const GENERIC_PEOPLE = /^(?:user|member|admin|administrator|person|people|staff|team|developer|engineer|programmer)$/;

export function namedEntityDefs(reading: Reading, traits: DomainTraits, identityByPhone = false): NamedDef[] {
  const out: NamedDef[] = [];
  // Everyone the person named acting (barbers, walkers, riders) is a record of their own:
  // other records point at them, and they may or may not sign in.
  const roles = new Set(reading.actors.filter((a) => !GENERIC_PEOPLE.test(a) && !ENTITY_CATALOG.some((d) => d.actors?.includes(a))));
  // One def a name: said again, it is core if either saying was.
  const push = (d: NamedDef): void => {
    const prior = out.find((x) => x.def.name === d.def.name);
    if (prior) prior.core ||= d.core;
    else out.push(d);
  };

  const catOf = new Map(reading.things.map((t) => [t.name, catalogued(t.name, traits)]));
  for (const t of reading.things) {
    // "no-shows" is what became of a booking, a state of the record (below), never a table.
    if (/^no-/.test(t.name)) continue;
    const cat = catOf.get(t.name);
    // Booking or swapping a thing makes a record of its own (below); other verbs tie each person to the thing by their own verb.
    // Looking at a thing ("parents see the fixtures") or using it ("members use the rope walls") ties nobody to it.
    const actVerb = (verbs: string[]) => verbs.find((v) => !["reserve", "book", "rent", "swap", "exchange", "trade", "borrow", "lend", "order", "buy", "use", "see", "view", "browse", "read", "follow", "find", "search", "look", "watch"].includes(v));
    const acts = (a: string) => actVerb(t.verbsOf[a] ?? t.verbs);
    if (cat) {
      // The person's word names the table when the catalogue only knows a synonym ("category" → Category, not Tag).
      const alone = [...catOf.values()].filter((c) => c === cat).length === 1;
      const rename = alone && RENAMEABLE.has(cat.name) && !t.name.includes(" ") && pascal(t.name) !== cat.name && !ENTITY_CATALOG.some((d) => d.name === pascal(t.name));
      // A designed shape still records who the person said acts on it ("drivers record each delivery").
      const who = t.actors.filter((a) => roles.has(a) && acts(a) && !(cat.refs ?? []).some((r) => r.includes(pascal(a))));
      const refs = [...(cat.refs ?? []), ...who.map((a) => `${pascal(a)}?:${thirdPerson(acts(a)!)}`)];
      // The fields the person listed join the designed ones.
      const own = [t.fields?.length ? listedFields(t.fields) : "", kindField(t.kinds)].filter(Boolean).join("; ");
      const designed = cat.fields;
      const fields = !own ? designed : typeof designed === "string" ? withListed(designed, own) : (tr: DomainTraits, tx: string) => withListed(designed(tr, tx), own);
      push({ def: { ...cat, ...(rename ? { name: pascal(t.name) } : {}), refs, fields }, at: t.at, core: t.core, said: t.name });
      continue;
    }
    // People kept as a record ("parents order lunches for their kids"): personal data, tied to whom they belong to.
    if (t.person && roles.has(t.name)) continue;
    if (t.person) {
      push({ def: { name: pascal(t.name), match: [], purpose: `A ${t.name} the people using it act for; only the personal data the service needs`, fields: t.fields?.length ? withListed("name:string; notes:text?", listedFields(t.fields)) : "name:string; notes:text?", refs: t.of ? [`${pascal(t.of)}:has`] : [], sensitivity: "pii" as const }, at: t.at, core: true, said: t.name });
      continue;
    }
    // Only things people act on, or that the description lists, become tables of their own.
    if (!t.core && !t.fromDescription && !t.of) continue;
    // A thing someone approves or rejects is a record with a status, whoever decides.
    if (!t.core && !t.listed && !kindOf(t.name, t.verbs) && !t.verbs.some((v) => new RegExp(`^(?:${DECIDE})$`).test(v))) continue;
    const name = pascal(t.name);
    const found = withExamples(t.name, t.examples, kindOf(t.name, t.verbs));
    // What the person said one of it records is its fields; the kind only says what it is.
    const listed = t.fields?.length ? { purpose: found?.purpose ?? `A ${t.name} as the person described it`, fields: listedFields(t.fields) } : found;
    const kind = t.kinds ? { purpose: listed?.purpose ?? `A ${t.name} as the person described it: ${t.kinds.join(" or ")}`, fields: withListed(listed?.fields ?? "name:string; description:text?; status:enum(active|archived)", kindField(t.kinds)) } : listed;
    // Everyone who acts on it is recorded: "owners book walks, walkers accept them" (where a record of the act holds who, the thing does not: "pupils borrow books").
    const refs = [...(t.of ? [`${pascal(t.of)}:has`] : []), ...t.actors.filter((a) => acts(a) && !reading.acts.some((x) => x.actor === a && x.objects.includes(t.name))).map((a) => userRef(a, acts(a)!, roles))];
    const def = { name, match: [], purpose: kind?.purpose ?? `A ${t.name} as the person described it`, fields: kind?.fields ?? "name:string; description:text?; status:enum(active|archived)", refs };
    push({ def, at: t.at, core: t.core, said: t.name });
    // A duty rota needs its turns: who is due when, and whether it was done (a timetable has none).
    if (/(?:rota|rotation|roster)$/.test(t.name)) {
      const turn = { name: `${name}Turn`, match: [], purpose: `One person's turn on the ${t.name}: when it is due, a reminder, and whether it was done`, fields: "due_on:date; reminder_sent_at:datetime?; done_at:datetime?; swapped_from_id:uuid?" };
      push({ def: { ...turn, refs: [`${name}:has`, `User:is_assigned@${snake(reading.actors[0] ?? "user")}_id`] }, at: t.at + 1, core: false, said: t.name });
    }
  }

  // "a todo app": when nothing else is named, the product's own noun is the subject.
  if (!out.length) {
    for (const w of reading.titleNouns) {
      const cat = catalogued(w, traits);
      if (cat) push({ def: cat, at: 0, core: false, said: w });
    }
  }

  for (const a of reading.acts) {
    // "make an appointment" … "book online": the act's record is the catalogued thing already named.
    const same = out.find((d) => d.def.match?.some((m) => new RegExp(`^(?:${m})$`, "i").test(a.record)));
    const objectDefs = a.objects.map((o) => out.find((d) => d.said === o)?.def.name).filter((n): n is string => Boolean(n));
    if (same) {
      same.core = true;
      if (a.fields && typeof same.def.fields === "string") same.def = { ...same.def, fields: withListed(same.def.fields, listedFields(a.fields)) };
      // ("members book an enlarger …" and "double bookings": the booking named elsewhere is still of what they book.)
      const of = objectDefs.filter((n) => n !== same.def.name && !(same.def.refs ?? []).some((r) => r.split(/[?:]/)[0] === n));
      if (of.length) same.def = { ...same.def, refs: [...(same.def.refs ?? []), ...of.map((n) => `${n}?:has`)] };
      continue;
    }
    const name = pascal(a.record);
    // ("the loans are written on cards" … "pupils borrow books": a record named as a thing and as what people do takes the act's shape.)
    const plain = out.find((d) => d.def.name === name && !d.def.refs?.length && !d.def.match?.length);
    if (plain) out.splice(out.indexOf(plain), 1);
    // ("parts ordered from a supplier": an act nobody is said to do is no customer's order.)
    if (CATALOGUED_ACTS.has(a.record) && a.actor) {
      const cat = ENTITY_CATALOG.find((d) => d.name === name);
      // A designed shape fits only where the records it points to are the person's: a translator reviewing a file writes no buyer's rating of an order.
      const theirs = (ref: string) => ref.split(/[?:]/)[0].split("|").some((n) => n === "User" || out.some((d) => d.def.name === n) || reading.things.some((t) => pascal(t.name) === n));
      if (cat && (!cat.requires || cat.requires.every((r) => traits.has(r))) && (cat.refs ?? []).every(theirs)) {
        push({ def: cat, at: a.at, core: true, said: a.record });
        continue;
      }
    }
    const designed = ACT_FIELDS.find(([re]) => re.test(a.record))?.[1] ?? "occurred_at:datetime; status:enum(open|done|cancelled); notes:text?";
    const fields = a.fields ? withListed(designed, listedFields(a.fields)) : designed;
    const many = objectDefs.length > 1;
    const purpose = `A ${a.record} ${withArticle(a.actor ?? "person")} makes${objectDefs.length ? ` of ${objectDefs.map(withArticle).join(" or ")}` : ""}`;
    push({ def: { name, match: [], purpose, fields, refs: [...objectDefs.map((o) => `${o}${many ? "?" : ""}:has`), userRef(a.actor, "make", roles)] }, at: a.at + 0.5, core: true, said: a.record });
  }
  addStates(out, reading);
  addRoles(roles, reading, identityByPhone, push);
  addLinks(out, reading, push);
  return out;
}

/** The status values of a record: ["pending", "approved"] → "…; status:enum(pending|approved)", extending a status it has; `own`: the person named every state but the first, so only the first of the designed ones stays. */
function withStates(fields: string, values: string[], own = false): string {
  const had = /status:enum\(([^)]*)\)/.exec(fields);
  const designed = had && had[1] !== "active|archived" ? had[1].split("|") : ["pending"];
  const all = unique([...(own ? designed.slice(0, 1) : designed), ...values]).join("|");
  return had ? fields.replace(had[0], `status:enum(${all})`) : `${fields}; status:enum(${all})`;
}

/** States the person named are values of a record's status, never records: "managers approve or reject refund requests" → pending|approved|rejected; "therapists mark no-shows" → a booking's no_show. */
function addStates(out: NamedDef[], reading: Reading): void {
  const settable = (d?: NamedDef) => (d && typeof d.def.fields === "string" ? d : undefined);
  const named = (head: string) => settable(out.find((x) => x.said === head || x.def.name === pascal(head)));
  const addTo = (d: NamedDef | undefined, values: string[], own = false) => {
    if (d) d.def = { ...d.def, fields: withStates(d.def.fields as string, values, own) };
  };
  for (const c of reading.clauses) {
    const decided = [...c.text.matchAll(new RegExp(`\\b(${DECIDE})s?\\b`, "gi"))].map((m) => pastTense(m[1].toLowerCase()));
    if (c.negated || !new RegExp(`^(?:${DECIDE})$`).test(c.verb ?? "")) continue;
    for (const o of c.objects) addTo(named(o.head), decided);
  }
  // "mark an item as repaired, not repairable or needs a part": the states are the person's words.
  for (const c of reading.clauses) {
    const said = /\bas\s+(?!an?\s)(.+)$/i.exec(c.text);
    if (c.negated || !said || !/^(?:mark|set|flag|tag|label|classify|record|move)$/.test(c.verb ?? "")) continue;
    const values = said[1].split(/\s*,\s*|\s+(?:or|and)\s+/).map((x) => snake(x.toLowerCase().replace(/[^a-z ]/g, " ").trim())).filter((x) => x && x.split("_").length <= 4);
    for (const o of values.length ? c.objects : []) addTo(named(o.head), values, true);
  }
  const states = unique(reading.sentences.flatMap((x) => [...x.matchAll(/\bno-(\w+?)s?\b/gi)].map((m) => `no_${m[1].toLowerCase()}`)));
  // What the person's act records (a booking, a session) is what can end as a no-show.
  const record = settable(out.find((d) => reading.acts.some((a) => pascal(a.record) === d.def.name) && /status:enum/.test(d.def.fields as string))) ?? settable(out.find((d) => d.core));
  if (states.length) addTo(record, states);
}

function addRoles(roles: ReadonlySet<string>, reading: Reading, identityByPhone: boolean, push: (d: NamedDef) => void): void {
  for (const role of roles) {
    const at = reading.sentences.join(" ").toLowerCase().indexOf(role);
    const contact = identityByPhone ? "name:string?; phone_number:phone!; notes:text?" : "name:string; email:email?; phone:phone?; notes:text?";
    const fields = withListed(contact, listedFields(reading.things.find((t) => t.person && t.name === role)?.fields ?? []));
    const def = { name: pascal(role), match: [], purpose: `A ${role} — who they are and how to reach them; linked to a sign-in only if they have one`, fields, refs: ["=User?:is@user_id"], sensitivity: "pii" as const, person: true };
    push({ def, at: at < 0 ? 1e5 : at, core: true, said: role });
  }
}

/** What the person tied together becomes a relation: "readings per batch" gives each reading its batch; "barbers move between shops" gives both sides many of the other, through a table of the pairs. */
function addLinks(out: NamedDef[], reading: Reading, push: (d: NamedDef) => void): void {
  // "tanks" are the "fermentation tanks" said before: a bare noun is the compound that ends in it; "group lessons" are lessons.
  const defOf = (said: string) => out.find((d) => d.said === said || d.def.name === pascal(said)) ?? out.find((d) => d.said.endsWith(` ${said}`) || d.said === said.split(" ").pop());
  for (const l of reading.links) {
    const a = defOf(l.from);
    const b = defOf(l.to);
    if (!a || !b || a === b) continue;
    if (l.many) {
      // (The same tie said twice, in the description and an answer, is one table of pairs.)
      if (out.some((d) => d.said === `${a.said} ${b.said}`)) continue;
      const name = [b.def.name, a.def.name].join("");
      const taken = out.some((d) => d.def.name === name);
      const def = { name: taken ? `${a.def.name}${b.def.name}Link` : name, match: [], purpose: `Which ${a.said}s go with which ${b.said}s: ${l.said}`, fields: "starts_on:date?; ends_on:date?; notes:text?", refs: [`${a.def.name}:has`, `${b.def.name}:has`] };
      push({ def, at: Math.max(a.at, b.at) + 0.25, core: false, said: `${a.said} ${b.said}` });
      continue;
    }
    const refs = a.def.refs ?? [];
    // ("a monthly invoice per customer": the people the person tied it to take the place of the sign-in the catalogue would bill.)
    const generic = b.def.person ? refs.find((r) => /^(?:Organization\|)?User\??:/.test(r)) : undefined;
    if (generic) a.def = { ...a.def, refs: [...refs.filter((r) => r !== generic), `${b.def.name}:${generic.split(":")[1].split("@")[0]}`] };
    else if (!refs.some((r) => r.startsWith(`${b.def.name}:`) || r.startsWith(`${b.def.name}?:`))) a.def = { ...a.def, refs: [...refs, `${b.def.name}?:has`] };
  }
}
