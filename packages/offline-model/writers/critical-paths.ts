// The journeys that must never break for THIS domain, each with what must hold. The
// test strategy covers them at 100%; the constitution and walkthrough refer to them.
import type { ProjectContext } from "../context";
import { payProvider } from "../knowledge/stack-plan";
import { joinList } from "../text-utils";
import { needPath, statedNeeds } from "./requirement-lines";

export interface CriticalPath {
  name: string;
  mustHold: string;
  level: "unit" | "integration" | "e2e" | "contract" | "load";
}

export function criticalPaths(ctx: ProjectContext): CriticalPath[] {
  const t = ctx.traits;
  // Everything the person asked of it gets the test that proves it: what hurts today first, then what it does, its rules and requirements.
  const order = ["pain", "feature", "rule", "price", "requirement", "people", "scale"];
  const out: CriticalPath[] = [];
  for (const n of statedNeeds(ctx).sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind))) {
    const p = needPath(n);
    if (p && !out.some((o) => o.name === p.name)) out.push(p);
  }
  if (t.has("payments")) {
    const pay = payProvider(ctx.plan);
    out.push({ name: "Checkout and payment confirmation", mustHold: `${pay === "Stripe" ? "order → PaymentIntent → `payment_intent.succeeded` webhook" : `payment request → ${pay} confirms it`} → order paid; a replayed ${pay === "Stripe" ? "webhook" : "confirmation"} is a no-op; a failed or abandoned payment releases what it reserved`, level: "integration" });
    out.push({ name: "Webhook authenticity", mustHold: `${pay === "Stripe" ? "events with a missing or wrong Stripe-Signature, or older than five minutes," : `payment notifications ${pay} cannot confirm`} are rejected and change nothing`, level: "integration" });
  }
  if (t.has("realtime")) {
    const num = ctx.profile.numbers.find((n) => /student|player|user|participant/i.test(n));
    out.push({ name: "Real-time load", mustHold: `${num ? `${num.replace(/^up to /i, "")} per session` : "a full session"} receive each update within 500 ms at p95, with several sessions running at once`, level: "load" });
  }
  if (t.has("search")) out.push({ name: "Search", mustHold: "a known item is found by a keyword in its title or body within the first three results", level: "integration" });
  if (t.has("markdown")) out.push({ name: "Markdown safety", mustHold: "script tags, javascript: links and event-handler attributes in content never execute", level: "unit" });
  if (t.has("cli")) out.push({ name: "Core command", mustHold: "the main command is idempotent, never loses local changes on conflict, and exits non-zero with a clear message on failure", level: "integration" });
  if (t.region.eu || t.region.uk) out.push({ name: "GDPR export and erasure", mustHold: "export returns every personal field; erasure removes or anonymises them in all tables and object storage", level: "integration" });
  if (!t.has("cli")) out.push({ name: "Authorization boundaries", mustHold: `no ${joinList(ctx.model.roles.filter((r) => r !== "admin").slice(0, 2), "or") || "user"} can read or change another's records through the API`, level: "integration" });
  return out.slice(0, 18);
}
