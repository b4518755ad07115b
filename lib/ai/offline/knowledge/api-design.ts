// Endpoints derived from the entities (resources, nested where a child belongs to one
// parent) plus the actions the domain needs: payment intents and webhooks, join
// codes, confirmations, exports, erasure. Real-time events are listed separately.
import type { DomainTraits } from "./detect-domain";
import type { DataModel } from "./extract-entities";
import { plural } from "../text-utils";
import { moduleOf, resourcePath } from "./modules";

export interface Endpoint {
  method: "GET" | "POST" | "PATCH" | "DELETE" | "WS";
  path: string;
  purpose: string;
  auth: string;
}

export interface RealtimeEvent {
  name: string;
  direction: "client → server" | "server → client";
  payload: string;
}

const INTERNAL = new Set(["AuditEvent", "EhrSyncJob", "OrderItem", "AnswerOption", "StepExecution", "TimelineEvent", "PlayerAnswer", "CommandRun", "Profile"]);
/** Created through a dedicated action endpoint below, not a generic POST. */
const ACTION_CREATED = new Set(["SymptomReport", "TriageAssessment", "ChecklistRun", "Player"]);
/** Written by the system (webhooks, ingestion), read by people. */
const READ_ONLY = new Set(["Payment", "Payout", "TelemetryReading", "Alert", "Encounter"]);

function words(name: string): string {
  return name.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
}

const article = (w: string) => (/^[aeiou]/i.test(w) ? "an" : "a");

/** Who creates an entity: the account behind it (a cook's dishes), the buyer of an order, else staff. */
function ownerRole(model: DataModel, name: string, roles: string[], depth = 0): string | undefined {
  const accountRole = (n: string) => roles.find((r) => r === snakeName(n));
  if (depth > 3) return undefined;
  const own = accountRole(name);
  if (own && depth > 0) return own;
  for (const r of model.relations.filter((x) => x.from === name)) {
    if (r.to === "User") {
      const byField = roles.find((role) => r.field.startsWith(role)) ?? (r.field === "buyer_id" ? "buyer" : undefined);
      if (byField) return byField;
      continue;
    }
    const up = ownerRole(model, r.to, roles, depth + 1);
    if (up) return up;
  }
  return own;
}

function snakeName(n: string): string {
  return n.replace(/([a-z])([A-Z])/g, "$1_$2").toLowerCase();
}

export function designApi(model: DataModel, t: DomainTraits, roles: string[]): Endpoint[] {
  const out: Endpoint[] = [];
  const staff = roles.filter((r) => r !== "admin").slice(0, 2).join(" or ") || "member";
  const names = new Set(model.entities.map((e) => e.name));
  // A record hangs under the thing it belongs to, never under a person who made it.
  const parentOf = (name: string) => model.relations.find((r) => r.from === name && r.to !== "User" && !r.optional && r.to !== "Organization" && !model.entities.find((e) => e.name === r.to)?.person)?.to;
  for (const e of model.entities) {
    if (INTERNAL.has(e.name) || e.name === "User") continue;
    const res = resourcePath(e.name);
    const parent = parentOf(e.name);
    const base = parent && names.has(parent) && !["Order", "Cook", "Seller"].includes(e.name) ? `/api/v1/${resourcePath(parent)}/{id}/${res}` : `/api/v1/${res}`;
    const w = words(e.name);
    // Reference data nobody owns (clinics, tags) is an admin's; anything a person creates is staff's.
    const unowned = !model.relations.some((r) => r.from === e.name);
    const moduleRole = roles.includes("runbook_editor") ? (moduleOf(e.name) === "runbooks" ? "runbook_editor" : moduleOf(e.name) === "incidents" ? "responder" : undefined) : undefined;
    const who = moduleRole ?? ownerRole(model, e.name, roles) ?? (unowned ? "admin" : staff);
    out.push({ method: "GET", path: base, purpose: `List ${plural(w)} with filters and cursor pagination`, auth: "signed-in" });
    if (READ_ONLY.has(e.name) || ACTION_CREATED.has(e.name) || (e.name === "Review" && names.has("Order"))) continue;
    out.push({ method: "POST", path: base, purpose: `Create ${article(w)} ${w}, validated against its schema`, auth: who });
    out.push({ method: "PATCH", path: `/api/v1/${res}/{id}`, purpose: `Update ${article(w)} ${w}; optimistic locking via updated_at`, auth: who === staff ? who : `${who} (own)` });
  }
  if (names.has("Order") && t.has("payments")) {
    out.push({ method: "POST", path: "/api/v1/orders/{id}/payment-intent", purpose: "Create a Stripe PaymentIntent (idempotency key = order id)", auth: "buyer" });
    out.push({ method: "POST", path: "/api/v1/webhooks/stripe", purpose: "Receive Stripe events; verify signature, de-duplicate by event id", auth: "Stripe signature" });
  }
  if (names.has("Order") && names.has("Review")) out.push({ method: "POST", path: "/api/v1/orders/{id}/review", purpose: "Rate a collected order once", auth: "buyer of the order" });
  if (names.has("GameSession")) {
    out.push({ method: "POST", path: "/api/v1/game-sessions/join", purpose: "Exchange a join code and nickname for a short-lived socket token", auth: "none (rate-limited)" });
    out.push({ method: "POST", path: "/api/v1/game-sessions/{id}/start", purpose: "Start the round; the server owns the countdown", auth: "teacher (host)" });
  }
  if (names.has("TriageAssessment")) {
    out.push({ method: "POST", path: "/api/v1/symptom-reports", purpose: "Submit a patient's answers from a registered tablet; returns no patient data", auth: "device token" });
    out.push({ method: "POST", path: "/api/v1/triage-assessments/{id}/confirm", purpose: "Confirm or override the suggested priority with a reason", auth: "nurse" });
  }
  if (names.has("ChecklistRun")) {
    out.push({ method: "POST", path: "/api/v1/incidents/{id}/checklist-runs", purpose: "Start a runbook's checklist for this incident (pins the runbook version)", auth: "responder" });
    out.push({ method: "PATCH", path: "/api/v1/step-executions/{id}", purpose: "Mark a step done, skipped or failed; the server stamps the time and person", auth: "responder" });
  }
  if (names.has("TimelineEvent") || t.has("export")) {
    const target = names.has("Incident") ? "incidents" : resourcePath([...names].find((n) => !INTERNAL.has(n) && n !== "User") ?? "Item");
    out.push({ method: "GET", path: `/api/v1/${target}/{id}/export?format=md`, purpose: "Export the timeline as markdown (or CSV)", auth: "signed-in" });
  }
  if (t.has("search")) {
    const target = [...names].find((n) => !INTERNAL.has(n) && n !== "User" && !/Link|Photo|Tag/.test(n));
    if (target) out.push({ method: "GET", path: `/api/v1/search?q=`, purpose: `Full-text search across ${words(target)}s, ranked`, auth: "signed-in" });
  }
  if (names.has("TelemetryReading")) out.push({ method: "GET", path: "/api/v1/devices/{id}/readings?from=&to=&bucket=", purpose: "Downsampled readings for charts", auth: "signed-in" });
  if (names.has("Alert")) out.push({ method: "POST", path: "/api/v1/alerts/{id}/acknowledge", purpose: "Acknowledge an alert", auth: staff });
  if (t.region.eu || t.region.uk) {
    out.push({ method: "GET", path: "/api/v1/me/export", purpose: "GDPR data export (JSON) of the signed-in person", auth: "signed-in" });
    out.push({ method: "DELETE", path: "/api/v1/me", purpose: "GDPR erasure: delete or anonymise the person's data", auth: "signed-in" });
  }
  out.push({ method: "GET", path: "/api/health", purpose: "Liveness and readiness (database reachable)", auth: "none" });
  return out;
}

export function realtimeEvents(model: DataModel, t: DomainTraits): RealtimeEvent[] {
  if (!t.has("realtime")) return [];
  const names = new Set(model.entities.map((e) => e.name));
  if (names.has("GameSession")) {
    return [
      { name: "player:joined", direction: "server → client", payload: "{ nickname, playerCount }" },
      { name: "question:show", direction: "server → client", payload: "{ questionId, prompt, options, endsAt }" },
      { name: "answer:submit", direction: "client → server", payload: "{ questionId, optionId }" },
      { name: "leaderboard:update", direction: "server → client", payload: "{ top: [{ nickname, score }], you: { rank, score } }" },
      { name: "round:end", direction: "server → client", payload: "{ finalLeaderboard }" },
    ];
  }
  const main = [...names].find((n) => !INTERNAL.has(n) && n !== "User") ?? "Record";
  const w = main.replace(/([a-z])([A-Z])/g, "$1_$2").toLowerCase();
  return [
    { name: `${w}:updated`, direction: "server → client", payload: `{ id, changes, updatedAt }` },
    { name: "presence:update", direction: "server → client", payload: "{ viewers: [displayName] }" },
    { name: "subscribe", direction: "client → server", payload: `{ ${w}Id }` },
  ];
}

export function cliCommands(featureText: string, hasHistory: boolean): string[] {
  const verbs = [...featureText.toLowerCase().matchAll(/\b(sync|convert|generate|deploy|backup|import|export|scan|check|lint|format|build|publish|watch|fetch|push|pull|migrate|validate|search)\w*\b/g)].map((m) => m[1]);
  return [...new Set(["init", ...verbs.slice(0, 3), "status", "config", ...(hasHistory ? ["history"] : [])])];
}
