// Plays a finished party's stored log back at reading speed. Pure: the hook calls
// `replayStep` on a timer with the milliseconds that passed, and applies what it returns.
// Stored delta batches are cut into small pieces so text appears to type itself.
import type { IncomingEvent, StoredEvent } from "@/lib/wire/events";

export interface ReplayCursor {
  /** Next event to play. */
  index: number;
  /** Characters of events[index] (a message-delta) already played. */
  within: number;
  /** Milliseconds already spent lingering on events[index], once shown. */
  waited: number;
  /** events[index] was already emitted and the replay is lingering on it. */
  shown: boolean;
}

export const START: ReplayCursor = { index: 0, within: 0, waited: 0, shown: false };

/** Characters per second at 1×: brisk reading speed. */
export const CHARS_PER_SECOND = 240;

/** How long the replay lingers on an event that is not streamed text. */
export function pauseFor(e: StoredEvent): number {
  switch (e.type) {
    case "phase-start":
      return 900;
    case "input-request":
      return 1200;
    case "input-response":
    case "phase-end":
    case "critique-result":
      return 600;
    case "note":
    case "agent-failure":
    case "artifact-write":
      return 400;
    case "message-end":
      // Orchestrator messages arrive whole; give the eye a moment.
      return Math.min(1200, 150 + e.data.content.length * 2);
    case "agent-spawn":
      return 150;
    default:
      return 0;
  }
}

export interface StepResult {
  emit: IncomingEvent[];
  cursor: ReplayCursor;
  done: boolean;
}

/** Advances the replay by `elapsedMs` of (speed-adjusted) time. */
export function replayStep(events: readonly StoredEvent[], cursor: ReplayCursor, elapsedMs: number, cps = CHARS_PER_SECOND): StepResult {
  const emit: IncomingEvent[] = [];
  let { index, within, waited, shown } = cursor;
  let budget = elapsedMs;
  while (index < events.length) {
    const e = events[index];
    if (e.type === "message-delta") {
      const remaining = e.data.text.length - within;
      const affordable = Math.floor((budget * cps) / 1000);
      if (affordable <= 0) break;
      const n = Math.min(remaining, affordable);
      emit.push({ type: "message-delta", data: { messageId: e.data.messageId, offset: e.data.offset + within, text: e.data.text.slice(within, within + n) } });
      budget -= (n * 1000) / cps;
      within += n;
      if (within < e.data.text.length) break;
      emit[emit.length - 1] = { ...emit[emit.length - 1], seq: e.seq, at: e.at } as IncomingEvent;
      index++;
      within = 0;
      continue;
    }
    if (!shown) {
      emit.push(e); // show it, then linger
      shown = true;
    }
    const pause = pauseFor(e);
    if (pause - waited > budget) {
      waited += budget;
      break;
    }
    budget -= pause - waited;
    waited = 0;
    shown = false;
    index++;
  }
  return { emit, cursor: { index, within, waited, shown }, done: index >= events.length };
}
