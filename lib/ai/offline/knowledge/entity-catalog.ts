// Domain nouns the data model knows how to design: the words that reveal an entity
// and the fields a careful designer would give it. Field DSL: `name:type` with `?` for
// nullable and `!` for unique; refs are `Target:verb`, alternatives `A|B:verb`, `=` for
// one-to-one, `?` for an optional link.
import type { DomainTraits, TraitId } from "./detect-domain";

export type Sensitivity = "pii" | "phi" | "payment" | "minor" | "none";

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

const paymentMethods = (text: string) => {
  const m = ["card"];
  if (/mb ?way/i.test(text)) m.push("mb_way");
  if (/apple pay/i.test(text)) m.push("apple_pay");
  if (/google pay/i.test(text)) m.push("google_pay");
  if (/paypal/i.test(text)) m.push("paypal");
  if (/\biDEAL\b/.test(text)) m.push("ideal");
  if (/sepa/i.test(text)) m.push("sepa_debit");
  return m.join("|");
};

export const ENTITY_CATALOG: EntityDef[] = [
  // People with their own attributes beyond a login.
  {
    name: "Cook",
    match: ["cooks?", "chefs?", "home cooks?"],
    purpose: "A person who prepares and sells meals, with the checks buyers rely on",
    fields: "display_name:string; bio:text?; area:string; hygiene_declared_at:datetime?; payout_account_ref:string?; rating_avg:decimal?; status:enum(pending_review|active|suspended)",
    refs: ["=User:is"],
    actors: ["cook", "chef", "home cook"],
    account: true,
    sensitivity: "pii",
  },
  {
    name: "Seller",
    match: ["sellers?", "vendors?", "merchants?"],
    unless: ["Cook", "Courier"],
    requires: ["marketplace"],
    purpose: "A trader who lists items on the marketplace",
    fields: "shop_name:string; bio:text?; trader_verified_at:datetime?; payout_account_ref:string?; rating_avg:decimal?; status:enum(pending_review|active|suspended)",
    refs: ["=User:is"],
    actors: ["seller", "vendor", "merchant"],
    account: true,
    sensitivity: "pii",
  },
  {
    name: "Patient",
    match: ["patients?"],
    purpose: "The person seeking care; linked to the EHR record once identified",
    fields: "fhir_patient_id:string?; mrn:string?; given_name:string; family_name:string; date_of_birth:date; phone:phone?",
    refs: ["Clinic:registers"],
    actors: ["patient"],
    sensitivity: "phi",
  },
  {
    name: "Player",
    match: ["students?", "players?", "pupils?", "participants?"],
    requires: ["game"],
    purpose: "A participant in one game session, known only by a nickname (no account)",
    fields: "nickname:string; score:int; connection_state:enum(connected|disconnected); joined_at:datetime",
    refs: ["GameSession:joins"],
    actors: ["student", "player", "pupil", "participant"],
    sensitivity: "minor",
  },
  {
    name: "Courier",
    match: ["couriers?", "drivers?", "riders?"],
    requires: ["logistics"],
    purpose: "A person who carries deliveries",
    fields: "vehicle_type:enum(bike|scooter|car|van); status:enum(offline|available|on_delivery); last_location:geo?",
    refs: ["=User:is"],
    actors: ["courier", "driver", "rider"],
    account: true,
    sensitivity: "pii",
  },
  // Commerce.
  {
    name: "Dish",
    match: ["dish(?:es)?", "meals?", "menu items?"],
    purpose: "A meal a cook offers, with price, allergens and photo",
    fields: "title:string; description:text; price:money; currency:char3; allergens:string[]; portions_available:int; photo_key:string?; is_active:bool",
    refs: ["Cook|Seller|User:offers"],
  },
  {
    name: "Listing",
    match: ["listings?", "items? for sale"],
    unless: ["Dish", "Product"],
    requires: ["marketplace"],
    purpose: "Something offered on the marketplace",
    fields: "title:string; description:text; price:money; currency:char3; status:enum(draft|published|paused|removed); photo_key:string?",
    refs: ["Seller|Cook|User:publishes"],
  },
  {
    name: "Product",
    match: ["products?", "catalog(?:ue)? items?", "cakes?", "breads?", "pastr(?:y|ies)", "baked goods", "menu items?"],
    purpose: "A catalogue item with stock",
    fields: "sku:string!; name:string; description:text; price:money; currency:char3; stock:int; is_active:bool",
  },
  {
    name: "PickupSlot",
    match: ["pickup times?", "pickup slots?", "pick-?ups?", "collection times?"],
    purpose: "A window when a buyer can collect an order, with its place",
    fields: "starts_at:datetime; ends_at:datetime; capacity:int; address:string; location:geo?",
    refs: ["Cook|Seller|User:offers"],
  },
  {
    name: "Order",
    match: ["(?<!in )orders?(?! to\\b)", "ordering", "buy(?:s|ers)?", "purchas\\w*"],
    purpose: "A purchase, from placement to collection or refund",
    fields: (t) =>
      `status:enum(${t.has("scheduling") || t.has("food") ? "placed|paid|ready|picked_up|cancelled|refunded" : "placed|paid|fulfilled|cancelled|refunded"}); subtotal:money; ${t.has("marketplace") ? "commission_amount:money; " : ""}total:money; currency:char3; placed_at:datetime`,
    refs: ["User:places", "PickupSlot?:is_collected_in"],
  },
  {
    name: "OrderItem",
    match: [],
    purpose: "One line of an order, with the price at the time of purchase",
    fields: "quantity:int; unit_price:money",
    refs: ["Order:contains", "Dish|Product|Listing:is_ordered_as"],
  },
  {
    name: "Payment",
    match: ["pay(?:s|ing|ment|ments)?", "checkout", "card payments?", "by card"],
    purpose: "A charge at the payment provider; holds references only, never card data",
    fields: (_t, text) =>
      `provider:enum(${/adyen/i.test(text) ? "adyen" : "stripe"}); provider_payment_id:string!; method:enum(${paymentMethods(text)}); amount:money; currency:char3; status:enum(requires_action|processing|succeeded|failed|refunded); paid_at:datetime?`,
    refs: ["Order|Booking|Invoice|Subscription:is_paid_by"],
    sensitivity: "payment",
  },
  {
    name: "Payout",
    match: ["payouts?", "commission"],
    requires: ["marketplace", "payments"],
    purpose: "Money transferred to a seller after the platform commission",
    fields: "gross_amount:money; commission_amount:money; net_amount:money; currency:char3; provider_transfer_id:string?; status:enum(pending|paid|failed); period_end:date",
    refs: ["Cook|Seller|User:receives"],
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
    name: "Subscription",
    match: ["subscriptions?", "subscribe", "plans?"],
    requires: ["payments"],
    purpose: "A recurring plan at the payment provider",
    fields: "plan:enum(free|pro|business); status:enum(trialing|active|past_due|canceled); provider_subscription_id:string!; current_period_end:datetime",
    refs: ["Organization|User:holds"],
    sensitivity: "payment",
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
  // Health.
  {
    name: "Clinic",
    match: ["clinics?", "hospitals?", "practices?"],
    requires: ["health"],
    purpose: "A care site with its own EHR endpoint and timezone",
    fields: "name:string; timezone:string; fhir_base_url:url?; address:string; is_active:bool",
  },
  {
    name: "SymptomReport",
    match: ["symptoms?", "intake"],
    requires: ["health"],
    purpose: "What the patient reported, in structured answers and their own words",
    fields: "answers:json; free_text:text?; pain_score:int?; submitted_at:datetime; device_id:string",
    refs: ["Patient:reports", "Clinic:receives"],
    sensitivity: "phi",
  },
  {
    name: "TriageAssessment",
    match: ["triage", "priorit(?:y|ies)"],
    requires: ["health"],
    purpose: "The suggested priority, the rule version that produced it and the nurse's decision",
    fields: "suggested_priority:enum(immediate|urgent|less_urgent|non_urgent); rule_version:string; rationale:text; confirmed_priority:enum(immediate|urgent|less_urgent|non_urgent)?; status:enum(suggested|confirmed|overridden); confirmed_at:datetime?",
    refs: ["=SymptomReport:produces", "User?:confirms"],
    sensitivity: "phi",
  },
  {
    name: "Encounter",
    match: ["encounters?", "visits?"],
    requires: ["health"],
    purpose: "A visit, mirrored from the EHR",
    fields: "fhir_encounter_id:string?; status:enum(arrived|triaged|in_progress|finished); arrived_at:datetime; finished_at:datetime?",
    refs: ["Patient:has", "Clinic:hosts"],
    sensitivity: "phi",
  },
  {
    name: "EhrSyncJob",
    match: ["ehr", "emr", "fhir", "hl7"],
    requires: ["ehr_integration"],
    purpose: "An outbox row for each write to the EHR, retried until acknowledged",
    fields: "resource_type:string; operation:enum(create|update); payload_hash:string; status:enum(pending|sent|failed); attempts:int; last_error:text?; sent_at:datetime?",
    refs: ["TriageAssessment|Encounter:is_synced_by"],
  },
  // Education and games.
  {
    name: "Quiz",
    match: ["quiz(?:zes)?", "question sets?"],
    purpose: "A reusable set of questions written by a teacher",
    fields: "title:string; subject:string?; grade_level:string?; is_published:bool",
    refs: ["User:authors"],
  },
  {
    name: "Question",
    match: ["questions?"],
    requires: ["game"],
    purpose: "One question with its time limit and points",
    fields: "prompt:text; kind:enum(single_choice|multiple_choice|true_false); time_limit_seconds:int; points:int; position:int",
    refs: ["Quiz:contains"],
  },
  {
    name: "AnswerOption",
    match: [],
    purpose: "A choice offered for a question",
    fields: "label:string; is_correct:bool; position:int",
    refs: ["Question:offers"],
  },
  {
    name: "GameSession",
    match: ["rounds?", "game sessions?", "games?", "sessions?"],
    requires: ["game"],
    purpose: "One live round: join code, state and the current question",
    fields: "join_code:string!; status:enum(lobby|in_progress|finished); current_question_index:int; started_at:datetime?; ended_at:datetime?",
    refs: ["Quiz:is_played_in", "User:hosts"],
  },
  {
    name: "PlayerAnswer",
    match: ["answers?"],
    requires: ["game"],
    purpose: "A player's answer with timing, the source of the leaderboard",
    fields: "is_correct:bool; response_ms:int; points_awarded:int; answered_at:datetime",
    refs: ["Player:submits", "Question:is_answered_in", "AnswerOption:is_chosen_in"],
  },
  {
    name: "Classroom",
    match: ["classrooms?", "classes"],
    requires: ["education"],
    purpose: "A teacher's class group",
    fields: "name:string; school_name:string?; grade_level:string?",
    refs: ["User:teaches"],
  },
  {
    name: "Course",
    match: ["courses?"],
    requires: ["education"],
    purpose: "A course with lessons",
    fields: "title:string; description:text; status:enum(draft|published|archived)",
    refs: ["User:teaches"],
  },
  {
    name: "Lesson",
    match: ["lessons?"],
    requires: ["education"],
    purpose: "One lesson of a course",
    fields: "title:string; content_markdown:text; position:int",
    refs: ["Course:contains"],
  },
  {
    name: "Assignment",
    match: ["assignments?", "homework"],
    requires: ["education"],
    purpose: "Work set for learners with a due date",
    fields: "title:string; instructions:text; due_at:datetime",
    refs: ["Course|Classroom:sets"],
  },
  // Operations.
  {
    name: "Runbook",
    match: ["runbooks?", "playbooks?"],
    purpose: "A versioned markdown procedure for a service",
    fields: "title:string; slug:string!; body_markdown:text; service:string; tags:string[]; version:int; search_vector:tsvector",
    refs: ["User:maintains"],
  },
  {
    name: "RunbookStep",
    match: ["steps?", "checklists?"],
    requires: ["incident_ops"],
    purpose: "One checklist step of a runbook",
    fields: "position:int; title:string; instructions_markdown:text; expected_minutes:int?",
    refs: ["Runbook:contains"],
  },
  {
    name: "Incident",
    match: ["incidents?", "outages?"],
    purpose: "An incident being worked, with severity and status",
    fields: "title:string; severity:enum(sev1|sev2|sev3|sev4); status:enum(investigating|identified|mitigated|resolved); started_at:datetime; resolved_at:datetime?",
    refs: ["User:commands"],
  },
  {
    name: "ChecklistRun",
    match: ["executed", "executions?", "checklist runs?"],
    requires: ["incident_ops"],
    purpose: "A runbook's checklist being executed during an incident",
    fields: "runbook_version:int; started_at:datetime; completed_at:datetime?",
    refs: ["Incident:runs", "Runbook:is_run_as"],
  },
  {
    name: "StepExecution",
    match: ["timestamps?", "executed"],
    requires: ["incident_ops"],
    purpose: "When a step was done, skipped or failed, and by whom",
    fields: "status:enum(pending|done|skipped|failed); note:text?; completed_at:datetime?",
    refs: ["ChecklistRun:records", "RunbookStep:is_executed_as", "User?:performs"],
  },
  {
    name: "DashboardLink",
    match: ["dashboards?", "links? to"],
    requires: ["incident_ops"],
    purpose: "A link from a runbook to a monitoring dashboard",
    fields: "label:string; url:url; provider:enum(grafana|datadog|kibana|cloudwatch|other)",
    refs: ["Runbook:links"],
  },
  {
    name: "TimelineEvent",
    match: ["timelines?", "post-?incident", "postmortems?"],
    requires: ["incident_ops"],
    purpose: "An entry of the incident timeline used for the post-incident export",
    fields: "occurred_at:datetime; kind:enum(step_done|note|status_change|severity_change); message:text",
    refs: ["Incident:has", "User?:records"],
  },
  // IoT.
  {
    name: "Device",
    match: ["devices?", "sensors?", "trackers?", "meters?", "gateways?"],
    requires: ["iot"],
    purpose: "A connected device with its identity and firmware",
    fields: "serial_number:string!; model:string; firmware_version:string; status:enum(online|offline|maintenance|retired); last_seen_at:datetime?; cert_fingerprint:string!",
    refs: ["Fleet|Organization?:groups", "Vehicle?:is_mounted_in"],
  },
  {
    name: "Fleet",
    match: ["fleets?"],
    requires: ["iot"],
    purpose: "A group of devices managed together",
    fields: "name:string; region:string",
    refs: ["Organization?:owns"],
  },
  {
    name: "Vehicle",
    match: ["vehicles?", "trucks?", "vans?", "cars?", "buses", "scooters?"],
    requires: ["iot"],
    purpose: "A vehicle carrying one or more devices",
    fields: "plate_number:string!; vin:string?; model:string; status:enum(active|in_maintenance|retired)",
    refs: ["Fleet?:groups"],
  },
  {
    name: "TelemetryReading",
    match: ["telemetry", "readings?", "measurements?", "metrics", "temperatures?", "humidity", "reports? (?:its |their )?(?:temperature|location|position|status)"],
    requires: ["iot"],
    purpose: "A time-series measurement from a device (partitioned by time)",
    fields: "recorded_at:datetime; metric:string; value:decimal; unit:string",
    refs: ["Device:emits"],
  },
  {
    name: "Alert",
    match: ["alerts?", "alarms?"],
    requires: ["iot"],
    purpose: "A threshold breach that needs attention",
    fields: "rule:string; severity:enum(info|warning|critical); fired_at:datetime; acknowledged_at:datetime?; resolved_at:datetime?",
    refs: ["Device:raises", "User?:acknowledges"],
  },
  {
    name: "FirmwareRelease",
    match: ["firmware"],
    requires: ["iot"],
    purpose: "A signed firmware image and its rollout",
    fields: "version:string!; checksum_sha256:string; signature:text; rollout_percent:int; released_at:datetime",
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
    name: "Project",
    match: ["projects", "project management", "client projects?"],
    purpose: "A body of work that groups tasks",
    fields: "name:string; status:enum(active|on_hold|done); due_date:date?",
    refs: ["Organization|User:owns"],
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
    refs: ["Dish|Listing|Product|Incident|User:shows"],
  },
  {
    name: "Attachment",
    notFor: ["cli"],
    match: ["attachments?", "uploads?", "files?", "documents?", "pdfs?"],
    purpose: "An uploaded file kept in object storage",
    fields: "storage_key:string!; filename:string; content_type:string; size_bytes:int; checksum_sha256:string",
    refs: ["Incident|Task|Project|User:holds"],
  },
  {
    name: "Notification",
    notFor: ["cli"],
    match: ["notif\\w+", "reminders?"],
    purpose: "A message sent to a person by email, SMS or push",
    fields: "channel:enum(email|sms|push); template:string; status:enum(queued|sent|failed); sent_at:datetime?",
    refs: ["User:receives"],
  },
  {
    name: "Conversation",
    match: ["chats?", "conversations?", "inbox"],
    requires: ["messaging"],
    purpose: "A thread between people",
    fields: "subject:string?; last_message_at:datetime?",
  },
  {
    name: "Message",
    match: ["messages?", "chats?"],
    requires: ["messaging"],
    purpose: "One message in a thread",
    fields: "body:text; sent_at:datetime; read_at:datetime?",
    refs: ["Conversation:contains", "User:sends"],
  },
  {
    name: "Comment",
    notFor: ["cli"],
    match: ["comments?"],
    purpose: "A comment left by a person",
    fields: "body:text; created_at:datetime; edited_at:datetime?",
    refs: ["User:writes"],
  },
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
  {
    name: "Account",
    match: ["bank accounts?", "accounts?"],
    requires: ["finance"],
    purpose: "A ledger account with a balance in one currency",
    fields: "name:string; currency:char3; balance:money; kind:enum(cash|bank|card|savings)",
    refs: ["User:owns"],
  },
  {
    name: "Transaction",
    match: ["transactions?", "transfers?"],
    requires: ["finance"],
    purpose: "A movement of money between accounts",
    fields: "amount:money; currency:char3; occurred_at:datetime; description:string; kind:enum(debit|credit)",
    refs: ["Account:records"],
  },
  {
    name: "Recipe",
    match: ["recipes?"],
    purpose: "Ingredients and steps for a dish",
    fields: "title:string; ingredients:json; steps_markdown:text; prep_minutes:int",
    refs: ["User:writes"],
  },
  {
    name: "JobPosting",
    // Plain "jobs" are usually work to do ("fixers pick jobs"); only postings are adverts.
    match: ["job postings?", "job ads?", "vacanc(?:y|ies)", "openings?"],
    purpose: "An open position",
    fields: "title:string; location:string; status:enum(draft|open|closed); published_at:datetime?",
    refs: ["Organization|User:publishes"],
  },
  {
    name: "Application",
    match: ["applications?", "applicants?", "candidates?"],
    purpose: "A candidate's application to a posting",
    fields: "candidate_name:string; candidate_email:email; cv_key:string?; status:enum(received|screening|interview|offer|rejected); applied_at:datetime",
    refs: ["JobPosting:receives"],
    sensitivity: "pii",
  },
  {
    name: "Post",
    match: ["posts?", "feeds?"],
    purpose: "Something a member publishes",
    fields: "body:text; published_at:datetime; visibility:enum(public|members|private)",
    refs: ["User:publishes"],
  },
  {
    name: "Article",
    match: ["articles?", "wiki pages?", "pages"],
    requires: ["markdown"],
    purpose: "A markdown document with versions",
    fields: "title:string; slug:string!; body_markdown:text; version:int; published_at:datetime?",
    refs: ["User:writes"],
  },
  {
    name: "Tag",
    match: ["tags?", "labels?", "categor(?:y|ies)"],
    purpose: "A label used to group and filter",
    fields: "name:string!; color:string?",
  },
  {
    name: "AiSuggestion",
    match: ["suggests? (?:replies|answers|responses|a reply)", "summari[sz]\\w*", "drafts? (?:replies|answers|responses)", "generat\\w+ (?:replies|answers|descriptions|summaries)"],
    requires: ["ai"],
    purpose: "A model-generated summary or reply, with the model and prompt version that produced it and whether a person used it",
    fields: "kind:enum(summary|reply|classification); content:text; model:string; prompt_version:string; accepted:bool?",
    refs: ["Ticket|Conversation|Message|Document|Item:receives", "User?:reviews"],
  },
  {
    name: "SignatureRequest",
    match: ["e-?signatures?", "electronic signatures?", "sign (?:\\w+ )?(?:contracts?|documents?|agreements?|engagement letters?)"],
    requires: ["e_signature"],
    purpose: "A document sent for signature, with the provider's envelope and the evidence of who signed what",
    fields: "provider_envelope_id:string!; signer_email:email; document_sha256:string; status:enum(draft|sent|viewed|signed|declined|expired); signed_at:datetime?",
    refs: ["Attachment?:is_signed_in", "Organization|User:sends"],
    sensitivity: "pii",
  },
  {
    name: "ClinicalNote",
    match: ["(?:session|clinical|progress|visit|therapy|treatment) notes?"],
    requires: ["health"],
    purpose: "A clinician's note about a session; versioned and signed",
    fields: "body:text; version:int; signed_at:datetime?",
    refs: ["Patient?:has", "User:authors"],
    sensitivity: "phi",
  },
  {
    name: "VideoSession",
    match: ["video (?:calls?|sessions?|consultations?|visits?)", "telehealth", "telemedicine"],
    requires: ["video_calls"],
    purpose: "One video room: who may join, when it ran, and whether recording was consented to",
    fields: "room_name:string!; status:enum(scheduled|live|ended|no_show); started_at:datetime?; ended_at:datetime?; recording_consent:bool",
    refs: ["Booking?:takes_place_in", "User:hosts"],
  },
  {
    name: "Page",
    match: [],
    requires: ["simple_site"],
    purpose: "A content page written in Markdown with frontmatter",
    fields: "slug:string!; title:string; description:string; body_markdown:text; published_at:date",
  },
  {
    name: "ContactMessage",
    match: ["contact", "enquir\\w+", "inquir\\w+"],
    requires: ["simple_site"],
    purpose: "An enquiry from the contact form, forwarded by email and not kept by the site",
    fields: "name:string; email:email; message:text; sent_at:datetime",
    sensitivity: "pii",
  },
  {
    name: "BackupSchedule",
    match: ["on a schedule", "scheduled backups?", "backup schedules?"],
    requires: ["k8s_operator"],
    purpose: "Custom resource: what to back up, how often, and how long to keep it",
    fields: "schedule_cron:string; target_ref:string; destination_url:url; retention_days:int; suspended:bool",
  },
  {
    name: "Backup",
    match: ["backs? up", "backups?"],
    requires: ["k8s_operator"],
    purpose: "Custom resource: one backup run and where its data went",
    fields: "phase:enum(pending|running|completed|failed); started_at:datetime?; completed_at:datetime?; location:url?; size_bytes:int?",
    refs: ["BackupSchedule?:produces"],
  },
  {
    name: "Restore",
    match: ["restores?", "restoring"],
    requires: ["k8s_operator"],
    purpose: "Custom resource: a restore of one backup into a target",
    fields: "phase:enum(pending|running|completed|failed); target_ref:string; started_at:datetime?; completed_at:datetime?",
    refs: ["Backup:is_restored_by"],
  },
  {
    name: "CommandRun",
    match: ["commands?", "runs?"],
    requires: ["cli"],
    purpose: "A local history of commands run, for `history` and troubleshooting",
    fields: "command:string; args:json; exit_code:int; duration_ms:int; ran_at:datetime",
  },
  {
    name: "Profile",
    match: ["configs?", "configurations?", "profiles?", "settings"],
    requires: ["cli"],
    purpose: "A named configuration profile stored in the user's config directory",
    fields: "name:string!; settings:json; is_default:bool; updated_at:datetime",
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

export const USER: EntityDef = {
  name: "User",
  match: [],
  purpose: "A person who signs in",
  fields: "", // built per project: roles come from the actors found
};
