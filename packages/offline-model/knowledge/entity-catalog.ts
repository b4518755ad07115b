// Domain nouns the data model knows how to design: the words that reveal an entity
// and the fields a careful designer would give it. Field DSL: `name:type` with `?` for
// nullable and `!` for unique; refs are `Target:verb`, alternatives `A|B:verb`, `=` for
// one-to-one, `?` for an optional link.
import { CARD_PAYMENT } from "../reading/features";
import type { DomainTraits, TraitId } from "./detect-domain";

export type Sensitivity = "pii" | "phi" | "payment" | "none";

export interface EntityDef {
  name: string;
  /** Regex sources that reveal the entity in the description or answers. */
  match: string[];
  purpose: string;
  fields: string | ((t: DomainTraits, text: string) => string);
  refs?: string[];
  /** Only when all of these traits hold (disambiguates "questions", "triage", "sessions"). */
  requires?: TraitId[];
  sensitivity?: Sensitivity;
  /** People the person named (barbers, readers): records point at them, never hang under them. */
  person?: boolean;
  /** People this entity stands for, so they are not also added as User roles. */
  actors?: string[];
  /** True when people of this kind sign in: their row links to a User. */
  account?: boolean;
  /** Left out when one of these is already in the model (a Cook is the seller; a Dish is the listing). */
  unless?: string[];
  /** Left out for these kinds of product (a CLI's "files" are its subject, not uploads). */
  notFor?: TraitId[];
}

// How people pay and through whom, only as the person said it: where they named neither, the record leaves both open (the brief asks), instead of asserting cards through Stripe.
const METHODS: Array<[RegExp, string]> = [
  [CARD_PAYMENT, "card"], [/mb ?way/i, "mb_way"], [/apple pay/i, "apple_pay"], [/google pay/i, "google_pay"], [/paypal/i, "paypal"],
  [/\biDEAL\b/, "ideal"], [/\bsepa\b/i, "sepa_debit"], [/direct debit|gocardless/i, "direct_debit"], [/bank transfer/i, "bank_transfer"], [/\bcash\b/i, "cash"],
];
/** "cash", "bank transfer": a way to pay is the payment's method, never a record of its own. */
export const isPaymentMethod = (phrase: string) => METHODS.some(([re]) => re.exec(phrase)?.[0].length === phrase.length);
const PROVIDERS = ["stripe", "adyen", "paypal", "mollie", "gocardless", "sumup"];

function paymentFields(text: string): string {
  const methods = METHODS.filter(([re]) => re.test(text)).map(([, m]) => m);
  const providers = PROVIDERS.filter((p) => new RegExp(`\\b${p}\\b`, "i").test(text));
  const provider = providers.length ? `provider:enum(${providers.join("|")})` : methods.includes("card") ? "provider:enum(stripe)" : "provider:string?";
  const ref = providers.length || methods.includes("card") ? "provider_payment_id:string!" : "provider_payment_id:string?!";
  return `${provider}; ${ref}; method:${methods.length ? `enum(${methods.join("|")})` : "string?"}; amount:money; currency:char3; status:enum(requires_action|processing|succeeded|failed|refunded); paid_at:datetime?`;
}

export const ENTITY_CATALOG: EntityDef[] = [
  // People with their own attributes beyond a login.
  {
    name: "Patient",
    match: ["patients?"],
    purpose: "The person seeking care; linked to the EHR record once identified",
    fields: "fhir_patient_id:string?; mrn:string?; given_name:string; family_name:string; date_of_birth:date; phone:phone?",
    refs: ["Clinic:registers"],
    actors: ["patient"],
    sensitivity: "phi",
  },
  // Commerce.
  {
    name: "Order",
    match: ["(?<!in )orders?(?! to\\b)", "ordering", "buy(?:s|ers)?", "purchas\\w*"],
    purpose: "A purchase, from placement to collection or refund",
    fields: (t) =>
      `status:enum(${t.has("scheduling") || t.has("food") ? "placed|paid|ready|picked_up|cancelled|refunded" : "placed|paid|fulfilled|cancelled|refunded"}); subtotal:money; ${t.has("marketplace") ? "commission_amount:money; " : ""}total:money; currency:char3; placed_at:datetime`,
    refs: ["User:places"],
  },
  {
    name: "Payment",
    match: ["pay(?:s|ing|ment|ments)?", "checkout", "card payments?", "by card"],
    purpose: "A charge at the payment provider; holds references only, never card data",
    fields: (_t, text) => paymentFields(text),
    refs: ["Order|Booking|Invoice|Subscription:is_paid_by"],
    sensitivity: "payment",
  },
  {
    name: "Review",
    match: ["reviews?", "ratings?", "rate (?:the|a|their|each)"],
    purpose: "A buyer's rating of a completed order, the basis of trust",
    fields: "rating:int; comment:text?; is_visible:bool; created_at:datetime",
    refs: ["Order:is_reviewed_in", "User:writes"],
  },
  {
    name: "Invoice",
    match: ["invoic\\w*"],
    purpose: "A bill issued to a customer",
    fields: "number:string!; amount:money; currency:char3; status:enum(draft|issued|paid|void); issued_at:datetime; due_at:datetime",
    refs: ["Organization|User:is_billed"],
  },
  {
    name: "Booking",
    match: ["bookings?", "reservations?", "appointments?"],
    purpose: "A reserved time slot",
    fields: "starts_at:datetime; ends_at:datetime; status:enum(requested|confirmed|cancelled|completed); notes:text?",
    refs: ["User:makes"],
  },
  {
    name: "Delivery",
    match: ["deliver(?:y|ies)"],
    requires: ["logistics"],
    purpose: "Carrying an order from pickup to drop-off",
    fields: "status:enum(assigned|picked_up|delivered|failed); pickup_address:string; dropoff_address:string; eta:datetime?; delivered_at:datetime?",
    refs: ["Order:is_delivered_by", "Courier?:carries"],
  },
  // Education and games.
  {
    name: "Question",
    match: ["questions?"],
    requires: ["game"],
    purpose: "One question with its time limit and points",
    fields: "prompt:text; kind:enum(single_choice|multiple_choice|true_false); time_limit_seconds:int; points:int; position:int",
    refs: ["Quiz:contains"],
  },
  { name: "AnswerOption", match: [], purpose: "A choice offered for a question", fields: "label:string; is_correct:bool; position:int", refs: ["Question:offers"] },
  {
    name: "Course",
    match: ["courses?"],
    requires: ["education"],
    purpose: "A course with lessons",
    fields: "title:string; description:text; status:enum(draft|published|archived)",
    refs: ["User:teaches"],
  },
  { name: "Lesson", match: ["lessons?"], requires: ["education"], purpose: "One lesson of a course", fields: "title:string; content_markdown:text; position:int", refs: ["Course:contains"] },
  {
    name: "Assignment",
    match: ["assignments?", "homework"],
    requires: ["education"],
    purpose: "Work set for learners with a due date",
    fields: "title:string; instructions:text; due_at:datetime",
    refs: ["Course|Classroom:sets"],
  },
  // General purpose.
  {
    name: "Organization",
    match: ["organi[sz]ations?", "tenants?", "companies", "workspaces?", "customers' teams"],
    requires: ["multi_tenant"],
    purpose: "A customer account; every row below it is scoped by organization_id",
    fields: "name:string; slug:string!; plan:enum(free|team|enterprise); created_at:datetime",
  },
  {
    name: "Task",
    match: ["tasks?", "to-?dos?", "chores?"],
    purpose: "A unit of work with an assignee and a due date",
    fields: "title:string; status:enum(todo|in_progress|done); due_at:datetime?; priority:enum(low|normal|high)",
    refs: ["Project|User:contains", "User?:is_assigned"],
  },
  {
    name: "Photo",
    notFor: ["cli"],
    match: ["photos?", "images?", "pictures?"],
    purpose: "An uploaded image kept in object storage; the table holds metadata only",
    fields: "storage_key:string!; content_type:string; size_bytes:int; width:int; height:int; alt_text:string?",
    refs: ["Dish|Listing|Product|Incident|User:has"],
  },
  {
    name: "Notification",
    notFor: ["cli"],
    match: ["notif\\w+", "reminders?"],
    purpose: "A message sent to a person by email, SMS or push",
    fields: "channel:enum(email|sms|push); template:string; status:enum(queued|sent|failed); sent_at:datetime?",
    refs: ["User:receives"],
  },
  { name: "Comment", notFor: ["cli"], match: ["comments?"], purpose: "A comment left by a person", fields: "body:text; created_at:datetime; edited_at:datetime?", refs: ["User:writes"] },
  {
    name: "Event",
    match: ["events?", "meetups?", "concerts?"],
    purpose: "Something that happens at a time and place",
    fields: "title:string; starts_at:datetime; ends_at:datetime?; venue:string; capacity:int?",
    refs: ["Organization|User:organizes"],
  },
  {
    name: "Ticket",
    match: ["tickets?", "support requests?"],
    purpose: "A request tracked to resolution",
    fields: "subject:string; status:enum(open|pending|solved|closed); priority:enum(low|normal|high|urgent); opened_at:datetime",
    refs: ["User:opens", "User?:is_assigned"],
  },
  {
    name: "Expense",
    match: ["expenses?", "spending"],
    purpose: "Money spent, categorised",
    fields: "amount:money; currency:char3; category:string; spent_on:date; note:text?",
    refs: ["User:records"],
  },
  { name: "Recipe", match: ["recipes?"], purpose: "Ingredients and steps for a dish", fields: "title:string; ingredients:json; steps_markdown:text; prep_minutes:int", refs: ["User:writes"] },
  {
    name: "Application",
    match: ["applications?", "applicants?", "candidates?"],
    purpose: "A candidate's application to a posting",
    fields: "candidate_name:string; candidate_email:email; cv_key:string?; status:enum(received|screening|interview|offer|rejected); applied_at:datetime",
    refs: ["JobPosting:receives"],
    sensitivity: "pii",
  },
  {
    name: "Article",
    match: ["articles?", "wiki pages?", "pages"],
    requires: ["markdown"],
    purpose: "A markdown document with versions",
    fields: "title:string; slug:string!; body_markdown:text; version:int; published_at:datetime?",
    refs: ["User:writes"],
  },
  { name: "Tag", match: ["tags?", "labels?", "categor(?:y|ies)"], purpose: "A label used to group and filter", fields: "name:string!; color:string?" },
  {
    name: "AiSuggestion",
    match: ["suggests? (?:replies|answers|responses|a reply)", "summari[sz]\\w*", "drafts? (?:replies|answers|responses)", "generat\\w+ (?:replies|answers|descriptions|summaries)"],
    requires: ["ai"],
    purpose: "A model-generated summary or reply, with the model and prompt version that produced it and whether a person used it",
    fields: "kind:enum(summary|reply|classification); content:text; model:string; prompt_version:string; accepted:bool?",
    refs: ["Ticket|Conversation|Message|Document|Item:receives", "User?:reviews"],
  },
];

/** Added when the domain needs them even if no word names them. */
export const AUDIT_EVENT: EntityDef = {
  name: "AuditEvent",
  match: [],
  purpose: "Append-only record of who did what to which record, for accountability",
  fields: "action:string; subject_type:string; subject_id:uuid; occurred_at:datetime; ip_address:inet?; metadata:json",
  refs: ["User?:performs"],
};
