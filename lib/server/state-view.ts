// The spec's state.json as a view of the party's tables: party_phases while it runs,
// cleaned up on completion, plus discovery_context and the project state of the classic
// flow's step 9 once it is done, and the artifacts a failed agent left unwritten.
import type { PartyRow } from "../db/parties";
import type { MissingArtifact, WalkthroughStep } from "../wire/events";
import { ARTIFACT_PATHS } from "@inception-party/protocol";
import { TEAM_NAME } from "../party/party-mode";
import type { UsageSummary, UsageTotals } from "../party/usage-summary";
import type { StateView } from "../wire/state";

interface PhaseRow {
  number: number;
  status: string;
  agents: unknown;
  messageCount: number;
  startedAt: Date | null;
  completedAt: Date | null;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function totalsView(t: UsageTotals) {
  return {
    input_tokens: t.inputTokens,
    cache_read_tokens: t.cacheReadTokens,
    cache_write_tokens: t.cacheWriteTokens,
    output_tokens: t.outputTokens,
    calls: t.calls,
    estimated_calls: t.estimatedCalls,
    failed_turns: t.failedTurns,
    // null: some of it ran on a model whose price is unknown; priced_cost_usd is then what is known.
    cost_usd: t.costUsd,
    priced_cost_usd: t.pricedCostUsd,
  };
}

/** Tokens, calls and money for the party, per agent and per phase (docs/models.md, "Accounting"). */
export function usageView(u: UsageSummary) {
  return {
    ...totalsView(u.total),
    by_agent: Object.fromEntries(u.byAgent.map((a) => [a.agent, { models: a.models, ...totalsView(a) }])),
    by_phase: u.byPhase.map((p) => ({ mode: p.mode, phase: p.phase, ...totalsView(p) })),
  };
}

export interface StateExtras {
  /** The approved stack's database, for the project state. */
  database?: string | null;
  missing?: MissingArtifact[];
  walkthrough?: WalkthroughStep[];
  usage?: UsageSummary | null;
}

export function stateView(party: PartyRow, phases: PhaseRow[], { database = null, missing = [], walkthrough = [], usage = null }: StateExtras = {}): StateView {
  const done = party.status === "completed";
  const phaseMap = Object.fromEntries(
    phases.map((p) => [
      String(p.number),
      p.status === "pending" ? { status: "pending" } : { status: p.status, agents: p.agents, messages: p.messageCount, started_at: iso(p.startedAt), completed_at: iso(p.completedAt) },
    ]),
  );
  const discover: StateView["discover"] = {
    status: party.status,
    mode: party.mode,
    started_at: iso(party.startedAt ?? party.createdAt),
    // Said plainly: which promised documents are not there, whose failure it was, and why.
    missing_artifacts: missing.map((m) => ({ path: m.path, agent: m.agent, reason: m.reason })),
  };
  // The walkthrough's answers, step by step, and what each did (the latest answer per step).
  if (walkthrough.length) {
    discover.walkthrough = Object.fromEntries(
      walkthrough.map((w) => [w.step, { choice: w.choice, text: w.text, outcome: w.outcome, ...w.record, revisions: w.revisions }]),
    );
  }
  if (!done) {
    if (party.mode === "party") {
      Object.assign(discover, { team_name: TEAM_NAME, current_party_phase: party.currentPhase, party_phases: phaseMap });
    } else if (party.mode === "classic") {
      Object.assign(discover, { current_phase: party.currentPhase, phases: phaseMap });
    }
  } else {
    discover.completed_at = iso(party.completedAt);
  }
  const dc = party.discoveryContext as { tech_stack?: { primary_language?: string; frameworks?: string[] }; completed_at?: string } | null;
  return {
    discover,
    ...(usage ? { usage: usageView(usage) } : {}),
    ...(done && dc
      ? {
          discovery_context: dc,
          project: {
            is_new_project: false,
            name: party.title,
            discovery_completed: true,
            brief: ARTIFACT_PATHS.brief,
            ...(party.mode === "classic" ? { prd: ARTIFACT_PATHS.prd } : {}),
            architecture: ARTIFACT_PATHS.architecture,
            tech_stack: { language: dc.tech_stack?.primary_language ?? null, framework: dc.tech_stack?.frameworks?.[0] ?? null, database },
            discovered_at: dc.completed_at ?? iso(party.completedAt),
          },
        }
      : {}),
  };
}
