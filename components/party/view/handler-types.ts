import type { EventType, IncomingEvent } from "@/lib/wire/events";
import type { PartyView } from "./types";

/** Applies one event of type T; returns the same object when nothing changed. `at`: when it was stored. */
export type EventHandler<T extends EventType> = (view: PartyView, e: Extract<IncomingEvent, { type: T }>, at: string | null) => PartyView;

/** One handler per event type: a new event type does not compile until it has one. */
export type EventHandlers = { [T in EventType]: EventHandler<T> };
