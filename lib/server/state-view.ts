// The spec's state.json (000 §7) as a view of the party's tables: party_phases while
// it runs, cleaned up on completion, plus discovery_context and the project state of
// the classic flow's step 9 once it is done.
import type { PartyRow } from "../db/parties";
import { TEAM_NAME } from "../party/party-mode";

interface PhaseRow {
  number: number;
  status: string;
  agents: unknown;
  messageCount: number;
  startedAt: Date | null;
  completedAt: Date | null;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function stateView(party: PartyRow, phases: PhaseRow[], database: string | null = null) {
  const done = party.status === "completed";
  const phaseMap = Object.fromEntries(
    phases.map((p) => [
      String(p.number),
      p.status === "pending" ? { status: "pending" } : { status: p.status, agents: p.agents, messages: p.messageCount, started_at: iso(p.startedAt), completed_at: iso(p.completedAt) },
    ]),
  );
  const discover: Record<string, unknown> = { status: party.status, mode: party.mode, started_at: iso(party.startedAt ?? party.createdAt) };
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
    ...(done && dc
      ? {
          discovery_context: dc,
          project: {
            is_new_project: false,
            name: party.title,
            discovery_completed: true,
            brief: "docs/project-brief.md",
            ...(party.mode === "classic" ? { prd: "docs/requirements/prd.md" } : {}),
            architecture: "docs/architecture/architecture-overview.md",
            tech_stack: { language: dc.tech_stack?.primary_language ?? null, framework: dc.tech_stack?.frameworks?.[0] ?? null, database },
            discovered_at: dc.completed_at ?? iso(party.completedAt),
          },
        }
      : {}),
  };
}
