// Applies the event log to the view. Pure and React-free: every handler returns a new
// state and never mutates its input, so React can compare by identity and the unit tests
// can replay any sequence of events.
import type { IncomingEvent } from "@/lib/wire/events";
import type { EventHandlers } from "./handler-types";
import { ARTIFACTS_HANDLERS } from "./handlers-artifacts";
import { CONVERSATION_HANDLERS } from "./handlers-conversation";
import { PARTY_LIFECYCLE_HANDLERS } from "./handlers-party-lifecycle";
import type { PartyView } from "./types";

const HANDLERS: EventHandlers = { ...PARTY_LIFECYCLE_HANDLERS, ...CONVERSATION_HANDLERS, ...ARTIFACTS_HANDLERS };

export function initialView(): PartyView {
  return {
    lastSeq: 0,
    title: null,
    description: null,
    mode: null,
    modeVia: null,
    status: "pending",
    currentPhase: null,
    phases: [],
    abandonedPhases: [],
    teamName: null,
    teamDeleted: false,
    agents: {},
    agentOrder: [],
    messages: {},
    feed: [],
    notes: {},
    artifacts: {},
    artifactOrder: [],
    critiques: {},
    critiqueOrder: [],
    runningCritiques: {},
    revisions: {},
    revisionOrder: [],
    missing: {},
    rooms: {},
    usage: [],
    pendingInput: null,
    inputs: {},
    nextSteps: [],
    end: null,
    heldDeltas: {},
  };
}

/** Applies a batch in order; returns the same object when nothing changed. */
export function applyEvents(view: PartyView, events: readonly IncomingEvent[]): PartyView {
  let v = view;
  for (const e of events) v = applyEvent(v, e);
  return v;
}

export function applyEvent(view: PartyView, e: IncomingEvent): PartyView {
  if (e.seq !== undefined) {
    if (e.seq <= view.lastSeq) return view; // a replayed or duplicated stored event
    view = { ...view, lastSeq: e.seq };
  }
  // Own keys only: an event type this build does not know (a newer server) changes nothing.
  if (!Object.hasOwn(HANDLERS, e.type)) return view;
  const handle = HANDLERS[e.type] as (view: PartyView, e: IncomingEvent, at: string | null) => PartyView;
  return handle(view, e, e.at ?? null);
}
