// EventSource dispatches named SSE events only to listeners registered for that name:
// one listener per type of the wire contract's event schemas (which lib/wire/events.ts
// checks, at compile time, against the log's vocabulary in lib/party/events.ts).
export { EVENT_TYPES } from "@/lib/wire/events";
