// One line for the sticky phase bar: what the team is doing this moment, from the view.
import type { PartyStatus } from "@/lib/vocabulary";
import type { AgentView, PhaseView } from "./types";

export interface NowDoingInput {
  status: PartyStatus;
  phase: PhaseView | null;
  team: AgentView[];
  waitingFor: string | null;
  readOnly: boolean;
}

function names(list: AgentView[]): string {
  const n = list.map((a) => a.name);
  return n.length <= 2 ? n.join(" and ") : `${n.slice(0, -1).join(", ")} and ${n.at(-1)}`;
}

export function nowDoing({ status, phase, team, waitingFor, readOnly }: NowDoingInput): string {
  if (status === "completed") return "Kickoff complete: the documents are ready.";
  if (status === "cancelled") return "This party was cancelled.";
  if (status === "failed") return "This party failed.";
  if (waitingFor !== null) return readOnly ? `Waiting for the owner to answer: ${waitingFor}` : `Waiting for you: ${waitingFor}`;
  const speaking = team.filter((a) => a.status === "speaking");
  if (speaking.length) return `${names(speaking)} ${speaking.length === 1 ? "is" : "are"} writing…`;
  const thinking = team.filter((a) => a.status === "thinking");
  if (thinking.length) return `${names(thinking)} ${thinking.length === 1 ? "is" : "are"} thinking…`;
  if (phase?.activeForm) return `${phase.activeForm}…`;
  if (phase) return "The orchestrator is working…";
  return status === "pending" ? "Getting the party ready…" : "Working…";
}
