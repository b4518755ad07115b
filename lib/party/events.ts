// The party's event log vocabulary (noun-verb, like the AI SDK's stream parts; docs/api.md
// lists each event and its data). Every event but live token deltas is stored with a
// gap-free seq.
import type { Mode, PartyStatus, TerminalStatus } from "../vocabulary";

export type MessageType = "message" | "broadcast" | "shutdown_request" | "work";

export interface MessageMeta {
  messageId: string;
  phase: number;
  type: MessageType;
  sender: string;
  recipient: string | null;
  label: string;
  /** A reply to the person: the ids of the person's messages it answers. */
  replyTo?: string[];
}

/** Where a remark of the person's went (docs/steering.md, "Remarks"). */
export interface RemarkCarried {
  where: "room" | "next-phase" | "revision";
  /** The phase whose agents hear it (room, next-phase). */
  phase?: number;
  /** The documents it becomes a revision of (revision). */
  artifactPaths?: string[];
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

/** A revision of one artifact (or its first writing, when a failed agent left it unwritten). */
export interface RevisionStart {
  revisionId: string;
  /** The job's step key: its turn is checkpointed under it. */
  key: string;
  artifactPath: string;
  title: string;
  /** Who rewrites it: the artifact's producer (the orchestrator's model for the brief). */
  agent: string;
  phase: number;
  feedback: string;
  /** The version the feedback is about (0 when the artifact was never written). */
  baseVersion: number;
  /** True for "Write it now": the path was promised but never written. */
  missing: boolean;
  /** True for a revision the person asked for through the API; false inside a walkthrough step. */
  onDemand: boolean;
  /** "stack": the document still named a technology the person's stack change replaced. */
  source: "person" | "walkthrough" | "remark" | "stack";
  /** The remark it carries out (source "remark"). */
  remarkId?: string;
}

export interface RevisionResult {
  revisionId: string;
  artifactPath: string;
  /** unchanged: the rewrite changed nothing asked for, so no version was made (the reason says why). */
  status: "completed" | "failed" | "unchanged";
  /** The version written (null when it failed or changed nothing). */
  version: number | null;
  changesSummary: string | null;
  /** Why it failed (null when it completed). */
  reason: string | null;
}

/** A promised artifact that a failed agent never wrote. */
/** A requirement the person stated: "SMS", in the words they said it ("reminders by SMS the day before"). */
export interface StatedRequirement {
  /** channel | identity | device | availability | product */
  kind: string;
  name: string;
  said: string;
}

export interface MissingArtifact {
  path: string;
  title: string;
  agent: string;
  agentName: string;
  phase: number;
  /** One line for a banner: "The data model could not be written: Data Model Designer failed twice". */
  reason: string;
}

/** What a button for a suggested next step (or a walkthrough choice) does in the app. */
export interface NextStepAction {
  /** The item's canonical text, exactly as in the SUGGESTED NEXT STEPS block. */
  label: string;
  action: "continue" | "open-artifact" | "open-artifacts" | "open-conversation" | "download" | "new-kickoff" | "revise" | "show-status";
  params: Record<string, unknown>;
}

/** One walkthrough step as the person answered it, and what that answer did. */
export interface WalkthroughStep {
  step: "architecture" | "permissions" | "coverage" | "iteration" | "next";
  title: string;
  requestId: string;
  selection: string | null;
  /** The chosen option's label. */
  choice: string | null;
  text: string | null;
  /** One line saying what happened, for the log and the CLI. */
  outcome: string;
  /** Structured result of the step (see docs/steering.md). */
  record: Record<string, unknown>;
  /** Revisions the step made (their own revision-start / revision-result events follow the step's turns). */
  revisions: string[];
  actions: NextStepAction[];
}

/** What one agent turn cost (docs/models.md, "Accounting"). The optional fields are newer than some logs. */
export interface UsageData {
  agent: string;
  phase: number;
  model: string;
  stepKey: string;
  /** Prompt tokens, cached ones included. */
  inputTokens: number;
  outputTokens: number;
  /** Prompt tokens read from / written to the provider's prompt cache. */
  cacheReadTokens?: number;
  cacheWriteTokens?: number;
  /** Model calls of the turn, and how many of them had no usage from the provider (estimated). */
  calls?: number;
  estimatedCalls?: number;
  /** US dollars, or null when the model's price is unknown. */
  costUsd?: number | null;
  /** The turn failed (its tokens were still spent). */
  failed?: boolean;
  /** The turn was cut by a shutdown (what it had spent); it runs again from the start. */
  cancelled?: boolean;
}

export type PartyEvent =
  | { type: "party-start"; data: { mode: string | null; title: string; description: string; flags: string[] } }
  | { type: "mode-resolved"; data: { mode: Mode; via: "flag" | "menu" | "fallback" } }
  | { type: "team-create"; data: { team_name: string; description: string } }
  | { type: "task-create"; data: { mode: Mode; tasks: Array<{ number: number; name: string; subject: string; activeForm: string; maxMessages: number }> } }
  | { type: "phase-start"; data: { phase: number; name: string; agents: string[] } }
  | { type: "phase-end"; data: { phase: number; name: string; status: "completed" | "failed" | "cancelled"; messages: number; nextSteps?: string; nextStepActions?: NextStepAction[] } }
  | { type: "agent-spawn"; data: { agent: string; name: string; title: string; phase: number; model: string; style?: string } }
  | { type: "agent-shutdown"; data: { agent: string; phase: number } }
  | { type: "agent-failure"; data: { agent: string; phase: number; attempt: number; kind: string; error: string; final: boolean } }
  | { type: "message-start"; data: MessageMeta }
  | { type: "message-delta"; data: { messageId: string; offset: number; text: string } }
  // `carried`: on the person's remarks, where they went.
  | { type: "message-end"; data: MessageMeta & { content: string; summary: string; carried?: RemarkCarried; answers?: string } }
  | { type: "message-discard"; data: { messageId: string; reason: string } }
  | { type: "note"; data: { kind: "degradation" | "status" | "info" | "warning"; phase: number | null; text: string } }
  | { type: "input-request"; data: InputRequestData }
  | { type: "input-response"; data: { requestId: string; selection: string | null; text: string | null } }
  // version/reason/revisionId: on writes after the first (revisions, walkthrough records).
  | { type: "artifact-write"; data: { path: string; title: string; producer: string; phase: number; content: string; version?: number; reason?: string; revisionId?: string } }
  // paths ["*"]: every artifact of the party (the classic fallback discards them all).
  | { type: "artifact-discard"; data: { paths: string[]; reason: string } }
  // A multi-perspective critique round on one artifact: it starts (with all it
  // needs to resume after a crash, but the artifact's text), then gives its result.
  | { type: "critique-start"; data: CritiqueStart }
  // status "failed" (with reason) when the round could not run to its end: the person who asked still hears how it ended.
  | { type: "critique-result"; data: { roundId: string; artifactPath: string; phase: number; status?: "completed" | "failed"; reason?: string; verdict: string; severity: string; averageRating: number; ratings: Array<{ name: string; rating: number; source: string }>; recommendation: string; recordPath: string; actionItems: string[] } }
  | { type: "revision-start"; data: RevisionStart }
  | { type: "revision-result"; data: RevisionResult }
  | { type: "artifact-missing"; data: MissingArtifact }
  // The phase's room for the person: messages its protocol still needs, and whether it
  // still takes messages (false while it answers the last ones before shutdown).
  | { type: "room-update"; data: { phase: number; reserved: number; open: boolean } }
  | { type: "walkthrough-step"; data: WalkthroughStep }
  // A remark nobody could act on in its phase, handed on (to the next phase's agents, or a revision).
  | { type: "remark-carried"; data: RemarkCarried & { messageId: string } }
  | { type: "usage"; data: UsageData }
  | { type: "team-delete"; data: { team_name: string } }
  | { type: "party-status"; data: { status: PartyStatus; currentPhase: number | null } }
  // requirements: what the person's description asked for, read at the end (stated-requirements.ts); newer than some logs.
  | { type: "party-end"; data: { status: TerminalStatus; reason?: string; discovery_context?: unknown; nextSteps?: string; nextStepActions?: NextStepAction[]; requirements?: StatedRequirement[] } };

export type EventType = PartyEvent["type"];

export type StoredEvent = PartyEvent & { seq: number; at: string };
