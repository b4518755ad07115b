// The event schemas are the vocabulary: each parses a representative event of its type and
// refuses a bad one, and the types inferred from them are the ones the orchestrator and the
// view were written against (checked by tsc: expectTypeOf fails the type-check, not the run).
import { describe, expect, expectTypeOf, it } from "vitest";
import type { Mode, ModeSource, PartyStatus, TerminalStatus, WalkthroughStepName } from "../vocabulary";
import {
  EVENT_TYPES,
  parseStreamEvent,
  partyEventSchema,
  type EventType,
  type IncomingEvent,
  type InputRequestData,
  type MessageMeta,
  type PartyEvent,
  type PartyEventOf,
  type StoredEvent,
  type UsageData,
} from "./events";

const meta: MessageMeta = { messageId: "m-1", phase: 1, type: "message", sender: "nadia", recipient: null, label: "QUESTIONS" };
const action = { label: "Open the brief", action: "open-artifact", params: { path: "docs/brief.md" } } as const;

/** One event of every type, as the log holds them (the mapped type makes a missing type a compile error). */
const REPRESENTATIVE: { [T in EventType]: PartyEventOf<T>["data"] } = {
  "party-start": { mode: null, title: "Clinic triage", description: "A triage app", flags: ["--new"] },
  "mode-resolved": { mode: "party", via: "menu" },
  "team-create": { team_name: "inception-party", description: "team" },
  "task-create": { mode: "classic", tasks: [{ number: 1, name: "Vision", subject: "Vision", activeForm: "Gathering", maxMessages: 0 }] },
  "phase-start": { phase: 1, name: "Vision Council", agents: ["nadia", "oscar"] },
  "phase-end": { phase: 1, name: "Vision Council", status: "completed", messages: 7, nextSteps: "1. Continue", nextStepActions: [action] },
  "agent-spawn": { agent: "nadia", name: "Nadia", title: "Product Analyst", phase: 1, model: "offline", style: "Probing" },
  "agent-shutdown": { agent: "nadia", phase: 1 },
  "agent-failure": { agent: "oscar", phase: 1, attempt: 1, kind: "timeout", error: "no answer in 60 s", final: false },
  "message-start": { ...meta, replyTo: ["r-1"] },
  "message-delta": { messageId: "m-1", offset: 12, text: "Hello" },
  "message-end": { ...meta, sender: "user", content: "Use SMS.", summary: "SMS", carried: { where: "next-phase", phase: 2 }, answers: "q-1" },
  "message-discard": { messageId: "m-1", reason: "the turn failed" },
  note: { kind: "degradation", phase: null, text: "Oscar is unavailable" },
  "input-request": { requestId: "r-1", key: "mode", kind: "mode", title: "Mode", body: "Pick one", options: [{ key: "1", label: "Party" }], allowsText: false },
  "input-response": { requestId: "r-1", selection: "1", text: null },
  "artifact-write": { path: "docs/brief.md", title: "Brief", producer: "nadia", phase: 1, content: "# Brief", version: 2, reason: "Revised", revisionId: "v-1" },
  "artifact-discard": { paths: ["*"], reason: "fallback to classic" },
  "critique-start": { roundId: "c-1", key: "critique-1", artifactPath: "docs/brief.md", phase: 3, onDemand: true, perspectives: [{ name: "security", roleLabel: "Security", focusAreas: ["auth"] }] },
  "critique-result": {
    roundId: "c-1",
    artifactPath: "docs/brief.md",
    phase: 3,
    status: "completed",
    verdict: "consensus_reached",
    severity: "LOW",
    averageRating: 4.5,
    ratings: [{ name: "security", rating: 4.5, source: "perspective" }],
    recommendation: "proceed",
    recordPath: "docs/critique/brief.md",
    actionItems: ["Add rate limits"],
  },
  "revision-start": { revisionId: "v-1", key: "revision-1", artifactPath: "docs/brief.md", title: "Brief", agent: "nadia", phase: 1, feedback: "Add SMS", baseVersion: 1, missing: false, onDemand: true, source: "remark", remarkId: "m-9" },
  "revision-result": { revisionId: "v-1", artifactPath: "docs/brief.md", status: "unchanged", version: null, changesSummary: null, reason: "nothing asked for changed" },
  "artifact-missing": { path: "docs/data-model.md", title: "Data model", agent: "data_modeler", agentName: "Data Model Designer", phase: 3, reason: "failed twice" },
  "room-update": { phase: 2, reserved: 3, open: true },
  "walkthrough-step": { step: "coverage", title: "Coverage", requestId: "r-9", selection: "1", choice: "Show", text: null, outcome: "shown", record: { planTests: true }, revisions: [], actions: [action] },
  "remark-carried": { messageId: "m-2", where: "revision", artifactPaths: ["docs/brief.md"] },
  usage: { agent: "nadia", phase: 1, model: "offline", stepKey: "p1.nadia", inputTokens: 1200, outputTokens: 300, cacheReadTokens: 800, calls: 3, costUsd: null, failed: false },
  "team-delete": { team_name: "inception-party" },
  "party-status": { status: "awaiting_input", currentPhase: 1 },
  "party-end": { status: "completed", discovery_context: { project: "x" }, requirements: [{ kind: "channel", name: "SMS", said: "reminders by SMS" }] },
};

/** One bad data of every type: a wrong enum value, a wrong type, or a missing field. */
const BAD: Record<EventType, unknown> = {
  "party-start": { mode: null, title: "t", description: "d" },
  "mode-resolved": { mode: "solo", via: "menu" },
  "team-create": { team_name: 7, description: "team" },
  "task-create": { mode: "party", tasks: [{ number: 1.5, name: "n", subject: "s", activeForm: "a", maxMessages: 0 }] },
  "phase-start": { phase: "one", name: "Vision Council", agents: [] },
  "phase-end": { phase: 1, name: "Vision Council", status: "in_progress", messages: 7 },
  "agent-spawn": { agent: "nadia", name: "Nadia", title: "Product Analyst", phase: 1 },
  "agent-shutdown": { agent: "nadia" },
  "agent-failure": { agent: "oscar", phase: 1, attempt: 1, kind: "timeout", error: "x", final: "no" },
  "message-start": { ...meta, type: "shout" },
  "message-delta": { messageId: "m-1", offset: 1.5, text: "x" },
  "message-end": { ...meta, content: "c", summary: "s", carried: { where: "elsewhere" } },
  "message-discard": { messageId: "m-1" },
  note: { kind: "gossip", phase: null, text: "x" },
  "input-request": { requestId: "r-1", key: "mode", kind: "mode", title: "Mode", body: "Pick", options: [{ key: "1" }], allowsText: false },
  "input-response": { requestId: "r-1", selection: 1, text: null },
  "artifact-write": { path: "docs/brief.md", title: "Brief", producer: "nadia", phase: 1 },
  "artifact-discard": { paths: "*", reason: "fallback" },
  "critique-start": { roundId: "c-1", key: "k", artifactPath: "a", phase: 3, onDemand: true, perspectives: [{ name: "security", roleLabel: "Security" }] },
  "critique-result": { roundId: "c-1", artifactPath: "a", phase: 3, status: "blocked", verdict: "v", severity: "LOW", averageRating: 4, ratings: [], recommendation: "r", recordPath: "p", actionItems: [] },
  "revision-start": { revisionId: "v-1", key: "k", artifactPath: "a", title: "t", agent: "nadia", phase: 1, feedback: "f", baseVersion: 1, missing: false, onDemand: true, source: "boss" },
  "revision-result": { revisionId: "v-1", artifactPath: "a", status: "completed", version: "2", changesSummary: null, reason: null },
  "artifact-missing": { path: "p", title: "t", agent: "a", phase: 3, reason: "r" },
  "room-update": { phase: 2, reserved: 3 },
  "walkthrough-step": { step: "dance", title: "t", requestId: "r", selection: null, choice: null, text: null, outcome: "o", record: {}, revisions: [], actions: [] },
  "remark-carried": { where: "room", phase: 1 },
  usage: { agent: "nadia", phase: 1, model: "offline", stepKey: "k", inputTokens: "many", outputTokens: 3 },
  "team-delete": {},
  "party-status": { status: "sleeping", currentPhase: 1 },
  "party-end": { status: "awaiting_input" },
};

describe("each event's schema", () => {
  it("lists every event type once, in the union's order", () => {
    expect(new Set(EVENT_TYPES).size).toBe(EVENT_TYPES.length);
    expect(EVENT_TYPES).toEqual(Object.keys(REPRESENTATIVE));
  });

  it.each(EVENT_TYPES)("%s parses a representative event unchanged", (type) => {
    const event = { type, data: REPRESENTATIVE[type] };
    expect(partyEventSchema.parse(event)).toEqual(event);
    const frame = JSON.stringify({ seq: 4, type, at: "2026-11-26T10:00:00.000Z", data: event.data });
    expect(parseStreamEvent(type, frame)).toEqual({ ...event, seq: 4, at: "2026-11-26T10:00:00.000Z" });
  });

  it.each(EVENT_TYPES)("%s refuses a bad one", (type) => {
    expect(partyEventSchema.safeParse({ type, data: BAD[type] }).success).toBe(false);
  });

  it("refuses an unknown type, and one type's data under another's name", () => {
    expect(partyEventSchema.safeParse({ type: "agent-dance", data: REPRESENTATIVE["agent-shutdown"] }).success).toBe(false);
    expect(partyEventSchema.safeParse({ type: "phase-start", data: REPRESENTATIVE["agent-shutdown"] }).success).toBe(false);
  });
});

describe("the types inferred from the schemas", () => {
  it("name modes and statuses with the vocabulary's types", () => {
    expectTypeOf<PartyEventOf<"mode-resolved">["data"]>().toEqualTypeOf<{ mode: Mode; via: ModeSource }>();
    expectTypeOf<PartyEventOf<"party-status">["data"]>().toEqualTypeOf<{ status: PartyStatus; currentPhase: number | null }>();
    expectTypeOf<PartyEventOf<"phase-end">["data"]["status"]>().toEqualTypeOf<TerminalStatus>();
    expectTypeOf<PartyEventOf<"party-end">["data"]["status"]>().toEqualTypeOf<TerminalStatus>();
    expectTypeOf<PartyEventOf<"walkthrough-step">["data"]["step"]>().toEqualTypeOf<WalkthroughStepName>();
  });

  it("keep the wire's field names and optional fields", () => {
    expectTypeOf<PartyEventOf<"message-delta">["data"]>().toEqualTypeOf<{ messageId: string; offset: number; text: string }>();
    expectTypeOf<PartyEventOf<"message-start">["data"]>().toEqualTypeOf<MessageMeta>();
    expectTypeOf<MessageMeta>().toEqualTypeOf<{
      messageId: string;
      phase: number;
      type: "message" | "broadcast" | "shutdown_request" | "work";
      sender: string;
      recipient: string | null;
      label: string;
      replyTo?: string[];
    }>();
    expectTypeOf<PartyEventOf<"input-request">["data"]>().toEqualTypeOf<InputRequestData>();
    expectTypeOf<InputRequestData["details"]>().toEqualTypeOf<unknown>();
    expectTypeOf<UsageData["costUsd"]>().toEqualTypeOf<number | null | undefined>();
    expectTypeOf<PartyEventOf<"team-create">["data"]>().toEqualTypeOf<{ team_name: string; description: string }>();
  });

  it("make a union that narrows by type, stored with seq and at, incoming with them optional", () => {
    expectTypeOf<PartyEvent["type"]>().toEqualTypeOf<EventType>();
    expectTypeOf<Extract<StoredEvent, { type: "usage" }>["data"]>().toEqualTypeOf<UsageData>();
    expectTypeOf<StoredEvent["seq"]>().toEqualTypeOf<number>();
    expectTypeOf<IncomingEvent["seq"]>().toEqualTypeOf<number | undefined>();
    expectTypeOf<StoredEvent>().toExtend<IncomingEvent>();
    expectTypeOf<{ type: "usage"; data: MessageMeta }>().not.toExtend<PartyEvent>();
  });
});
