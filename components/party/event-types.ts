import type { EventType } from "@/lib/party/events";

// EventSource dispatches named SSE events only to listeners registered for that name:
// one listener per type of the vocabulary in lib/party/events.ts.
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
  "usage",
  "team-delete",
  "party-status",
  "party-end",
] as const satisfies readonly EventType[];

// Fails to compile when lib/party/events.ts gains a type this list lacks.
type Missing = Exclude<EventType, (typeof EVENT_TYPES)[number]>;
export const EVENT_TYPES_COMPLETE: Missing extends never ? true : Missing = true;
