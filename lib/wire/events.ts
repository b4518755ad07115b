// The event stream's contract: one zod schema per event type of the party's log (the
// TypeScript vocabulary in lib/party/events.ts, checked equal below at compile time), the
// SSE frame around them (lib/events/sse.ts), and parseStreamEvent, which the browser calls
// once per received event instead of casting. Browser-safe: zod only.
import { z } from "zod";
import type { InputRequestData, PartyEvent, StoredEvent } from "../party/events";
import { MODE_SOURCES, MODES, PARTY_STATUSES, TERMINAL_STATUSES, WALKTHROUGH_STEPS } from "../vocabulary";
import { readInputDetails } from "../vocabulary/input-kinds";
import { isEventType, type EventType } from "./event-types";

export { EVENT_TYPES, isEventType, type EventType } from "./event-types";

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
  replyTo: z.array(z.string()).optional(),
});

export const remarkCarriedSchema = z.object({
  where: z.enum(["room", "next-phase", "revision"]),
  phase: phaseNumber.optional(),
  artifactPaths: z.array(z.string()).optional(),
});

export const inputOptionSchema = z.object({ key: z.string(), label: z.string() });

export const inputRequestDataSchema = z.object({
  requestId: z.string(),
  key: z.string(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  options: z.array(inputOptionSchema),
  allowsText: z.boolean(),
  details: z.unknown().optional(),
});

export const nextStepActionSchema = z.object({
  label: z.string(),
  action: z.enum(["continue", "open-artifact", "open-artifacts", "open-conversation", "download", "new-kickoff", "revise", "show-status"]),
  params: z.record(z.string(), z.unknown()),
});

export const critiqueStartSchema = z.object({
  roundId: z.string(),
  key: z.string(),
  artifactPath: z.string(),
  phase: phaseNumber,
  onDemand: z.boolean(),
  perspectives: z.array(z.object({ name: z.string(), roleLabel: z.string(), model: z.string().optional(), focusAreas: z.array(z.string()) })),
});

export const revisionStartSchema = z.object({
  revisionId: z.string(),
  key: z.string(),
  artifactPath: z.string(),
  title: z.string(),
  agent: z.string(),
  phase: phaseNumber,
  feedback: z.string(),
  baseVersion: int,
  missing: z.boolean(),
  onDemand: z.boolean(),
  source: z.enum(["person", "walkthrough", "remark", "stack"]),
  remarkId: z.string().optional(),
});

export const revisionResultSchema = z.object({
  revisionId: z.string(),
  artifactPath: z.string(),
  status: z.enum(["completed", "failed", "unchanged"]),
  version: int.nullable(),
  changesSummary: z.string().nullable(),
  reason: z.string().nullable(),
});

export const missingArtifactSchema = z.object({
  path: z.string(),
  title: z.string(),
  agent: z.string(),
  agentName: z.string(),
  phase: phaseNumber,
  reason: z.string(),
});

export const walkthroughStepSchema = z.object({
  step: z.enum(WALKTHROUGH_STEPS),
  title: z.string(),
  requestId: z.string(),
  selection: z.string().nullable(),
  choice: z.string().nullable(),
  text: z.string().nullable(),
  outcome: z.string(),
  record: z.record(z.string(), z.unknown()),
  revisions: z.array(z.string()),
  actions: z.array(nextStepActionSchema),
});

export const usageDataSchema = z.object({
  agent: z.string(),
  phase: phaseNumber,
  model: z.string(),
  stepKey: z.string(),
  inputTokens: z.number(),
  outputTokens: z.number(),
  cacheReadTokens: z.number().optional(),
  cacheWriteTokens: z.number().optional(),
  calls: z.number().optional(),
  estimatedCalls: z.number().optional(),
  costUsd: z.number().nullable().optional(),
  failed: z.boolean().optional(),
  cancelled: z.boolean().optional(),
});

/** Each event type's data; the keys are the event types, in the order of docs/api.md. */
export const EVENT_DATA_SCHEMAS = {
  "party-start": z.object({ mode: z.string().nullable(), title: z.string(), description: z.string(), flags: z.array(z.string()) }),
  "mode-resolved": z.object({ mode: modeSchema, via: z.enum(MODE_SOURCES) }),
  "team-create": z.object({ team_name: z.string(), description: z.string() }),
  "task-create": z.object({
    mode: modeSchema,
    tasks: z.array(z.object({ number: int, name: z.string(), subject: z.string(), activeForm: z.string(), maxMessages: int })),
  }),
  "phase-start": z.object({ phase: phaseNumber, name: z.string(), agents: z.array(z.string()) }),
  "phase-end": z.object({
    phase: phaseNumber,
    name: z.string(),
    status: terminalStatus,
    messages: int,
    nextSteps: z.string().optional(),
    nextStepActions: z.array(nextStepActionSchema).optional(),
  }),
  "agent-spawn": z.object({ agent: z.string(), name: z.string(), title: z.string(), phase: phaseNumber, model: z.string(), style: z.string().optional() }),
  "agent-shutdown": z.object({ agent: z.string(), phase: phaseNumber }),
  "agent-failure": z.object({ agent: z.string(), phase: phaseNumber, attempt: int, kind: z.string(), error: z.string(), final: z.boolean() }),
  "message-start": messageMetaSchema,
  "message-delta": z.object({ messageId: z.string(), offset: int, text: z.string() }),
  "message-end": messageMetaSchema.extend({ content: z.string(), summary: z.string(), carried: remarkCarriedSchema.optional(), answers: z.string().optional() }),
  "message-discard": z.object({ messageId: z.string(), reason: z.string() }),
  note: z.object({ kind: z.enum(["degradation", "status", "info", "warning"]), phase: phaseNumber.nullable(), text: z.string() }),
  "input-request": inputRequestDataSchema,
  "input-response": z.object({ requestId: z.string(), selection: z.string().nullable(), text: z.string().nullable() }),
  "artifact-write": z.object({
    path: z.string(),
    title: z.string(),
    producer: z.string(),
    phase: phaseNumber,
    content: z.string(),
    version: int.optional(),
    reason: z.string().optional(),
    revisionId: z.string().optional(),
  }),
  "artifact-discard": z.object({ paths: z.array(z.string()), reason: z.string() }),
  "critique-start": critiqueStartSchema,
  "critique-result": z.object({
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
  "revision-start": revisionStartSchema,
  "revision-result": revisionResultSchema,
  "artifact-missing": missingArtifactSchema,
  "room-update": z.object({ phase: phaseNumber, reserved: int, open: z.boolean() }),
  "walkthrough-step": walkthroughStepSchema,
  "remark-carried": remarkCarriedSchema.extend({ messageId: z.string() }),
  usage: usageDataSchema,
  "team-delete": z.object({ team_name: z.string() }),
  "party-status": z.object({ status: partyStatusSchema, currentPhase: phaseNumber.nullable() }),
  "party-end": z.object({
    status: terminalStatus,
    reason: z.string().optional(),
    discovery_context: z.unknown().optional(),
    nextSteps: z.string().optional(),
    nextStepActions: z.array(nextStepActionSchema).optional(),
    requirements: z.array(z.object({ kind: z.string(), name: z.string(), said: z.string() })).optional(),
  }),
} as const;

type Schemas = typeof EVENT_DATA_SCHEMAS;
export type WireEventType = keyof Schemas;
export type WireEvent = { [T in WireEventType]: { type: T; data: z.infer<Schemas[T]> } }[WireEventType];

// The schemas and the log's TypeScript vocabulary must describe the same events, and the
// name list (event-types.ts) must name exactly those: each line fails to compile when one
// side gains, loses or changes an event or a field the other lacks.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _namesMatchSchemas: Same<WireEventType, EventType> = true;
void _namesMatchSchemas;
const _schemasCoverTheLog: Same<WireEvent, PartyEvent> = true;
void _schemasCoverTheLog;

/** A stored event as the log and the SSE `data:` line carry it. */
export const storedEventEnvelopeSchema = z.object({ seq: int.min(1), type: z.string(), at: z.string(), data: z.unknown() });
/** A live token delta: no seq, no time (docs/api.md, "The event stream"). */
export const liveEventEnvelopeSchema = z.object({ type: z.string().optional(), data: z.unknown() });

/** What the browser folds into its view: a stored event, or a live delta without seq and at. */
export type IncomingEvent = PartyEvent & { seq?: number; at?: string };

/** Validates one event's data against its type's schema; null for an unknown type or a bad payload. */
export function parseEventData(type: WireEventType, data: unknown): PartyEvent["data"] | null {
  const schema: z.ZodType = EVENT_DATA_SCHEMAS[type];
  const r = schema.safeParse(data);
  if (!r.success) return null;
  return (type === "input-request" ? readInputRequest(r.data as InputRequestData) : r.data) as PartyEvent["data"];
}

/**
 * An input request with its details read by the vocabulary's reader (undefined when they
 * are not the documented shape of its kind): the view then narrows them by kind alone.
 * Every request the view folds passes here (the stream above, the server's snapshot).
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
  if (name !== type || !isEventType(name)) return null;
  // Only token deltas travel without a seq.
  if (!stored.success && name !== "message-delta") return null;
  const payload = parseEventData(name, envelope.data);
  if (payload === null) return null;
  const event = { type: name, data: payload } as PartyEvent;
  return stored.success ? ({ ...event, seq: stored.data.seq, at: stored.data.at } as StoredEvent) : event;
}

/** GET /events: the seq already seen, from `Last-Event-ID` or `?after=`. */
export const afterSeqSchema = z.coerce.number({ error: "must be a whole number" }).int("must be a whole number").min(0, "must be 0 or more");
