// Liam's revision: apply the security concerns and ops actions that change the stack,
// and say plainly what changed, what was handled in the design instead, and what
// stayed. Critiques written by another model are matched by keywords.
import { capitalize, joinList } from "../text-utils";
import type { DomainTraits } from "./detect-domain";
import type { OpsReview } from "./ops-review";
import type { SecurityConcern } from "./security-review";
import { getSlot, setSlot, type SlotId, type StackPlan } from "./stack-plan";

export interface Revision {
  plan: StackPlan;
  addressedSecurity: string;
  addressedOps: string;
  unchanged: string;
}

/** Generic asks a critique from any model may contain, mapped to a concrete service: [what asks for it, the slot, what the revision says, the choice, why]. */
function keywordActions(text: string, plan: StackPlan): { done: string; apply: (p: StackPlan) => StackPlan }[] {
  const asks: [RegExp, SlotId, string, string, string][] = [
    [/rate[- ]?limit/i, "rate_limit", "added rate limiting", "Rate limiting at the edge and per account", "requested in the critique"],
    [/audit/i, "audit", "added an append-only audit log", "Append-only audit log table", "who changed what and when, requested in the critique"],
    [/\b(kms|vault|secrets? manager)\b/i, "secrets", "moved secrets into a managed secret store", "Managed secret store (platform secrets / KMS)", "no secrets in code or CI logs"],
    [/observab|monitor|sentry|telemetry|tracing/i, "observability", "added Sentry and OpenTelemetry", "Sentry + OpenTelemetry", `errors and traces across ${plan.framework.choice.split(" ")[0]} and the database`],
    [/terraform|infrastructure as code|\biac\b/i, "iac", "defined infrastructure in Terraform", "Terraform", "reviewable, reproducible environments"],
  ];
  return asks.filter(([re, slot]) => re.test(text) && !getSlot(plan, slot)).map(([, slot, done, choice, rationale]) => ({ done, apply: (p) => setSlot(p, { slot, choice, rationale }) }));
}

export function reviseStack(
  t: DomainTraits,
  plan: StackPlan,
  concerns: SecurityConcern[],
  ops: OpsReview,
  critiqueText = "",
): Revision {
  // Each change remembers the services it set; at the end it counts as done only if those survived the six-service limit, otherwise it is handled in the design.
  type Step = { kind: "security" | "ops"; text: string; set: string[] };
  const steps: Step[] = [];
  const designOnly: string[] = [];
  let next = plan;
  const run = (kind: Step["kind"], text: string, apply: (p: StackPlan) => StackPlan) => {
    const after = apply(next);
    const set = after.additional.filter((a) => !next.additional.some((b) => JSON.stringify(b) === JSON.stringify(a))).map((a) => a.slot);
    if (set.length) steps.push({ kind, text, set });
    else if (kind === "security") designOnly.push(text);
    next = after;
  };
  for (const a of ops.actions) run("ops", a.done, a.apply);
  for (const c of concerns) {
    if (c.apply) run("security", c.fix, c.apply);
    else designOnly.push(c.fix);
  }
  for (const k of keywordActions(critiqueText, next)) run(/(sentry|terraform)/i.test(k.done) ? "ops" : "security", k.done, k.apply);
  const final = new Set<string>(next.additional.map((a) => a.slot));
  const applied: string[] = [];
  const opsDone: string[] = [];
  const opsPractice: string[] = [];
  for (const s of steps) {
    if (s.set.every((x) => final.has(x))) (s.kind === "ops" ? opsDone : applied).push(s.text);
    else if (s.kind === "security") designOnly.push(s.text);
    else opsPractice.push(s.text.replace(/^\w+ /, ""));
  }
  if (!opsDone.length) opsDone.push("kept the deployment as proposed; the ops points are covered by the pipeline design");
  const dropped = plan.additional.filter((a) => !next.additional.some((b) => b.slot === a.slot)).map((a) => a.choice);

  // Each is fitted to the schema's limit when the turn is computed (respond.ts).
  const addressedSecurity = `Accepted: ${applied.slice(0, 4).join("; ") || "the baseline controls"}.${designOnly.length ? ` Handled in the design rather than the stack: ${designOnly.slice(0, 3).join("; ")}.` : ""}`;
  const addressedOps = `${opsDone.map(capitalize).join(". ")}.${opsPractice.length ? ` Adopted as practice rather than a listed service: ${opsPractice.join("; ")}.` : ""}`;
  const kept = [`${plan.language.choice} with ${plan.framework.choice}`, plan.database.choice.split(" with ")[0]];
  const reason = t.has("realtime")
    ? "the critiques were about where and how it runs, not about the language or the data model"
    : "neither critique found a problem the language, framework or database causes, and changing them would cost the team time it needs for features";
  const unchanged = `${joinList(kept)}: ${reason}.${dropped.length ? ` ${joinList(dropped)} moved off the list to keep six services; it can come back when needed.` : ""}`;
  return { plan: { ...next, pattern: plan.pattern }, addressedSecurity, addressedOps, unchanged };
}
