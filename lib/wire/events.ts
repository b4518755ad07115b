// The party's events, declared once: each event type of the log (noun-verb, like the AI
// SDK's stream parts; docs/api.md lists each event and its data) is a zod schema here, and
// every TypeScript type of the vocabulary (PartyEvent, StoredEvent, MessageMeta…) is
// inferred from them, so the orchestrator, the stores, the CLI and the browser read one
// contract. Also the SSE envelope around an event (lib/events/sse.ts) and parseStreamEvent,
// which the browser calls once per received event instead of casting. Browser-safe: zod
// and the vocabulary only (the browser's first-load code imports types from here, never
// values, so zod loads with the stream's parser).
import { z } from "zod";
import { MODE_SOURCES, MODES, PARTY_STATUSES, TERMINAL_STATUSES, WALKTHROUGH_STEPS } from "../vocabulary";
import { readInputDetails } from "../vocabulary/input-kinds";

const int = z.number().int();
const phaseNumber = int;
const terminalStatus = z.enum(TERMINAL_STATUSES);

export const modeSchema = z.enum(MODES);
export const partyStatusSchema = z.enum(PARTY_STATUSES);

export const messageMetaSchema = z.object({
  messageId: z.string(),
  phase: phaseNumber,
  type: z.enum(["message", "broadcast", "shutdown_request", "work"]),
  sender: z.string(),
  recipient: z.string().nullable(),
  label: z.string(),
  /** A reply to the person: the ids of the person's messages it answers. */
  replyTo: z.array(z.string()).optional(),
});
export type MessageMeta = z.infer<typeof messageMetaSchema>;
export type MessageType = MessageMeta["type"];

/** Where a remark of the person's went (docs/steering.md, "Remarks"). */
export const remarkCarriedSchema = z.object({
  where: z.enum(["room", "next-phase", "revision"]),
  /** The phase whose agents hear it (room, next-phase). */
  phase: phaseNumber.optional(),
  /** The documents it becomes a revision of (revision). */
  artifactPaths: z.array(z.string()).optional(),
});
export type RemarkCarried = z.infer<typeof remarkCarriedSchema>;

export const inputOptionSchema = z.object({ key: z.string(), label: z.string() });
export type InputOption = z.infer<typeof inputOptionSchema>;

export const inputRequestDataSchema = z.object({
  requestId: z.string(),
  key: z.string(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  options: z.array(inputOptionSchema),
  allowsText: z.boolean(),
  /** For the UI: e.g. grouped questions, the stack card, constitution articles (read by kind: readInputRequest). */
  details: z.unknown().optional(),
});
export type InputRequestData = z.infer<typeof inputRequestDataSchema>;

/** What a button for a suggested next step (or a walkthrough choice) does in the app. */
export const nextStepActionSchema = z.object({
  /** The item's canonical text, exactly as in the SUGGESTED NEXT STEPS block. */
  label: z.string(),
  action: z.enum(["continue", "open-artifact", "open-artifacts", "open-conversation", "download", "new-kickoff", "revise", "show-status"]),
  params: z.record(z.string(), z.unknown()),
});
export type NextStepAction = z.infer<typeof nextStepActionSchema>;

export const critiqueStartSchema = z.object({
  roundId: z.string(),
  /** The round's step key: its perspectives' turns are checkpointed under it. */
  key: z.string(),
  artifactPath: z.string(),
  phase: phaseNumber,
  /** True for a round the person asked for ("Critique this"), false inside a phase. */
  onDemand: z.boolean(),
  perspectives: z.array(z.object({ name: z.string(), roleLabel: z.string(), model: z.string().optional(), focusAreas: z.array(z.string()) })),
});
export type CritiqueStart = z.infer<typeof critiqueStartSchema>;

/** A revision of one artifact (or its first writing, when a failed agent left it unwritten). */
export const revisionStartSchema = z.object({
  revisionId: z.string(),
  /** The job's step key: its turn is checkpointed under it. */
  key: z.string(),
  artifactPath: z.string(),
  title: z.string(),
  /** Who rewrites it: the artifact's producer (the orchestrator's model for the brief). */
  agent: z.string(),
  phase: phaseNumber,
  feedback: z.string(),
  /** The version the feedback is about (0 when the artifact was never written). */
  baseVersion: int,
  /** True for "Write it now": the path was promised but never written. */
  missing: z.boolean(),
  /** True for a revision the person asked for through the API; false inside a walkthrough step. */
  onDemand: z.boolean(),
  /** "stack": the document still named a technology the person's stack change replaced. */
  source: z.enum(["person", "walkthrough", "remark", "stack"]),
  /** The remark it carries out (source "remark"). */
  remarkId: z.string().optional(),
});
export type RevisionStart = z.infer<typeof revisionStartSchema>;

export const revisionResultSchema = z.object({
  revisionId: z.string(),
  artifactPath: z.string(),
  /** unchanged: the rewrite changed nothing asked for, so no version was made (the reason says why). */
  status: z.enum(["completed", "failed", "unchanged"]),
  /** The version written (null when it failed or changed nothing). */
  version: int.nullable(),
  changesSummary: z.string().nullable(),
  /** Why it failed (null when it completed). */
  reason: z.string().nullable(),
});
export type RevisionResult = z.infer<typeof revisionResultSchema>;

/** A promised artifact that a failed agent never wrote. */
export const missingArtifactSchema = z.object({
  path: z.string(),
  title: z.string(),
  agent: z.string(),
  agentName: z.string(),
  phase: phaseNumber,
  /** One line for a banner: "The data model could not be written: Data Model Designer failed twice". */
  reason: z.string(),
});
export type MissingArtifact = z.infer<typeof missingArtifactSchema>;

/** A requirement the person stated: "SMS", in the words they said it ("reminders by SMS the day before"). */
export const statedRequirementSchema = z.object({
  /** channel | identity | device | availability | product */
  kind: z.string(),
  name: z.string(),
  said: z.string(),
});
export type StatedRequirement = z.infer<typeof statedRequirementSchema>;

/** One walkthrough step as the person answered it, and what that answer did. */
export const walkthroughStepSchema = z.object({
  step: z.enum(WALKTHROUGH_STEPS),
  title: z.string(),
  requestId: z.string(),
  selection: z.string().nullable(),
  /** The chosen option's label. */
  choice: z.string().nullable(),
  text: z.string().nullable(),
  /** One line saying what happened, for the log and the CLI. */
  outcome: z.string(),
  /** Structured result of the step (see docs/steering.md). */
  record: z.record(z.string(), z.unknown()),
  /** Revisions the step made (their own revision-start / revision-result events follow the step's turns). */
  revisions: z.array(z.string()),
  actions: z.array(nextStepActionSchema),
});
export type WalkthroughStep = z.infer<typeof walkthroughStepSchema>;

/** What one agent turn cost (docs/models.md, "Accounting"). The optional fields are newer than some logs. */
export const usageDataSchema = z.object({
  agent: z.string(),
  phase: phaseNumber,
  model: z.string(),
  stepKey: z.string(),
  /** Prompt tokens, cached ones included. */
  inputTokens: z.number(),
  outputTokens: z.number(),
  /** Prompt tokens read from / written to the provider's prompt cache. */
  cacheReadTokens: z.number().optional(),
  cacheWriteTokens: z.number().optional(),
  /** Model calls of the turn, and how many of them had no usage from the provider (estimated). */
  calls: z.number().optional(),
  estimatedCalls: z.number().optional(),
  /** US dollars, or null when the model's price is unknown. */
  costUsd: z.number().nullable().optional(),
  /** The turn failed (its tokens were still spent). */
  failed: z.boolean().optional(),
  /** The turn was cut by a shutdown (what it had spent); it runs again from the start. */
  cancelled: z.boolean().optional(),
});
export type UsageData = z.infer<typeof usageDataSchema>;

/** One event of the log: its type and its data. */
const event = <T extends string, D extends z.ZodType>(type: T, data: D) => z.object({ type: z.literal(type), data });

/** Every event of the log, in the order of docs/api.md. */
export const partyEventSchema = z.discriminatedUnion("type", [
  event("party-start", z.object({ mode: z.string().nullable(), title: z.string(), description: z.string(), flags: z.array(z.string()) })),
  event("mode-resolved", z.object({ mode: modeSchema, via: z.enum(MODE_SOURCES) })),
  event("team-create", z.object({ team_name: z.string(), description: z.string() })),
  event(
    "task-create",
    z.object({
      mode: modeSchema,
      tasks: z.array(z.object({ number: int, name: z.string(), subject: z.string(), activeForm: z.string(), maxMessages: int })),
    }),
  ),
  event("phase-start", z.object({ phase: phaseNumber, name: z.string(), agents: z.array(z.string()) })),
  event(
    "phase-end",
    z.object({
      phase: phaseNumber,
      name: z.string(),
      status: terminalStatus,
      messages: int,
      nextSteps: z.string().optional(),
      nextStepActions: z.array(nextStepActionSchema).optional(),
    }),
  ),
  event("agent-spawn", z.object({ agent: z.string(), name: z.string(), title: z.string(), phase: phaseNumber, model: z.string(), style: z.string().optional() })),
  event("agent-shutdown", z.object({ agent: z.string(), phase: phaseNumber })),
  event("agent-failure", z.object({ agent: z.string(), phase: phaseNumber, attempt: int, kind: z.string(), error: z.string(), final: z.boolean() })),
  event("message-start", messageMetaSchema),
  event("message-delta", z.object({ messageId: z.string(), offset: int, text: z.string() })),
  // `carried`: on the person's remarks, where they went.
  event("message-end", messageMetaSchema.extend({ content: z.string(), summary: z.string(), carried: remarkCarriedSchema.optional(), answers: z.string().optional() })),
  event("message-discard", z.object({ messageId: z.string(), reason: z.string() })),
  event("note", z.object({ kind: z.enum(["degradation", "status", "info", "warning"]), phase: phaseNumber.nullable(), text: z.string() })),
  event("input-request", inputRequestDataSchema),
  event("input-response", z.object({ requestId: z.string(), selection: z.string().nullable(), text: z.string().nullable() })),
  // version/reason/revisionId: on writes after the first (revisions, walkthrough records).
  event(
    "artifact-write",
    z.object({
      path: z.string(),
      title: z.string(),
      producer: z.string(),
      phase: phaseNumber,
      content: z.string(),
      version: int.optional(),
      reason: z.string().optional(),
      revisionId: z.string().optional(),
    }),
  ),
  // paths ["*"]: every artifact of the party (the classic fallback discards them all).
  event("artifact-discard", z.object({ paths: z.array(z.string()), reason: z.string() })),
  // A multi-perspective critique round on one artifact: it starts (with all it needs to
  // resume after a crash, but the artifact's text), then gives its result.
  event("critique-start", critiqueStartSchema),
  // status "failed" (with reason) when the round could not run to its end: the person who asked still hears how it ended.
  event(
    "critique-result",
    z.object({
      roundId: z.string(),
      artifactPath: z.string(),
      phase: phaseNumber,
      status: z.enum(["completed", "failed"]).optional(),
      reason: z.string().optional(),
      verdict: z.string(),
      severity: z.string(),
      averageRating: z.number(),
      ratings: z.array(z.object({ name: z.string(), rating: z.number(), source: z.string() })),
      recommendation: z.string(),
      recordPath: z.string(),
      actionItems: z.array(z.string()),
    }),
  ),
  event("revision-start", revisionStartSchema),
  event("revision-result", revisionResultSchema),
  event("artifact-missing", missingArtifactSchema),
  // The phase's room for the person: messages its protocol still needs, and whether it
  // still takes messages (false while it answers the last ones before shutdown).
  event("room-update", z.object({ phase: phaseNumber, reserved: int, open: z.boolean() })),
  event("walkthrough-step", walkthroughStepSchema),
  // A remark nobody could act on in its phase, handed on (to the next phase's agents, or a revision).
  event("remark-carried", remarkCarriedSchema.extend({ messageId: z.string() })),
  event("usage", usageDataSchema),
  event("team-delete", z.object({ team_name: z.string() })),
  event("party-status", z.object({ status: partyStatusSchema, currentPhase: phaseNumber.nullable() })),
  // requirements: what the person's description asked for, read at the end (stated-requirements.ts); newer than some logs.
  event(
    "party-end",
    z.object({
      status: terminalStatus,
      reason: z.string().optional(),
      discovery_context: z.unknown().optional(),
      nextSteps: z.string().optional(),
      nextStepActions: z.array(nextStepActionSchema).optional(),
      requirements: z.array(statedRequirementSchema).optional(),
    }),
  ),
]);

export type PartyEvent = z.infer<typeof partyEventSchema>;
export type EventType = PartyEvent["type"];
/** One event type's event: `PartyEventOf<"phase-start">["data"]` is that event's data. */
export type PartyEventOf<T extends EventType> = Extract<PartyEvent, { type: T }>;
/** An event as the log stores it: numbered with a gap-free seq, timed. */
export type StoredEvent = PartyEvent & { seq: number; at: string };
/** What the browser folds into its view: a stored event, or a live delta without seq and at. */
export type IncomingEvent = PartyEvent & { seq?: number; at?: string };

/** The event types, in the order of docs/api.md: the browser listens for each by name. */
export const EVENT_TYPES: readonly EventType[] = partyEventSchema.options.map((o) => o.shape.type.value);

/** A stored event as the log and the SSE `data:` line carry it. */
export const storedEventEnvelopeSchema = z.object({ seq: int.min(1), type: z.string(), at: z.string(), data: z.unknown() });
/** A live token delta: no seq, no time (docs/api.md, "The event stream"). */
export const liveEventEnvelopeSchema = z.object({ type: z.string().optional(), data: z.unknown() });

/**
 * An input request with its details read by the vocabulary's reader (undefined when they
 * are not the documented shape of its kind): the view then narrows them by kind alone.
 * Every request the view folds passes here (the stream below, the server's snapshot).
 */
export function readInputRequest(req: InputRequestData): InputRequestData {
  const { details, ...rest } = req;
  const read = readInputDetails(req.kind, details);
  return read === undefined ? rest : { ...rest, details: read };
}

/**
 * One received SSE event (its `event:` name and its `data:` line), validated: a stored
 * event with seq and at, or a live message-delta without them. Null for anything else
 * (not JSON, an unknown type, a type that contradicts the event name, a bad payload), which
 * the caller drops.
 */
export function parseStreamEvent(type: string, data: string): IncomingEvent | null {
  let raw: unknown;
  try {
    raw = JSON.parse(data);
  } catch {
    return null;
  }
  const stored = storedEventEnvelopeSchema.safeParse(raw);
  // Anything with a seq claims to be stored: it must be a valid stored event.
  const claimsSeq = typeof raw === "object" && raw !== null && "seq" in raw;
  const envelope = stored.success ? stored.data : claimsSeq ? undefined : liveEventEnvelopeSchema.safeParse(raw).data;
  if (!envelope) return null;
  const name = envelope.type ?? type;
  if (name !== type) return null;
  // Only token deltas travel without a seq.
  if (!stored.success && name !== "message-delta") return null;
  // An unknown type or a bad payload fails here.
  const parsed = partyEventSchema.safeParse({ type: name, data: envelope.data });
  if (!parsed.success) return null;
  const event: PartyEvent = parsed.data.type === "input-request" ? { type: "input-request", data: readInputRequest(parsed.data.data) } : parsed.data;
  return stored.success ? { ...event, seq: stored.data.seq, at: stored.data.at } : event;
}

/** GET /events: the seq already seen, from `Last-Event-ID` or `?after=`. */
export const afterSeqSchema = z.coerce.number({ error: "must be a whole number" }).int("must be a whole number").min(0, "must be 0 or more");
