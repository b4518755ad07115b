// Live fan-out inside one instance: stored events and ephemeral token deltas go to every
// viewer of a party. Other instances learn of new events through a `seq` notification
// (lib/db/notify.ts) and re-read the log themselves; deltas never leave the instance.
import type { StoredEvent } from "../wire/events";
import type { LiveSink } from "../party/runtime";

export interface Delta {
  messageId: string;
  offset: number;
  text: string;
}

export type BusMessage =
  | { kind: "events"; events: StoredEvent[] }
  /** `frame`: the encoded SSE frame, made by the first viewer and reused by the rest. */
  | { kind: "delta"; delta: Delta; frame?: Uint8Array }
  /** Another instance stored events up to `seq`: read them from the log. */
  | { kind: "seq"; seq: number }
  /** The server is shutting down: end the stream, the client reconnects elsewhere. */
  | { kind: "close" }
  /** Who may see the party changed (a link was rotated): each stream checks its viewer again. */
  | { kind: "access" };

export type BusListener = (m: BusMessage) => void;

export class EventBus implements LiveSink {
  private readonly subs = new Map<string, Set<BusListener>>();
  /** Called after a local publish, e.g. to NOTIFY other instances. */
  onPublish?: (partyId: string, lastSeq: number) => void;

  subscribe(partyId: string, fn: BusListener): () => void {
    let set = this.subs.get(partyId);
    if (!set) this.subs.set(partyId, (set = new Set()));
    set.add(fn);
    return () => {
      set.delete(fn);
      if (set.size === 0 && this.subs.get(partyId) === set) this.subs.delete(partyId);
    };
  }

  viewers(partyId: string): number {
    return this.subs.get(partyId)?.size ?? 0;
  }

  private send(partyId: string, m: BusMessage): void {
    const set = this.subs.get(partyId);
    if (!set) return;
    for (const fn of set) fn(m);
  }

  publish(partyId: string, events: StoredEvent[]): void {
    if (events.length === 0) return;
    this.send(partyId, { kind: "events", events });
    this.onPublish?.(partyId, events[events.length - 1].seq);
  }

  delta(partyId: string, delta: Delta): void {
    this.send(partyId, { kind: "delta", delta });
  }

  remoteSeq(partyId: string, seq: number): void {
    this.send(partyId, { kind: "seq", seq });
  }

  /** Every viewer re-reads the log (after a lost notification connection). */
  resyncAll(): void {
    for (const partyId of [...this.subs.keys()]) this.send(partyId, { kind: "seq", seq: Number.MAX_SAFE_INTEGER });
  }

  /** A link was rotated: every open stream of the party checks its viewer before sending more. */
  accessChanged(partyId: string): void {
    this.send(partyId, { kind: "access" });
  }

  closeAll(): void {
    for (const partyId of [...this.subs.keys()]) this.send(partyId, { kind: "close" });
  }
}
