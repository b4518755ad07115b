// The journeys that must never break for THIS domain, each with what must hold. The
// test strategy covers them at 100%; the constitution and walkthrough refer to them.
import type { ProjectContext } from "../context";
import { painTopic } from "../reading/features";
import { capitalize, joinList, pascal } from "../text-utils";
import { criticalPathFor, ruleCriticalPath } from "./requirement-lines";
import { statedRules } from "../reading/features";

export interface CriticalPath {
  name: string;
  mustHold: string;
  level: "unit" | "integration" | "e2e" | "contract" | "load";
}

function commission(ctx: ProjectContext): string {
  return /(\d+(?:[.,]\d+)?)%\s*(?:platform\s+)?(?:commission|fee|cut)/i.exec(ctx.projectText)?.[1] ?? "the platform";
}

/** Journeys named by the person: what they said people do, the one that hurts most first. */
function fromReading(ctx: ProjectContext): CriticalPath[] {
  const out: CriticalPath[] = [];
  const ents = new Map(ctx.model.entities.map((e) => [e.name, e]));
  const topic = painTopic(ctx.reading).join(" ");
  for (const e of ctx.model.entities) {
    if (e.name.endsWith("Turn") && ents.has(e.name.slice(0, -4))) {
      const of = e.name.slice(0, -4).replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
      out.push({ name: `${capitalize(of)} turns and reminders`, mustHold: `every turn on the ${of} has exactly one person; a reminder goes out before it is due; a missed turn is visible to ${ctx.reading.actors[1] ? `${ctx.reading.actors[1]}s` : "organisers"} the same day`, level: "integration" });
    }
  }
  for (const a of ctx.reading.acts) {
    const rec = pascal(a.record);
    if (!ents.has(rec)) continue;
    const objs = a.objects.map((o) => ctx.model.core.find((c) => c.said === o)?.entity ?? pascal(o)).filter((o) => ents.has(o));
    const what = objs.length ? joinList(objs.map((o) => `a ${o}`), "or") : "it";
    if (/^(?:reservation|booking|rental|loan|hire)$/.test(a.record)) {
      out.push({ name: `${capitalize(a.record)} of ${what}`, mustHold: `two ${a.actor ?? "people"}s can never hold ${what} for overlapping times; a cancelled ${a.record} frees it at once; concurrent requests get one winner and a clear message`, level: "integration" });
    } else if (/^(?:swap|exchange|trade)$/.test(a.record)) {
      out.push({ name: `${capitalize(a.record)} of ${what}`, mustHold: `an offer is accepted at most once; both ${a.actor ?? "people"}s see the agreed ${a.record}; a withdrawn offer cannot be accepted`, level: "integration" });
    } else if (!/^(?:payment|order)$/.test(a.record)) {
      out.push({ name: capitalize(a.record), mustHold: `a ${a.actor ?? "person"} can make a ${a.record}${objs.length ? ` of ${what}` : ""}, sees it confirmed, and no one else can change it`, level: "integration" });
    }
  }
  const cures = (p: CriticalPath) => topic && p.name.toLowerCase().includes(topic.split(" ").pop()!.toLowerCase());
  return out.sort((x, y) => Number(cures(y)) - Number(cures(x)));
}

export function criticalPaths(ctx: ProjectContext): CriticalPath[] {
  const t = ctx.traits;
  const names = new Set(ctx.model.entities.map((e) => e.name));
  const out: CriticalPath[] = fromReading(ctx);
  // Every rule and requirement the person stated gets the test that proves it.
  for (const rule of statedRules(ctx.reading)) out.push(ruleCriticalPath(rule));
  for (const r of ctx.reading.requirements) {
    const p = criticalPathFor(r);
    if (p && !out.some((o) => o.name === p.name)) out.push(p);
  }
  if (t.has("payments")) {
    out.push({ name: "Checkout and payment confirmation", mustHold: "order → PaymentIntent → `payment_intent.succeeded` webhook → order paid; a replayed webhook is a no-op; a failed or abandoned payment releases what it reserved", level: "integration" });
    out.push({ name: "Webhook authenticity", mustHold: "events with a missing or wrong Stripe-Signature, or older than five minutes, are rejected and change nothing", level: "integration" });
  }
  if (t.has("marketplace") && t.has("payments")) out.push({ name: "Commission and payout", mustHold: `${commission(ctx)}${/\d/.test(commission(ctx)) ? "%" : ""} commission computed in integer cents with one documented rounding rule; seller net + commission = amount paid, for every order`, level: "unit" });
  if (names.has("PickupSlot")) out.push({ name: "Pickup slot capacity", mustHold: "concurrent orders never exceed a slot's capacity; the losing request gets a clear message", level: "integration" });
  if (t.has("food")) out.push({ name: "Allergen disclosure", mustHold: "a dish cannot be published without its allergen declaration, and buyers see it before paying", level: "e2e" });
  if (names.has("Review")) out.push({ name: "Review eligibility", mustHold: "only the buyer of a collected order can review it, exactly once", level: "integration" });
  if (t.has("clinical_decision")) {
    out.push({ name: "Triage suggestion", mustHold: "every symptom report yields a suggested priority with the rule version; red-flag symptoms (chest pain, difficulty breathing, stroke signs) always yield the most urgent level", level: "unit" });
    out.push({ name: "Nurse confirmation", mustHold: "a priority counts only after a nurse confirms or overrides it; overrides require a reason; both write an audit event", level: "e2e" });
  }
  if (t.has("ehr_integration")) out.push({ name: "EHR write-back", mustHold: "a confirmed assessment reaches the EHR exactly once as valid FHIR R4; EHR outages queue and retry without blocking intake", level: "contract" });
  if (t.has("tablet_kiosk")) out.push({ name: "Shared tablet privacy", mustHold: "after submission or 90 seconds idle the tablet shows a blank form and no previous answers are retrievable", level: "e2e" });
  if (names.has("GameSession")) {
    out.push({ name: "Join with a code", mustHold: "a valid code joins the lobby; unknown or finished codes are rejected; the player cap is enforced", level: "integration" });
    out.push({ name: "Answer within the countdown", mustHold: "the server's clock decides; answers after the deadline or a second answer to the same question are rejected", level: "unit" });
    if (t.has("minors")) out.push({ name: "Student anonymity", mustHold: "joining needs only a code and a nickname; no player field holds contact data; player rows are deleted when the retention period ends", level: "integration" });
    out.push({ name: "Leaderboard consistency", mustHold: "after every answer all connected clients show the same ranking; a reconnecting phone gets the current question and score", level: "e2e" });
  }
  if (t.has("realtime")) {
    const num = ctx.profile.numbers.find((n) => /student|player|user|participant/i.test(n));
    out.push({ name: "Real-time load", mustHold: `${num ? `${num.replace(/^up to /i, "")} per session` : "a full session"} receive each update within 500 ms at p95, with several sessions running at once`, level: "load" });
  }
  if (names.has("ChecklistRun")) {
    out.push({ name: "Checklist execution", mustHold: "starting a run pins the runbook version; each step records who and when; two responders ticking the same step do not create duplicates", level: "integration" });
    out.push({ name: "Timeline export", mustHold: "the export lists every step, note and status change in time order, with UTC timestamps and people", level: "integration" });
  }
  if (t.has("search")) out.push({ name: "Search", mustHold: "a known item is found by a keyword in its title or body within the first three results", level: "integration" });
  if (t.has("internal_tool")) out.push({ name: "SSO and roles", mustHold: "sign-in works only through the identity provider; IdP groups map to roles; a responder cannot edit runbooks", level: "e2e" });
  if (t.has("markdown")) out.push({ name: "Markdown safety", mustHold: "script tags, javascript: links and event-handler attributes in content never execute", level: "unit" });
  if (names.has("TelemetryReading")) out.push({ name: "Telemetry ingestion", mustHold: "duplicate and out-of-order readings are stored once and in order; late data does not re-fire resolved alerts", level: "integration" });
  if (names.has("Alert")) out.push({ name: "Alerting", mustHold: "a threshold breach raises one alert within 60 seconds and notifies the right people", level: "integration" });
  if (t.has("iot")) out.push({ name: "Device identity", mustHold: "a device with a revoked or unknown certificate cannot publish", level: "integration" });
  if (t.has("cli")) {
    out.push({ name: "Core command", mustHold: "the main command is idempotent, never loses local changes on conflict, and exits non-zero with a clear message on failure", level: "integration" });
    out.push({ name: "Cross-platform behaviour", mustHold: "paths, line endings and permissions behave the same on macOS, Linux and Windows", level: "e2e" });
  }
  if (t.region.eu || t.region.uk) out.push({ name: "GDPR export and erasure", mustHold: "export returns every personal field; erasure removes or anonymises them in all tables and object storage", level: "integration" });
  if (!t.has("cli")) out.push({ name: "Authorization boundaries", mustHold: `no ${joinList(ctx.model.roles.filter((r) => r !== "admin").slice(0, 2), "or") || "user"} can read or change another's records through the API`, level: "integration" });
  return out.slice(0, 16);
}
