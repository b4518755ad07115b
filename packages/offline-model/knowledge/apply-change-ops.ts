// Change operations applied to a stack, one by one: each is applied (with what changed, before → after) or declined with the reason. "Use TypeScript" switches the
// toolchain; "no PostGIS" strips the extension from the database; "no Kubernetes" swaps the host for a managed platform; "no React Native" removes the native app.
// What the person ruled out is written into the stack itself ("Ruled out by you: …"), so every later document, which only sees the approved stack, keeps it out.
import type { ChangeOp } from "../reading/change-request";
import { applyStackChanges } from "./apply-stack-changes";
import { escapeRegExp } from "../text-utils";
import type { StackInput } from "./choose-stack";
import { setSlot, type StackPlan } from "./stack-plan";
import { TECHS, techPattern, type Tech } from "./tech-catalog";

export interface OpOutcome {
  op: ChangeOp;
  applied: boolean;
  /** False when the stack already was what the person asked for. */
  changed?: boolean;
  /** "Database: PostgreSQL 17 with PostGIS → PostgreSQL 17", or why it was declined. */
  note: string;
}

const RULED_OUT = /\s*[—-]\s*ruled out by you: ([^.;]+)$/;

/** What an earlier change request ruled out, as recorded in the stack. */
export function ruledOutOf(plan: { pattern: string } | { architecture_pattern: string }): string[] {
  const text = "pattern" in plan ? plan.pattern : plan.architecture_pattern;
  const m = RULED_OUT.exec(text);
  return m ? m[1].split(/,\s*/).map((s) => s.trim()).filter(Boolean) : [];
}

export function techOf(target: string): Tech | undefined {
  return TECHS.find((t) => techPattern(t).test(target));
}

/** Extensions and add-ons named inside a choice ("PostgreSQL 17 with PostGIS"). */
function stripFrom(choice: string, target: string): string | undefined {
  const re = new RegExp(`\\s*(?:with|\\+|and|plus)\\s+${escapeRegExp(target)}(?:\\s+extension)?`, "i");
  return re.test(choice) ? choice.replace(re, "").trim() : undefined;
}

const mentions = (text: string, target: string, tech?: Tech) => (tech ? techPattern(tech).test(text) : text.toLowerCase().includes(target.toLowerCase()));

/** Rationale sentences that still recommend a ruled-out thing are dropped. */
function scrub(text: string, target: string, tech?: Tech): string {
  const kept = text.split(/(?<=[.;])\s+/).filter((s) => !mentions(s, target, tech));
  return kept.join(" ").trim() || text.replace(new RegExp(escapeRegExp(target), "gi"), "").trim();
}

function keepOut(plan: StackPlan, target: string, tech: Tech | undefined, why: string): { plan: StackPlan; note?: string } {
  const label = tech?.label.replace(/ \(.+\)$/, "") ?? target;
  let p = plan;
  const notes: string[] = [];
  for (const field of ["language", "framework", "database"] as const) {
    const c = p[field];
    if (!mentions(c.choice, target, tech)) {
      if (mentions(c.rationale, target, tech)) p = { ...p, [field]: { ...c, rationale: scrub(c.rationale, target, tech) } };
      continue;
    }
    const stripped = stripFrom(c.choice, tech?.label.split(" ")[0] ?? target);
    if (stripped) {
      p = { ...p, [field]: { choice: stripped, rationale: `${scrub(c.rationale, target, tech)} Without ${label}, as you asked${why}.`.trim() } };
      notes.push(`${field === "database" ? "Database" : field === "language" ? "Language" : "Framework"}: ${c.choice} → ${stripped}`);
    }
  }
  for (const a of [...p.additional]) {
    if (!mentions(a.choice, target, tech)) {
      if (mentions(a.rationale, target, tech)) p = setSlot(p, { ...a, rationale: scrub(a.rationale, target, tech) });
      continue;
    }
    if (a.slot === "hosting") {
      const host = { slot: "hosting" as const, choice: "a managed container platform (Fly.io or Render)", rationale: `one small service does not need ${label}; a managed platform deploys, restarts and scales it without a cluster to run${why}` };
      p = setSlot(p, host);
      notes.push(`Hosting: ${a.choice} → ${host.choice}`);
    } else {
      p = { ...p, additional: p.additional.filter((x) => x !== a) };
      notes.push(`Removed ${a.choice}`);
    }
  }
  if (mentions(p.pattern, target, tech)) p = { ...p, pattern: scrub(p.pattern, target, tech) };
  return { plan: p, note: notes.length ? notes.join("; ") : undefined };
}

function recordRuledOut(plan: StackPlan, ruledOut: string[]): StackPlan {
  const base = plan.pattern.replace(RULED_OUT, "").trim();
  if (!ruledOut.length) return { ...plan, pattern: base };
  const tail = ` — ruled out by you: ${ruledOut.join(", ")}`;
  const head = base.replace(/[.\s]+$/, "");
  return { ...plan, pattern: head.length + tail.length <= 200 ? `${head}${tail}` : `${head.slice(0, 200 - tail.length).replace(/[\s,;:]+\S*$/, "")}${tail}` };
}

export function applyChangeOps(current: StackPlan, ops: ChangeOp[], input: StackInput): { plan: StackPlan; outcomes: OpOutcome[] } {
  let plan = current;
  const outcomes: OpOutcome[] = [];
  const ruledOut = [...ruledOutOf(current)];
  for (const op of ops) {
    const why = op.reason ? ` (${op.reason})` : "";
    if (op.op === "forbid" || op.op === "remove") {
      const tech = techOf(op.target);
      const label = tech?.label.replace(/ \(.+\)$/, "") ?? op.target;
      const r = keepOut(plan, op.target, tech, why);
      plan = r.plan;
      if (op.op === "forbid" && !ruledOut.some((x) => x.toLowerCase() === label.toLowerCase())) ruledOut.push(label);
      if (r.note) outcomes.push({ op, applied: true, changed: true, note: r.note });
      else if (tech || op.op === "forbid") outcomes.push({ op, applied: true, changed: false, note: `${label} was not in the stack and stays out` });
      else outcomes.push({ op, applied: false, note: `I could not find “${op.target}” in the stack, so nothing was removed` });
      continue;
    }
    const wanted = op.op === "replace" ? op.replacement! : op.target;
    const tech = techOf(wanted);
    if (!tech) {
      outcomes.push({ op, applied: false, note: `I could not tell which part of the stack “${wanted}” would replace or join; I kept ${plan.language.choice} with ${plan.framework.choice} and ${plan.database.choice}` });
      continue;
    }
    if (ruledOut.some((x) => x.toLowerCase() === tech.label.toLowerCase())) {
      outcomes.push({ op, applied: false, note: `${tech.label} was ruled out earlier in this request; I kept it out` });
      continue;
    }
    const text = op.op === "replace" ? `use ${wanted} instead of ${op.target}` : `use ${wanted}`;
    // A replaced technology is also kept out of every later document: what that removes is part of the change.
    const r = applyStackChanges(plan, text, input);
    const gone = op.op === "replace" ? techOf(op.target) : undefined;
    const out = gone ? keepOut(r.plan, op.target, gone, "") : { plan: r.plan };
    const changed = [...r.changed, ...(out.note ? [out.note] : [])];
    const already = !changed.length && mentions([plan.language.choice, plan.framework.choice, plan.database.choice, ...plan.additional.map((a) => a.choice)].join(" "), wanted, tech);
    outcomes.push(changed.length ? { op, applied: true, changed: true, note: `${changed.join("; ")}${why}` } : { op, applied: already, changed: false, note: already ? `${tech.label} is already in the stack` : `${tech.label} does not fit a slot of this stack, so nothing changed` });
    plan = out.plan;
  }
  // What was ruled out stays out after every other change (a family switch re-picks services).
  for (const x of ruledOut) plan = keepOut(plan, x, techOf(x), "").plan;
  return { plan: recordRuledOut(plan, ruledOut), outcomes };
}
