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
  if (names.has("Review")) out.push({ name: "Review eligibility", mustHold: "only someone who completed the reviewed thing can review it, exactly once", level: "integration" });
  if (t.has("realtime")) {
    const num = ctx.profile.numbers.find((n) => /student|player|user|participant/i.test(n));
    out.push({ name: "Real-time load", mustHold: `${num ? `${num.replace(/^up to /i, "")} per session` : "a full session"} receive each update within 500 ms at p95, with several sessions running at once`, level: "load" });
  }
  if (t.has("search")) out.push({ name: "Search", mustHold: "a known item is found by a keyword in its title or body within the first three results", level: "integration" });
  if (t.has("internal_tool")) out.push({ name: "SSO and roles", mustHold: "sign-in works only through the identity provider, and its groups map to roles", level: "e2e" });
  if (t.has("markdown")) out.push({ name: "Markdown safety", mustHold: "script tags, javascript: links and event-handler attributes in content never execute", level: "unit" });
  if (t.has("cli")) out.push({ name: "Core command", mustHold: "the main command is idempotent, never loses local changes on conflict, and exits non-zero with a clear message on failure", level: "integration" });
  if (t.region.eu || t.region.uk) out.push({ name: "GDPR export and erasure", mustHold: "export returns every personal field; erasure removes or anonymises them in all tables and object storage", level: "integration" });
  if (!t.has("cli")) out.push({ name: "Authorization boundaries", mustHold: `no ${joinList(ctx.model.roles.filter((r) => r !== "admin").slice(0, 2), "or") || "user"} can read or change another's records through the API`, level: "integration" });
  return out.slice(0, 16);
}
