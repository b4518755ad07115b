// The names of the log's event types, in the vocabulary's order, without their schemas:
// the browser registers one EventSource listener per name before the schemas
// (events.ts, which needs zod) have loaded. events.ts checks both lists are the same.
export const EVENT_TYPES = [
  "party-start",
  "mode-resolved",
  "team-create",
  "task-create",
  "phase-start",
  "phase-end",
  "agent-spawn",
  "agent-shutdown",
  "agent-failure",
  "message-start",
  "message-delta",
  "message-end",
  "message-discard",
  "note",
  "input-request",
  "input-response",
  "artifact-write",
  "artifact-discard",
  "critique-start",
  "critique-result",
  "revision-start",
  "revision-result",
  "artifact-missing",
  "room-update",
  "walkthrough-step",
  "remark-carried",
  "usage",
  "team-delete",
  "party-status",
  "party-end",
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

const EVENT_TYPE_SET: ReadonlySet<string> = new Set(EVENT_TYPES);
export const isEventType = (t: string): t is EventType => EVENT_TYPE_SET.has(t);
