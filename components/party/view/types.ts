// The dashboard's view of a party, derived from its event log alone (the log is the
// truth; a reload shows the same screen). The reducer fills it, the selectors read it.
import type { InputRequestData, MessageMeta, MissingArtifact, NextStepAction, PartyEventOf, RemarkCarried, RevisionResult, RevisionStart, StatedRequirement } from "@/lib/wire/events";
import type { Mode, ModeSource, PartyStatus, PhaseStatus, TerminalStatus } from "@/lib/vocabulary";

export type AgentStatus = "idle" | "thinking" | "speaking" | "failed" | "shutdown";
export type MessageStatus = "streaming" | "done" | "discarded";

export interface PhaseView {
  number: number;
  name: string;
  subject: string | null;
  activeForm: string | null;
  status: PhaseStatus;
  agents: string[];
  /** Agent messages that count against the budget (not the orchestrator's, not "work"). */
  messages: number;
  /** 0 = no budget for this phase (sequential phases, classic mode). */
  maxMessages: number;
  /** How many times the phase was started (a retry after a total failure starts it again). */
  attempts: number;
}

export interface AgentView {
  agent: string;
  name: string;
  title: string;
  style: string;
  model: string | null;
  phase: number;
  status: AgentStatus;
  /** Failed attempts in its current phase (1 = a retry is under way). */
  failures: number;
  lastError: string | null;
  /** The message it is writing now, if any. */
  activeMessageId: string | null;
}

export interface MessageView extends MessageMeta {
  /** On the person's remarks: where they went. */
  carried?: RemarkCarried;
  text: string;
  summary: string | null;
  status: MessageStatus;
  discardReason: string | null;
  at: string | null;
}

export interface NoteView {
  id: string;
  /** The log's note kinds, and "failure" for the notes the view makes of agent failures. */
  kind: PartyEventOf<"note">["data"]["kind"] | "failure";
  phase: number | null;
  text: string;
  at: string | null;
}

export interface ArtifactView {
  path: string;
  title: string;
  producer: string;
  phase: number;
  content: string;
  version: number;
  at: string | null;
  /** Every version written, oldest first (the last is `content`): the picker and the diff read them. */
  versions: ArtifactVersionView[];
}

export interface ArtifactVersionView {
  version: number;
  content: string;
  at: string | null;
  /** Why it was written again ("Revised with the person's feedback: …"); null for the first writing. */
  reason: string | null;
}

/** A revision (or a first writing of a missing artifact) and how it ended. */
export interface RevisionView extends Pick<RevisionStart, "revisionId" | "artifactPath" | "title" | "agent" | "feedback" | "missing" | "source"> {
  status: "running" | RevisionResult["status"];
  version: number | null;
  changesSummary: string | null;
  reason: string | null;
}

/** One perspective's verdict in a critique round (a rating of 1 to 5). */
export interface CritiqueRating {
  name: string;
  rating: number;
  /** "perspective", "fallback" (the default model spoke for it) or "direct-reading". */
  source: string;
}

/** A multi-perspective critique round on one artifact, from its critique-result. */
export interface CritiqueRoundView {
  roundId: string;
  artifactPath: string;
  phase: number;
  /** "consensus_reached" | "consensus_blocked". */
  verdict: string;
  /** Divergence severity: "HIGH" | "MEDIUM" | "LOW" (or "NONE"). */
  severity: string;
  averageRating: number;
  ratings: CritiqueRating[];
  /** "proceed" | "revise" | "proceed-with-caution" | "escalate". */
  recommendation: string;
  /** The discussion record, itself an artifact. */
  recordPath: string;
  actionItems: string[];
  at: string | null;
}

/** A critique round that started and has no result yet. */
export interface RunningCritiqueView {
  roundId: string;
  artifactPath: string;
  /** Asked for by the person ("Critique this"), not part of a phase. */
  onDemand: boolean;
  perspectives: string[];
  at: string | null;
}

export interface UsageTotals {
  inputTokens: number;
  outputTokens: number;
  /** US dollars; null once any of it ran on a model whose price is unknown (the offline model costs 0). */
  costUsd: number | null;
}

export interface UsageRow extends UsageTotals {
  agent: string;
  phase: number;
  model: string;
  /**
   * The mode the party ran in when the tokens were spent. Phase numbers alone are
   * ambiguous after a fallback: party T1–T5 and classic 1–8 reuse the same numbers.
   */
  mode: Mode | null;
}

/** Tokens of one phase of one mode. */
export interface PhaseUsage extends UsageTotals {
  phase: number;
  mode: Mode | null;
  /** "T2. Stack & Architecture Debate" (party) or "2. Research" (classic). */
  label: string;
  /** Spent in the party-mode phases that a fallback to classic gave up. */
  abandoned: boolean;
}

export interface NextStepsView {
  id: string;
  source: "phase" | "party";
  phase: number | null;
  title: string;
  text: string;
  /** What each suggested item does as a button (its label is the block's own text). */
  actions: NextStepAction[];
}

export interface InputRecord {
  requestId: string;
  kind: string;
  title: string;
  answered: boolean;
  selection: string | null;
  selectionLabel: string | null;
  text: string | null;
  at: string | null;
}

export type FeedItem =
  | { kind: "message"; id: string }
  | { kind: "note"; id: string }
  | { kind: "phase"; id: string; phase: number; name: string; event: "start" | "end"; status: PhaseStatus }
  | { kind: "input"; id: string }
  | { kind: "critique"; id: string };

export interface PartyEnd {
  status: TerminalStatus;
  reason: string | null;
  discoveryContext: unknown;
  /** What the person's description asked for, read when the party ended (empty in older logs). */
  requirements: StatedRequirement[];
}

export interface PartyView {
  /** Highest stored seq applied; stored events at or below it are duplicates. */
  lastSeq: number;
  title: string | null;
  description: string | null;
  mode: Mode | null;
  modeVia: ModeSource | null;
  status: PartyStatus;
  currentPhase: number | null;
  phases: PhaseView[];
  /** The party-mode phases given up by a fallback to classic, for the record. */
  abandonedPhases: PhaseView[];
  teamName: string | null;
  teamDeleted: boolean;
  agents: Record<string, AgentView>;
  /** Agents in the order they first appeared. */
  agentOrder: string[];
  messages: Record<string, MessageView>;
  feed: FeedItem[];
  notes: Record<string, NoteView>;
  artifacts: Record<string, ArtifactView>;
  /** Artifact paths in first-written order. */
  artifactOrder: string[];
  /** Critique rounds by round id (a round may arrive before its artifact is written). */
  critiques: Record<string, CritiqueRoundView>;
  /** Round ids in arrival order. */
  critiqueOrder: string[];
  /** Rounds started and not finished, by round id (survives a reload: it is in the log). */
  runningCritiques: Record<string, RunningCritiqueView>;
  /** Revisions by id, and their ids in arrival order. */
  revisions: Record<string, RevisionView>;
  revisionOrder: string[];
  /** Promised artifacts a failed agent never wrote, by path (gone once written). */
  missing: Record<string, MissingArtifact>;
  /** Per phase: whether its room takes the person's messages (room-update). */
  rooms: Record<number, { open: boolean }>;
  usage: UsageRow[];
  pendingInput: InputRequestData | null;
  inputs: Record<string, InputRecord>;
  nextSteps: NextStepsView[];
  end: PartyEnd | null;
  /** Deltas that arrived ahead of the text they continue (offset > current length). */
  heldDeltas: Record<string, Array<{ offset: number; text: string }>>;
}
