// Endpoints derived from the entities (resources, nested where a child belongs to one
// parent) plus the actions the domain needs: payment intents and webhooks, join
// codes, confirmations, exports, erasure. Real-time events are listed separately.
import type { DomainTraits } from "./detect-domain";
import type { DataModel } from "./extract-entities";
import { kebab, plural, snake, withArticle } from "../text-utils";
import { resourcePath } from "./modules";

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

const INTERNAL = new Set(["AuditEvent", "AnswerOption", "CommandRun", "Profile"]);

function words(name: string): string {
  return name.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
}

/** Who creates an entity: the account behind it (a cook's dishes), the buyer of an order, else staff. */
function ownerRole(model: DataModel, name: string, roles: string[], depth = 0): string | undefined {
  const accountRole = (n: string) => roles.find((r) => r === snake(n));
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

export function designApi(model: DataModel, t: DomainTraits, roles: string[], pay = "Stripe"): Endpoint[] {
  const out: Endpoint[] = [];
  const staff = roles.filter((r) => r !== "admin").slice(0, 2).join(" or ") || "member";
  const names = new Set(model.entities.map((e) => e.name));
  // A record hangs under the thing it belongs to, never under a person who made it.
  const parentOf = (name: string) => model.relations.find((r) => r.from === name && r.to !== "User" && !r.optional && r.to !== "Organization" && !model.entities.find((e) => e.name === r.to)?.person)?.to;
  for (const e of model.entities) {
    if (INTERNAL.has(e.name) || e.name === "User") continue;
    const res = resourcePath(e.name);
    const parent = parentOf(e.name);
    const base = parent && names.has(parent) && e.name !== "Order" ? `/api/v1/${resourcePath(parent)}/{id}/${res}` : `/api/v1/${res}`;
    const w = words(e.name);
    // Reference data nobody owns (clinics, tags) is an admin's; anything a person creates is staff's.
    const unowned = !model.relations.some((r) => r.from === e.name);
    const who = ownerRole(model, e.name, roles) ?? (unowned ? "admin" : staff);
    out.push({ method: "GET", path: base, purpose: `List ${plural(w)} with filters and cursor pagination`, auth: "signed-in" });
    // Payments are written by the system (webhooks) and only read by people; an order's review has its own endpoint.
    if (e.name === "Payment" || (e.name === "Review" && names.has("Order"))) continue;
    out.push({ method: "POST", path: base, purpose: `Create ${withArticle(w)}, validated against its schema`, auth: who });
    out.push({ method: "PATCH", path: `/api/v1/${res}/{id}`, purpose: `Update ${withArticle(w)}; optimistic locking via updated_at`, auth: who === staff ? who : `${who} (own)` });
  }
  if (names.has("Order") && t.has("payments")) {
    out.push({ method: "POST", path: `/api/v1/orders/{id}/${pay === "Stripe" ? "payment-intent" : "payment"}`, purpose: `${pay === "Stripe" ? "Create a Stripe PaymentIntent" : `Ask ${pay} for the payment`} (idempotency key = order id)`, auth: "buyer" });
    out.push({ method: "POST", path: `/api/v1/webhooks/${kebab(pay)}`, purpose: `Receive ${pay} ${pay === "Stripe" ? "events; verify signature" : "notifications; confirm each with it"}, de-duplicate by ${pay === "Stripe" ? "event" : "transaction"} id`, auth: `${pay} ${pay === "Stripe" ? "signature" : "confirmation"}` });
  }
  if (names.has("Order") && names.has("Review")) out.push({ method: "POST", path: "/api/v1/orders/{id}/review", purpose: "Rate a collected order once", auth: "buyer of the order" });
  if (t.has("export")) {
    const target = resourcePath([...names].find((n) => !INTERNAL.has(n) && n !== "User") ?? "Item");
    out.push({ method: "GET", path: `/api/v1/${target}/{id}/export?format=md`, purpose: "Export the timeline as markdown (or CSV)", auth: "signed-in" });
  }
  if (t.has("search")) {
    const target = [...names].find((n) => !INTERNAL.has(n) && n !== "User" && !/Link|Photo|Tag/.test(n));
    if (target) out.push({ method: "GET", path: `/api/v1/search?q=`, purpose: `Full-text search across ${words(target)}s, ranked`, auth: "signed-in" });
  }
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
  const main = [...names].find((n) => !INTERNAL.has(n) && n !== "User") ?? "Record";
  const w = snake(main);
  return [
    { name: `${w}:updated`, direction: "server → client", payload: `{ id, changes, updatedAt }` },
    { name: "presence:update", direction: "server → client", payload: "{ viewers: [displayName] }" },
    { name: "subscribe", direction: "client → server", payload: `{ ${w}Id }` },
  ];
}

export function cliCommands(featureText: string): string[] {
  const verbs = [...featureText.toLowerCase().matchAll(/\b(sync|convert|generate|deploy|backup|import|export|scan|check|lint|format|build|publish|watch|fetch|push|pull|migrate|validate|search)\w*\b/g)].map((m) => m[1]);
  return [...new Set(["init", ...verbs.slice(0, 3), "status", "config"])];
}
