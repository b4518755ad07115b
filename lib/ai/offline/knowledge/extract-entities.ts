// Nouns from the description and answers → the entities of the data model, with
// typed fields and the relationships between them. Catalogued nouns get a designed
// shape; other things the person wants to "track", "book" or "manage" get a sensible
// generic one, so any description yields a usable model.
import { pascal, plural, singular, snake, unique } from "../text-utils";
import type { Actor } from "./actors";
import type { DomainTraits } from "./detect-domain";
import { AUDIT_EVENT, ENTITY_CATALOG, type EntityDef, type Sensitivity } from "./entity-catalog";

export type FieldType =
  | "uuid" | "string" | "text" | "int" | "decimal" | "money" | "bool" | "datetime" | "date" | "json"
  | "url" | "email" | "phone" | "geo" | "char3" | "string[]" | "enum" | "tsvector" | "inet";

export interface Field {
  name: string;
  type: FieldType;
  nullable: boolean;
  unique: boolean;
  enumValues?: string[];
  /** Entity name for foreign keys. */
  references?: string;
  primary?: boolean;
}

export interface Entity {
  name: string;
  table: string;
  purpose: string;
  fields: Field[];
  sensitivity: Sensitivity;
}

export interface Relation {
  /** The entity holding the foreign key ("many" side). */
  from: string;
  to: string;
  field: string;
  verb: string;
  oneToOne: boolean;
  optional: boolean;
}

export interface DataModel {
  entities: Entity[];
  relations: Relation[];
  /** Role values of User.role. */
  roles: string[];
}

function parseFields(dsl: string): Field[] {
  return dsl
    .split(";")
    .map((f) => f.trim())
    .filter(Boolean)
    .map((f) => {
      const m = /^(\w+):([\w[\]]+)(?:\(([^)]*)\))?([?!]*)$/.exec(f);
      if (!m) throw new Error(`bad field spec "${f}"`);
      return {
        name: m[1],
        type: m[2] as FieldType,
        nullable: m[4].includes("?"),
        unique: m[4].includes("!"),
        ...(m[3] ? { enumValues: m[3].split("|") } : {}),
      };
    });
}

const BOUNDARY_BEFORE = "(?<![A-Za-z0-9-])";
const BOUNDARY_AFTER = "(?![A-Za-z0-9-])";

function firstMatch(text: string, sources: string[]): number {
  let best = -1;
  for (const s of sources) {
    const m = new RegExp(`${BOUNDARY_BEFORE}(?:${s})${BOUNDARY_AFTER}`, "i").exec(text);
    if (m && (best < 0 || m.index < best)) best = m.index;
  }
  return best;
}

const GENERIC_VERBS =
  "track|manage|log|record|share|organi[sz]e|upload|publish|book|schedule|browse|sell|rent|compare|plan|monitor|collect|catalog(?:ue)?|curate|save|bookmark|assign|approve|submit|swap|lend|borrow|donate|report|sync|convert|import|export|edit|generate|validate|back up|backup|store|scan|send";
const SKIP_WORDS = new Set([
  "their", "your", "the", "my", "our", "all", "new", "daily", "weekly", "monthly", "personal", "shared", "custom", "team",
  "own", "a", "an", "any", "every", "each", "some", "more", "other", "local", "favourite", "favorite", "small", "big",
]);
const STOP_NOUNS = new Set([
  "time", "way", "thing", "things", "data", "information", "info", "stuff", "money", "progress", "it", "them", "this",
  "that", "what", "how", "who", "when", "where", "everything", "something", "people", "users", "user", "work", "app",
  "list", "lists", "details", "status", "history", "use", "access", "content", "results", "temperature", "humidity",
  "location", "position", "speed", "pressure", "events", "event", "changes", "updates", "feedback", "issues", "problems",
]);
const STOP_AFTER = new Set([
  "and", "or", "with", "for", "in", "on", "to", "from", "by", "at", "of", "that", "which", "so", "as", "into", "every",
  "each", "per", "when", "if", "between", "over", "across", "via", "using", "after", "before", "during", "within",
  "until", "about", "once", "again", "up", "out", "down", "back", "through", "without", "while",
]);

/** Things the person wants to track/manage/book that no catalogue entry covers. */
function genericNouns(text: string): string[] {
  const out: string[] = [];
  const verbRe = new RegExp(`\\b(?:${GENERIC_VERBS})(?:s|es|ed|ing)?\\s+([a-z][a-z\\s-]{2,60})`, "gi");
  for (const m of text.matchAll(verbRe)) {
    const words = m[1].toLowerCase().split(/\s+/).filter(Boolean);
    while (words.length && SKIP_WORDS.has(words[0])) words.shift();
    // "track reading sessions": a plural after a singular modifier is the real noun.
    let noun = words[0];
    const next = words[1];
    if (noun && next && !STOP_AFTER.has(next) && /[^s]s$/.test(next) && !/s$/.test(noun)) noun = next;
    if (noun && noun.length > 2 && !STOP_NOUNS.has(noun) && !STOP_AFTER.has(noun) && !/\d/.test(noun) && !/ly$/.test(noun)) out.push(singular(noun));
  }
  for (const m of text.matchAll(/\b([a-z]{3,})\s+(?:tracker|planner|journal|logbook|library|registry|directory|organi[sz]er)\b/gi)) {
    const w = m[1].toLowerCase();
    if (!STOP_NOUNS.has(w) && !SKIP_WORDS.has(w)) out.push(singular(w));
  }
  return unique(out);
}

const USER_FIELD_BY_VERB: Record<string, string> = {
  confirms: "confirmed_by", commands: "commander_id", performs: "performed_by", hosts: "host_id", authors: "author_id",
  writes: "author_id", maintains: "owner_id", is_assigned: "assignee_id", records: "recorded_by", acknowledges: "acknowledged_by",
  teaches: "teacher_id", opens: "requester_id", sends: "sender_id", publishes: "publisher_id", organizes: "organizer_id",
};

/** User.role values: the people who sign in. Those modelled without an account (players, patients) are not roles. */
function roleValues(actors: Actor[], t: DomainTraits, withoutAccount: Set<string>): string[] {
  if (t.has("incident_ops")) return ["responder", "runbook_editor", "incident_commander", "admin"];
  let roles = actors
    .map((a) => a.singular.split(" ").pop()!)
    .filter((w) => !withoutAccount.has(w))
    .map((w) => snake(w));
  if (roles.includes("buyer")) roles = roles.filter((r) => !["neighbour", "neighbor", "customer", "shopper", "resident"].includes(r));
  roles = roles.filter((r) => !["developer", "engineer", "user", "worker", "team"].includes(r) || t.has("internal_tool"));
  if (t.has("health") && !roles.some((r) => ["nurse", "doctor", "physician", "clinician"].includes(r))) roles.push("clinician");
  if (t.has("education") && !roles.includes("teacher")) roles.unshift("teacher");
  if (!roles.length) roles.push("member");
  roles.push("admin");
  return unique(roles);
}

export function extractEntities(description: string, answers: string, traits: DomainTraits, actors: Actor[]): DataModel {
  const text = `${description}\n${answers}`;
  const chosen: { def: EntityDef; at: number }[] = [];
  for (const def of ENTITY_CATALOG) {
    if (def.requires && !def.requires.every((r) => traits.has(r))) continue;
    if (def.notFor?.some((r) => traits.has(r))) continue;
    const at = def.match.length ? firstMatch(text, def.match) : -1;
    if (at >= 0) chosen.push({ def, at });
  }
  const has = (n: string) => chosen.some((c) => c.def.name === n);
  const addAuto = (name: string, at = 1e6) => {
    const def = ENTITY_CATALOG.find((d) => d.name === name);
    if (def && !has(name)) chosen.push({ def, at });
  };
  // Entities that always come with others, or with the domain.
  if (has("Order") && (has("Dish") || has("Product") || has("Listing"))) addAuto("OrderItem");
  if (has("Question")) addAuto("AnswerOption");
  if (traits.has("marketplace")) {
    addAuto("Review");
    if (!has("Order") && traits.has("payments")) addAuto("Order");
  }

  if (traits.has("game") && traits.has("realtime")) {
    addAuto("GameSession");
    addAuto("Player");
  }
  if (has("Runbook") && traits.has("incident_ops")) addAuto("Incident");
  if (traits.has("cli")) {
    addAuto("Profile");
    addAuto("CommandRun");
  }
  if (traits.has("simple_site")) {
    addAuto("Page", 0);
    addAuto("ContactMessage");
    if (traits.has("food")) addAuto("Product", 1);
  }
  // Photos are the uploads in a catalogue; a separate generic attachment table would duplicate them.
  if (has("Photo") && has("Attachment")) chosen.splice(chosen.findIndex((c) => c.def.name === "Attachment"), 1);
  if (traits.any("health", "internal_tool", "finance", "incident_ops")) chosen.push({ def: AUDIT_EVENT, at: 2e6 });

  // Generic nouns the catalogue does not know.
  const known = new Set(chosen.map((c) => c.def.name.toLowerCase()));
  const actorWords = new Set(actors.flatMap((a) => [a.singular, a.singular.split(" ").pop()!]));
  let generic = 0;
  for (const noun of genericNouns(text)) {
    const name = pascal(noun);
    if (generic >= 3 || known.has(name.toLowerCase()) || actorWords.has(noun)) continue;
    if (ENTITY_CATALOG.some((d) => firstMatch(noun, d.match) >= 0 && known.has(d.name.toLowerCase()))) continue;
    known.add(name.toLowerCase());
    generic++;
    chosen.push({
      def: {
        name,
        match: [],
        purpose: `A ${noun} the person wants to keep track of`,
        fields: "title:string; notes:text?; status:enum(active|archived); occurred_on:date?",
        refs: traits.has("cli") ? [] : ["Organization|User:owns"],
      },
      at: text.toLowerCase().indexOf(noun),
    });
  }
  for (const c of [...chosen]) {
    if (c.def.unless?.some((n) => has(n))) chosen.splice(chosen.indexOf(c), 1);
  }
  // "owners pay per walk": the payment belongs to the walk, not to an invented order.
  const perNoun = /\bpa(?:y|ys|id) (?:per|for each|for every|for the|for a) ([a-z]+)/i.exec(text)?.[1];
  const paidFor = perNoun && chosen.some((c) => c.def.name === pascal(singular(perNoun))) ? pascal(singular(perNoun)) : undefined;
  if (has("Payment") && !has("Order") && !has("Booking") && !has("Invoice") && !has("Subscription") && !paidFor) addAuto("Order");
  const domainCount = chosen.filter((c) => c.def.name !== "AuditEvent").length;
  if (domainCount === 0) {
    chosen.push({
      def: {
        name: "Item",
        match: [],
        purpose: "The main record the product manages",
        fields: "title:string; description:text?; status:enum(draft|active|archived)",
        refs: ["Organization|User:owns"],
      },
      at: 0,
    });
  }

  chosen.sort((a, b) => a.at - b.at);
  const defs = chosen.map((c) => c.def);
  const withoutAccount = new Set<string>();
  for (const d of defs) if (!d.account) for (const a of d.actors ?? []) withoutAccount.add(a.split(" ").pop()!);

  // Products without sign-in (CLIs, operators, static sites) get no User table.
  const noAccounts = traits.any("cli", "k8s_operator", "simple_site");
  const needsUser = !noAccounts || defs.some((d) => (d.refs ?? []).some((r) => /^=?User:/.test(r)));
  const roles = roleValues(actors, traits, withoutAccount);
  const entities: Entity[] = [];
  const relations: Relation[] = [];
  const names = new Set(defs.map((d) => d.name));
  if (needsUser) names.add("User");

  if (needsUser) {
    const sso = traits.has("internal_tool");
    entities.push({
      name: "User",
      table: "users",
      purpose: sso ? "A person signed in through the company identity provider (no local passwords)" : "A person who signs in",
      fields: [
        { name: "id", type: "uuid", nullable: false, unique: true, primary: true },
        ...parseFields(
          sso
            ? `idp_subject:string!; email:email!; display_name:string; role:enum(${roles.join("|")}); deactivated_at:datetime?`
            : `email:email!; display_name:string; role:enum(${roles.join("|")}); locale:string; ${traits.region.eu ? "terms_accepted_at:datetime; " : ""}deleted_at:datetime?`,
        ),
        { name: "created_at", type: "datetime", nullable: false, unique: false },
      ],
      sensitivity: "pii",
    });
  }

  for (const d of defs) {
    const dsl = typeof d.fields === "function" ? d.fields(traits, text) : d.fields;
    let own = parseFields(dsl);
    if (names.has("Photo") && d.name !== "Photo") own = own.filter((f) => f.name !== "photo_key");
    const fks: Field[] = [];
    const refs = d.name === "Payment" && paidFor && names.has(paidFor) && !["Order", "Booking", "Invoice", "Subscription"].some((n) => names.has(n)) ? [`${paidFor}:is_paid_by`] : (d.refs ?? []);
    for (const spec of refs) {
      const m = /^(=?)([\w|]+)(\??):(\w+)$/.exec(spec);
      if (!m) continue;
      const target = m[2].split("|").find((n) => names.has(n) && n !== d.name);
      if (!target) continue;
      const verb = m[4];
      let field = `${snake(target)}_id`;
      if (target === "User") {
        field = USER_FIELD_BY_VERB[verb] ?? (verb === "places" ? (roles.includes("buyer") ? "buyer_id" : "customer_id") : "user_id");
      }
      if (fks.some((f) => f.name === field)) continue;
      fks.push({ name: field, type: "uuid", nullable: m[3] === "?", unique: m[1] === "=", references: target });
      relations.push({ from: d.name, to: target, field, verb, oneToOne: m[1] === "=", optional: m[3] === "?" });
    }
    if (traits.has("multi_tenant") && names.has("Organization") && d.name !== "Organization" && !fks.some((f) => f.references === "Organization")) {
      fks.unshift({ name: "organization_id", type: "uuid", nullable: false, unique: false, references: "Organization" });
      relations.push({ from: d.name, to: "Organization", field: "organization_id", verb: "scopes", oneToOne: false, optional: false });
    }
    const hasCreated = own.some((f) => f.name === "created_at");
    entities.push({
      name: d.name,
      table: snake(plural(d.name)),
      purpose: d.purpose,
      fields: [
        { name: "id", type: "uuid", nullable: false, unique: true, primary: true },
        ...fks,
        ...own,
        ...(hasCreated ? [] : [{ name: "created_at", type: "datetime" as const, nullable: false, unique: false }]),
      ],
      sensitivity: d.sensitivity ?? "none",
    });
  }
  if (traits.has("multi_tenant") && names.has("Organization") && needsUser) {
    const user = entities[0];
    user.fields.splice(1, 0, { name: "organization_id", type: "uuid", nullable: false, unique: false, references: "Organization" });
    relations.push({ from: "User", to: "Organization", field: "organization_id", verb: "belongs_to", oneToOne: false, optional: false });
  }
  return { entities, relations, roles };
}
