// Nouns from the description and answers → the entities of the data model, with
// typed fields and the relationships between them. Catalogued nouns get a designed
// shape; other things the person wants to "track", "book" or "manage" get a sensible
// generic one, so any description yields a usable model.
import type { Reading } from "../reading/read-project";
import { singularNoun } from "../reading/nlp";
import { pascal, plural, snake, unique } from "../text-utils";
import type { Actor } from "./actors";
import type { DomainTraits } from "./detect-domain";
import { AUDIT_EVENT, ENTITY_CATALOG, type EntityDef, type Sensitivity } from "./entity-catalog";
import type { ModelChanges } from "./model-changes";
import { namedEntityDefs } from "./named-entities";

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
  person?: boolean;
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
  /** Entities the person named as things people act on: a model without one misses the domain. */
  core: Array<{ entity: string; said: string }>;
  /** True when the person ruled money out: no payment tables and no money fields. */
  noMoney: boolean;
}

const MONEY_ENTITIES = new Set(["Payment", "Payout", "Invoice", "Subscription", "Donation", "Transaction"]);
/** Records of money paid through the product itself. */
const PAID_THROUGH = new Set(["Payment", "Payout", "Transaction"]);
const MONEY_FIELDS = /^(?:currency|payout_account_ref|provider_payment_id|provider_transfer_id|provider_subscription_id|commission_amount|price|subtotal|total|amount|unit_price|gross_amount|net_amount)$/;

function parseFields(dsl: string): Field[] {
  return dsl.split(";").map((f) => f.trim()).filter(Boolean).map((f) => {
    const m = /^(\w+):([\w[\]]+)(?:\(([^)]*)\))?([?!]*)$/.exec(f);
    if (!m) throw new Error(`bad field spec "${f}"`);
    return { name: m[1], type: m[2] as FieldType, nullable: m[4].includes("?"), unique: m[4].includes("!"), ...(m[3] ? { enumValues: m[3].split("|") } : {}) };
  });
}

const ID: Field = { name: "id", type: "uuid", nullable: false, unique: true, primary: true };
const CREATED: Field = { name: "created_at", type: "datetime", nullable: false, unique: false };

const USER_FIELD_BY_VERB: Record<string, string> = {
  confirms: "confirmed_by", commands: "commander_id", performs: "performed_by", hosts: "host_id", authors: "author_id",
  writes: "author_id", maintains: "owner_id", is_assigned: "assignee_id", records: "recorded_by", acknowledges: "acknowledged_by",
  teaches: "teacher_id", opens: "requester_id", sends: "sender_id", publishes: "publisher_id", organizes: "organizer_id",
};

/** User.role values: the people who sign in. Those modelled without an account (players, patients) are not roles. */
function roleValues(actors: Actor[], t: DomainTraits, withoutAccount: Set<string>): string[] {
  let roles = actors
    .map((a) => a.singular.split(" ").pop()!)
    .filter((w) => !withoutAccount.has(w))
    .map((w) => snake(w));
  if (roles.includes("buyer")) roles = roles.filter((r) => !["neighbour", "neighbor", "customer", "shopper", "resident"].includes(r));
  roles = roles.filter((r) => !["developer", "engineer", "user", "worker", "team"].includes(r) || t.has("internal_tool"));
  if (!roles.length) roles.push("member");
  roles.push("admin");
  return unique(roles);
}

export function extractEntities(description: string, answers: string, traits: DomainTraits, actors: Actor[], baseReading: Reading, changes?: ModelChanges): DataModel {
  const text = `${description}\n${answers}`;
  // What the person asked for later (a revision, a remark in the room) wins over the first reading.
  const reading = changes?.noMoney ? { ...baseReading, noMoney: true } : baseReading;
  const byPhone = reading.requirements.some((r) => r.kind === "identity" && r.name === "phone number");
  const named = namedEntityDefs(reading, traits, byPhone);
  const chosen: { def: EntityDef; at: number }[] = named.map((n) => ({ def: n.def, at: n.at }));
  // People with attributes beyond a login (cooks, patients, players), when the person named them.
  const people = new Set([...reading.actors, ...reading.things.map((t) => t.name)]);
  for (const def of ENTITY_CATALOG) {
    if (!def.actors || chosen.some((c) => c.def.name === def.name)) continue;
    if (def.requires && !def.requires.every((r) => traits.has(r))) continue;
    if (def.actors.some((a) => people.has(a))) chosen.push({ def, at: Math.max(0, text.toLowerCase().indexOf(def.actors[0])) });
  }
  const has = (n: string) => chosen.some((c) => c.def.name === n);
  const addAuto = (name: string, at = 1e6) => {
    const def = ENTITY_CATALOG.find((d) => d.name === name);
    if (def && !has(name)) chosen.push({ def, at });
  };
  // Entities that always come with others, or with the domain.
  // Records that cannot exist without their parts (a question's options).
  if (has("Question")) addAuto("AnswerOption");
  if (traits.has("ai") && reading.clauses.some((c) => /^(?:suggest|summari[sz]e|draft|generate|classify)$/.test(c.verb ?? ""))) addAuto("AiSuggestion");
  if (traits.any("health", "internal_tool", "finance", "incident_ops")) chosen.push({ def: AUDIT_EVENT, at: 2e6 });
  for (const c of [...chosen]) if (c.def.unless?.some((n) => has(n))) chosen.splice(chosen.indexOf(c), 1);
  for (const def of changes?.add ?? []) if (!chosen.some((c) => c.def.name === def.name)) chosen.push({ def, at: 3e6 });
  // What the person ruled out wins over every domain guess.
  const forbidden = new Set([...reading.forbidden, ...(changes?.remove ?? [])].map((f) => pascal(singularNoun(f)).toLowerCase()));
  for (const c of [...chosen]) {
    // An invoice people upload is a document even when no money moves through the product.
    const namedCore = reading.things.some((t) => t.core && pascal(t.name) === c.def.name);
    // A payment record needs money that moves through the product: "pay at the counter" names paying, not a Payment to keep.
    const unpaid = reading.noMoney ? MONEY_ENTITIES.has(c.def.name) : !reading.paysInProduct && PAID_THROUGH.has(c.def.name);
    if (forbidden.has(c.def.name.toLowerCase()) || (unpaid && !namedCore)) chosen.splice(chosen.indexOf(c), 1);
  }
  // A payment pays for what they said they pay per or for ("pay per walk"), else for what they do ("riders register and pay"), never an invented Order.
  const paidPer = reading.clauses.filter((c) => c.verb === "pay").flatMap((c) => c.extras.filter((e) => /^(?:per|for)$/.test(e.prep)).map((e) => pascal(e.np.head)));
  // ("owners pay a monthly invoice", "plot holders pay yearly rent": what they pay is what a payment pays.)
  const paidWhat = reading.acts.filter((a) => a.verb === "pay").flatMap((a) => a.objects.map(pascal));
  // ("members pay a monthly fee": money paid by the period, for nothing they keep, is the payer's, not a booking's.)
  const periodic = !paidPer.length && !chosen.some((c) => paidWhat.includes(c.def.name)) && reading.clauses.some((c) => c.verb === "pay" && !c.negated && /\b(?:monthly|yearly|annual|weekly|quarterly)\b/i.test(c.text));
  const paidFor = periodic ? "User:makes" : `${unique([...paidPer, ...paidWhat, ...reading.acts.map((a) => pascal(a.record)), "Order", "Booking", "Invoice", "Subscription"]).filter((n) => n !== "Payment").join("|")}:is_paid_by`;
  const domainCount = chosen.filter((c) => c.def.name !== "AuditEvent").length;
  const item = { name: "Item", match: [], purpose: "The main record the product manages", fields: "title:string; description:text?; status:enum(draft|active|archived)", refs: ["Organization|User:owns"] };
  if (domainCount === 0) chosen.push({ def: item, at: 0 });

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
    // "No account, just a phone number": people are known by the number they give.
    const identity = byPhone ? "phone_number:phone!; email:email?" : "email:email!";
    entities.push({
      name: "User",
      table: "users",
      purpose: sso ? "A person signed in through the company identity provider (no local passwords)" : byPhone ? "A person known by their phone number: no account or password, a one-time code sent by SMS confirms the number" : "A person who signs in",
      fields: [
        ID,
        ...parseFields(
          sso
            ? `idp_subject:string!; email:email!; display_name:string; role:enum(${roles.join("|")}); deactivated_at:datetime?`
            : `${identity}; display_name:string${byPhone ? "?" : ""}; role:enum(${roles.join("|")}); locale:string; ${traits.region.eu ? "terms_accepted_at:datetime; " : ""}deleted_at:datetime?`,
        ),
        CREATED,
      ],
      sensitivity: "pii",
    });
  }

  for (const d of defs) {
    const dsl = typeof d.fields === "function" ? d.fields(traits, text) : d.fields;
    let own = parseFields(dsl);
    if (names.has("Photo") && d.name !== "Photo") own = own.filter((f) => f.name !== "photo_key");
    if (reading.noMoney) own = own.filter((f) => f.type !== "money" && !MONEY_FIELDS.test(f.name));
    const fks: Field[] = [];
    const refs = d.name === "Payment" ? [paidFor] : (d.refs ?? []);
    for (const spec of refs) {
      const m = /^(=?)([\w|]+)(\??):(\w+)(?:@(\w+))?$/.exec(spec);
      if (!m) continue;
      let target = m[2].split("|").find((n) => names.has(n) && n !== d.name);
      if (!target) continue;
      // ("owners pay a monthly invoice", "parents order lunches": who makes it, or acts on it, is the person of their own table, not any User; "groups book a room … game masters see today's bookings": the ones who book make the booking.)
      const whoActs = [...reading.acts.filter((a) => pascal(a.record) === d.name && a.actor).map((a) => a.actor!), ...(reading.things.find((t) => pascal(t.name) === d.name)?.actors ?? [])];
      const actor = target === "User" && !m[5] ? whoActs.map(pascal).find((n) => names.has(n) && n !== d.name) : undefined;
      if (actor) target = actor;
      const verb = m[4];
      let field = m[5] ?? `${snake(target)}_id`;
      if (target === "User" && !m[5]) field = USER_FIELD_BY_VERB[verb] ?? (verb === "places" ? (roles.includes("buyer") ? "buyer_id" : "customer_id") : "user_id");
      if (fks.some((f) => f.name === field)) continue;
      fks.push({ name: field, type: "uuid", nullable: m[3] === "?", unique: m[1] === "=", references: target });
      relations.push({ from: d.name, to: target, field, verb, oneToOne: m[1] === "=", optional: m[3] === "?" });
    }
    if (traits.has("multi_tenant") && names.has("Organization") && d.name !== "Organization" && !fks.some((f) => f.references === "Organization")) {
      fks.unshift({ name: "organization_id", type: "uuid", nullable: false, unique: false, references: "Organization" });
      relations.push({ from: d.name, to: "Organization", field: "organization_id", verb: "scopes", oneToOne: false, optional: false });
    }
    const hasCreated = own.some((f) => f.name === "created_at");
    const fields = [ID, ...fks, ...own, ...(hasCreated ? [] : [CREATED])];
    entities.push({ name: d.name, table: snake(plural(d.name)), purpose: d.purpose, fields, sensitivity: d.sensitivity ?? "none", ...(d.person ? { person: true } : {}) });
  }
  if (traits.has("multi_tenant") && names.has("Organization") && needsUser) {
    const user = entities[0];
    user.fields.splice(1, 0, { name: "organization_id", type: "uuid", nullable: false, unique: false, references: "Organization" });
    relations.push({ from: "User", to: "Organization", field: "organization_id", verb: "belongs_to", oneToOne: false, optional: false });
  }
  const core = unique(
    [...named].sort((a, b) => a.at - b.at).filter((n) => n.core && entities.some((e) => e.name === n.def.name)).map((n) => ({ entity: n.def.name, said: n.said })),
    (c) => c.entity,
  );
  return { entities, relations, roles, core, noMoney: reading.noMoney };
}
