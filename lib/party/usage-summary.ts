// What a party's model calls cost, summed per agent, per phase and for the whole party,
// from its usage events (docs/models.md, "Accounting"). Pure and light (no price table:
// each usage event carries its cost), so state.json and the dashboard read the same sums.
import type { PartyEvent, UsageData } from "../wire/events";
import type { Mode } from "../vocabulary";


/** One turn's usage, with the mode the party was in (phase numbers repeat after the classic fallback). */
export interface UsageRecord extends UsageData {
  mode: Mode | null;
}

export interface UsageTotals {
  /** Prompt tokens, cached ones included. */
  inputTokens: number;
  /** Prompt tokens served from / written to the provider's prompt cache (part of inputTokens). */
  cacheReadTokens: number;
  cacheWriteTokens: number;
  outputTokens: number;
  /** Model calls, and how many of them the provider sent no usage for (their tokens are estimates). */
  calls: number;
  estimatedCalls: number;
  /** Turns that failed (their tokens were spent all the same). */
  failedTurns: number;
  /** US dollars; null when any of it ran on a model whose price is unknown (never 0 for "unknown"). */
  costUsd: number | null;
  /** What the known prices add up to: costUsd when that is known, else a lower bound. */
  pricedCostUsd: number;
}

export interface AgentUsage extends UsageTotals {
  agent: string;
  /** Model specs the agent ran on, in order of first use. */
  models: string[];
}

export interface PhaseUsage extends UsageTotals {
  mode: Mode | null;
  phase: number;
}

export interface UsageSummary {
  total: UsageTotals;
  /** In order of first use. */
  byAgent: AgentUsage[];
  /** In order of first use: a fallback's classic phases come after the party phases it gave up. */
  byPhase: PhaseUsage[];
}

/** The usage events of a party's log, each with the mode the party was in when it was written. */
export function usageRecords(events: Iterable<PartyEvent>): UsageRecord[] {
  let mode: Mode | null = null;
  const out: UsageRecord[] = [];
  for (const e of events) {
    if (e.type === "mode-resolved") mode = e.data.mode;
    else if (e.type === "usage") out.push({ ...e.data, mode });
  }
  return out;
}

function empty(): UsageTotals {
  return { inputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, outputTokens: 0, calls: 0, estimatedCalls: 0, failedTurns: 0, costUsd: 0, pricedCostUsd: 0 };
}

/** A turn's cost: what it recorded; older logs recorded none, which is known only for the free offline model. */
function costOf(r: UsageData): number | null {
  if (r.costUsd !== undefined) return r.costUsd;
  return r.model === "offline" ? 0 : null;
}

// Sums of dollar amounts in floating point drift in the last digits; prices are per token.
const round = (usd: number) => Math.round(usd * 1e9) / 1e9;

function add(t: UsageTotals, r: UsageData): void {
  t.inputTokens += r.inputTokens;
  t.cacheReadTokens += r.cacheReadTokens ?? 0;
  t.cacheWriteTokens += r.cacheWriteTokens ?? 0;
  t.outputTokens += r.outputTokens;
  t.calls += r.calls ?? 0;
  t.estimatedCalls += r.estimatedCalls ?? 0;
  if (r.failed) t.failedTurns += 1;
  const cost = costOf(r);
  if (cost === null) t.costUsd = null;
  else {
    t.pricedCostUsd = round(t.pricedCostUsd + cost);
    if (t.costUsd !== null) t.costUsd = round(t.costUsd + cost);
  }
}

export function summarizeUsage(records: Iterable<UsageRecord>): UsageSummary {
  const total = empty();
  const agents = new Map<string, AgentUsage>();
  const phases = new Map<string, PhaseUsage>();
  for (const r of records) {
    add(total, r);
    let a = agents.get(r.agent);
    if (!a) agents.set(r.agent, (a = { agent: r.agent, models: [], ...empty() }));
    if (!a.models.includes(r.model)) a.models.push(r.model);
    add(a, r);
    const key = `${r.mode ?? ""}:${r.phase}`;
    let p = phases.get(key);
    if (!p) phases.set(key, (p = { mode: r.mode, phase: r.phase, ...empty() }));
    add(p, r);
  }
  return { total, byAgent: [...agents.values()], byPhase: [...phases.values()] };
}
