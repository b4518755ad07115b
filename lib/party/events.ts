// The party's event log vocabulary (API.md: noun-verb, like the AI SDK's stream parts).
// Every event but live token deltas is stored with a gap-free seq.

export type MessageType = "message" | "broadcast" | "shutdown_request" | "work";

export interface MessageMeta {
  messageId: string;
  phase: number;
  type: MessageType;
  sender: string;
  recipient: string | null;
  label: string;
}

export interface InputOption {
  key: string;
  label: string;
}

export interface InputRequestData {
  requestId: string;
  key: string;
  kind: string;
  title: string;
  body: string;
  options: InputOption[];
  allowsText: boolean;
  /** For the UI: e.g. grouped questions, the stack card, constitution articles. */
  details?: unknown;
}

export interface CritiqueStart {
  roundId: string;
  /** The round's step key: its perspectives' turns are checkpointed under it. */
  key: string;
  artifactPath: string;
  phase: number;
  /** True for a round the person asked for ("Critique this"), false inside a phase. */
  onDemand: boolean;
  perspectives: Array<{ name: string; roleLabel: string; model?: string; focusAreas: string[] }>;
}

export type PartyEvent =
  | { type: "party-start"; data: { mode: string | null; title: string; description: string; flags: string[] } }
  | { type: "mode-resolved"; data: { mode: "party" | "classic"; via: "flag" | "menu" | "fallback" } }
  | { type: "team-create"; data: { team_name: string; description: string } }
  | { type: "task-create"; data: { mode: "party" | "classic"; tasks: Array<{ number: number; name: string; subject: string; activeForm: string; maxMessages: number }> } }
  | { type: "phase-start"; data: { phase: number; name: string; agents: string[] } }
  | { type: "phase-end"; data: { phase: number; name: string; status: "completed" | "failed" | "cancelled"; messages: number; nextSteps?: string } }
  | { type: "agent-spawn"; data: { agent: string; name: string; title: string; phase: number; model: string; style?: string } }
  | { type: "agent-shutdown"; data: { agent: string; phase: number } }
  | { type: "agent-failure"; data: { agent: string; phase: number; attempt: number; kind: string; error: string; final: boolean } }
  | { type: "message-start"; data: MessageMeta }
  | { type: "message-delta"; data: { messageId: string; offset: number; text: string } }
  | { type: "message-end"; data: MessageMeta & { content: string; summary: string } }
  | { type: "message-discard"; data: { messageId: string; reason: string } }
  | { type: "note"; data: { kind: "degradation" | "status" | "info" | "warning"; phase: number | null; text: string } }
  | { type: "input-request"; data: InputRequestData }
  | { type: "input-response"; data: { requestId: string; selection: string | null; text: string | null } }
  | { type: "artifact-write"; data: { path: string; title: string; producer: string; phase: number; content: string } }
  // paths ["*"]: every artifact of the party (the classic fallback discards them all).
  | { type: "artifact-discard"; data: { paths: string[]; reason: string } }
  // A multi-perspective critique round (seed 003) on one artifact: it starts (with all it
  // needs to resume after a crash, but the artifact's text), then gives its result.
  | { type: "critique-start"; data: CritiqueStart }
  | { type: "critique-result"; data: { roundId: string; artifactPath: string; phase: number; verdict: string; severity: string; averageRating: number; ratings: Array<{ name: string; rating: number; source: string }>; recommendation: string; recordPath: string; actionItems: string[] } }
  | { type: "usage"; data: { agent: string; phase: number; model: string; stepKey: string; inputTokens: number; outputTokens: number } }
  | { type: "team-delete"; data: { team_name: string } }
  | { type: "party-status"; data: { status: PartyStatus; currentPhase: number | null } }
  | { type: "party-end"; data: { status: "completed" | "failed" | "cancelled"; reason?: string; discovery_context?: unknown; nextSteps?: string } };

export type PartyStatus = "pending" | "in_progress" | "awaiting_input" | "completed" | "failed" | "cancelled";
export type EventType = PartyEvent["type"];

export const TERMINAL_STATUSES = ["completed", "failed", "cancelled"] as const;

/** A party in one of these states takes no more runs. */
export function isTerminal(status: string): boolean {
  return (TERMINAL_STATUSES as readonly string[]).includes(status);
}

export type StoredEvent = PartyEvent & { seq: number; at: string };
