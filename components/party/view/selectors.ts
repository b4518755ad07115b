// What the dashboard reads from the view: usage totals, the focused phase and team,
// progress, critiques of an artifact, the running revision, whether the room is open.
import { isTerminal, phaseLabel, phasesOf, phaseTag, type Mode } from "@/lib/vocabulary";
import { endReport, type EndReport } from "@/lib/report/end-report";
import { addCost } from "./reducer-helpers";
import type { AgentView, CritiqueRoundView, PartyView, PhaseUsage, PhaseView, RevisionView, UsageTotals } from "./types";

export function usageByAgent(view: Pick<PartyView, "usage">): Array<UsageTotals & { agent: string }> {
  const m = new Map<string, UsageTotals>();
  for (const u of view.usage) {
    const t = m.get(u.agent) ?? { inputTokens: 0, outputTokens: 0, costUsd: 0 };
    m.set(u.agent, { inputTokens: t.inputTokens + u.inputTokens, outputTokens: t.outputTokens + u.outputTokens, costUsd: addCost(t.costUsd, u.costUsd) });
  }
  return [...m].map(([agent, t]) => ({ agent, ...t }));
}

/**
 * Tokens per phase, each phase of each mode on its own row: after a fallback the party
 * phases it gave up come first (marked abandoned), then the classic ones.
 */
export function usageByPhase(view: Pick<PartyView, "usage" | "mode" | "phases" | "abandonedPhases">): PhaseUsage[] {
  const m = new Map<string, PhaseUsage>();
  for (const u of view.usage) {
    const key = `${u.mode ?? ""}:${u.phase}`;
    const t = m.get(key) ?? { phase: u.phase, mode: u.mode, inputTokens: 0, outputTokens: 0, costUsd: 0, ...phaseUsageLabel(view, u.mode, u.phase) };
    m.set(key, { ...t, inputTokens: t.inputTokens + u.inputTokens, outputTokens: t.outputTokens + u.outputTokens, costUsd: addCost(t.costUsd, u.costUsd) });
  }
  return [...m.values()].sort((a, b) => Number(!a.abandoned) - Number(!b.abandoned) || a.phase - b.phase);
}

function phaseUsageLabel(view: Pick<PartyView, "mode" | "phases" | "abandonedPhases">, mode: Mode | null, phase: number): { label: string; abandoned: boolean } {
  const abandoned = mode !== null && view.mode !== null && mode !== view.mode;
  const list = abandoned ? view.abandonedPhases : view.phases;
  const defaults = mode ? phasesOf(mode) : [];
  const name = list.find((p) => p.number === phase)?.name ?? defaults.find((p) => p.number === phase)?.name;
  return { label: name ? `${phaseLabel(mode, phase)}. ${name}` : phaseTag(mode, phase), abandoned };
}

export function usageTotal(view: Pick<PartyView, "usage">): UsageTotals {
  return view.usage.reduce<UsageTotals>(
    (t, u) => ({ inputTokens: t.inputTokens + u.inputTokens, outputTokens: t.outputTokens + u.outputTokens, costUsd: addCost(t.costUsd, u.costUsd) }),
    { inputTokens: 0, outputTokens: 0, costUsd: 0 },
  );
}

/** The phase the dashboard focuses on: the running one, else the last one that started. */
export function focusPhase(view: Pick<PartyView, "phases" | "currentPhase">): PhaseView | null {
  return view.phases.find((p) => p.number === view.currentPhase) ?? view.phases.find((p) => p.status === "in_progress") ?? null;
}

/**
 * Team cards: the agents of the focused phase (the party's roster changes per phase);
 * once the party is over, everyone who took part, in the order they joined.
 */
export function currentTeam(view: PartyView): AgentView[] {
  const phase = view.currentPhase;
  const list = view.agentOrder.map((k) => view.agents[k]).filter(Boolean);
  if (isTerminal(view.status)) return list;
  if (phase === null) return list.filter((a) => a.status !== "shutdown");
  return list.filter((a) => a.phase === phase);
}

export function phaseProgress(view: Pick<PartyView, "phases">): { done: number; total: number } {
  return { done: view.phases.filter((p) => p.status === "completed").length, total: view.phases.length };
}

/** The critique rounds of one artifact, oldest first. */
/** What the end of the party leaves open, as the documents stand now (a revision or a new round updates it). */
export function endReportOf(view: Pick<PartyView, "critiques" | "critiqueOrder" | "artifacts" | "missing" | "end">): EndReport {
  return endReport({
    critiques: view.critiqueOrder.flatMap((id) => (view.critiques[id] ? [view.critiques[id]] : [])),
    artifacts: view.artifacts,
    missing: Object.values(view.missing),
    requirements: view.end?.requirements ?? [],
  });
}

export function critiquesOf(view: Pick<PartyView, "critiques" | "critiqueOrder">, path: string): CritiqueRoundView[] {
  return view.critiqueOrder.flatMap((id) => (view.critiques[id]?.artifactPath === path ? [view.critiques[id]] : []));
}

/** The round whose discussion record is at `path`, if it is one. */
export function critiqueOfRecord(view: Pick<PartyView, "critiques" | "critiqueOrder">, path: string): CritiqueRoundView | null {
  for (const id of view.critiqueOrder) if (view.critiques[id]?.recordPath === path) return view.critiques[id];
  return null;
}

/** The revision that runs now, if any (one at a time per party). */
export function runningRevision(view: Pick<PartyView, "revisions" | "revisionOrder">): RevisionView | null {
  for (let i = view.revisionOrder.length - 1; i >= 0; i--) {
    const r = view.revisions[view.revisionOrder[i]];
    if (r?.status === "running") return r;
  }
  return null;
}

/** Whether the person can speak into the room now: a phase with agents, its room open, the party not over. */
export function roomOpen(view: Pick<PartyView, "status" | "currentPhase" | "rooms" | "phases">): boolean {
  if (isTerminal(view.status) || view.currentPhase == null) return false;
  const phase = view.phases.find((p) => p.number === view.currentPhase);
  if (!phase || phase.agents.length === 0) return false;
  return view.rooms[view.currentPhase]?.open ?? phase.status === "in_progress";
}
