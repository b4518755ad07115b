// Server-sent events for one party: replay from the log after the viewer's last seq,
// then live events and token deltas. A frame is encoded once and the same bytes go to
// every viewer (WeakMap on the event object the bus hands to all of them), and each
// viewer's frames leave in one write per event-loop turn.
import type { StoredEvent } from "../wire/events";
import type { BusMessage, Delta, EventBus } from "./bus";

const encoder = new TextEncoder();
const frames = new WeakMap<StoredEvent, Uint8Array>();

/** `id: seq`, `event: type`, `data: {seq, type, at, data}` (docs/api.md, "The event stream"). */
export function eventFrame(e: StoredEvent): Uint8Array {
  let f = frames.get(e);
  if (!f) {
    f = encoder.encode(`id: ${e.seq}\nevent: ${e.type}\ndata: ${JSON.stringify({ seq: e.seq, type: e.type, at: e.at, data: e.data })}\n\n`);
    frames.set(e, f);
  }
  return f;
}

/**
 * A live token delta: no id, so a reconnect never resumes from it. Not cached here: the
 * bus message carries the frame, which spares a WeakMap entry per token (GC cost on the
 * hottest path).
 */
export function deltaFrame(d: Delta): Uint8Array {
  return encoder.encode(`event: message-delta\ndata: ${JSON.stringify({ type: "message-delta", data: d })}\n\n`);
}

const HEARTBEAT = encoder.encode(": ping\n\n");
const RETRY_SOON = encoder.encode("retry: 1000\n\n");

export interface PartyStreamOptions {
  partyId: string;
  afterSeq: number;
  bus: EventBus;
  readEvents(partyId: string, afterSeq: number): Promise<StoredEvent[]>;
  heartbeatMs?: number;
  /** Batch size of readEvents; a shorter page means the log is exhausted. */
  pageSize?: number;
  onError?(e: unknown): void;
  /**
   * Whether the viewer may still see the party (false: a rotated link revoked it). Asked
   * when the bus says access changed, before anything else is sent, and with
   * `recheckOnHeartbeat` at every heartbeat too (several instances: a rotation on another
   * one reaches this one that way).
   */
  allowed?(): Promise<boolean>;
  recheckOnHeartbeat?: boolean;
  /** What this viewer gets of each stored event (a watcher: failures without their causes); the event itself when absent. */
  transform?(e: StoredEvent): StoredEvent;
  /**
   * Waits for a turn to replay the log and returns the function that gives it back: bounds
   * how many replays one identity runs at once (lib/server/replay-gate.ts).
   */
  replayTurn?(): Promise<() => void>;
}

/** Replayed frames buffered ahead of a slow reader before the next page is read (bytes). */
const REPLAY_AHEAD = 256 * 1024;

const isEnd = (e: StoredEvent) => e.type === "party-end";

export function partyEventStream(o: PartyStreamOptions): ReadableStream<Uint8Array> {
  let lastSent = o.afterSeq;
  let closed = false;
  let caughtUp = false;
  let unsubscribe = () => {};
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let chain: Promise<void> = Promise.resolve();
  let pending: Uint8Array[] = [];
  let scheduled: ReturnType<typeof setImmediate> | undefined;
  const pageSize = o.pageSize ?? 1000;
  // The replay reads a page only when the reader has taken what was sent before: a long
  // log is streamed, never held whole per connection.
  let demand: (() => void) | undefined;
  let giveBack: (() => void) | undefined;
  // Before its replay turn the stream reads nothing: the replay reads what the bus announced meanwhile.
  let started = !o.replayTurn;
  const release = () => {
    giveBack?.();
    giveBack = undefined;
  };

  return new ReadableStream<Uint8Array>(
    {
    start(controller) {
      const roomAhead = () => closed || (controller.desiredSize ?? 1) > 0 ? Promise.resolve() : new Promise<void>((r) => (demand = r));
      // Frames are coalesced into one chunk per event-loop turn: with 200 viewers and
      // three agents streaming, a socket write per token frame was most of the CPU.
      const flush = () => {
        scheduled = undefined;
        if (pending.length === 0) return;
        const chunks = pending;
        pending = [];
        let chunk = chunks[0];
        if (chunks.length > 1) {
          chunk = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
          let at = 0;
          for (const c of chunks) {
            chunk.set(c, at);
            at += c.length;
          }
        }
        try {
          controller.enqueue(chunk);
        } catch {
          // The viewer went away: nothing to deliver to, so the stream ends here.
          close();
        }
      };
      const close = () => {
        if (closed) return;
        clearImmediate(scheduled);
        flush();
        closed = true;
        demand?.();
        release();
        unsubscribe();
        clearInterval(heartbeat);
        try {
          controller.close();
        } catch {
          // already closed by the client
        }
      };
      const write = (chunk: Uint8Array) => {
        if (closed) return;
        pending.push(chunk);
        scheduled ??= setImmediate(flush);
      };
      const sendEvents = (events: StoredEvent[]) => {
        for (const e of events) {
          if (e.seq !== lastSent + 1) continue;
          write(eventFrame(o.transform ? o.transform(e) : e));
          lastSent = e.seq;
          if (isEnd(e)) return close();
        }
      };
      // Reads the log from lastSent until it is exhausted. Serialised on `chain`, so
      // frames always leave in seq order.
      const catchUp = () => {
        chain = chain
          .then(async () => {
            for (;;) {
              if (closed) return;
              const page = await o.readEvents(o.partyId, lastSent);
              sendEvents(page);
              if (page.length < pageSize) return;
              clearImmediate(scheduled);
              flush();
              await roomAhead();
            }
          })
          .catch((e) => {
            o.onError?.(e);
            write(RETRY_SOON);
            close();
          });
        return chain;
      };
      // While access is being checked again nothing leaves: deltas are dropped (the log
      // has their text) and stored events wait on the chain behind the check.
      let checking = false;
      const recheck = () => {
        if (!o.allowed || closed) return;
        checking = true;
        chain = chain
          .then(async () => {
            if (!(await o.allowed!())) close();
          })
          .catch((e) => {
            o.onError?.(e);
            close();
          })
          .finally(() => {
            checking = false;
          });
      };
      const onMessage = (m: BusMessage) => {
        if (m.kind === "access") return recheck();
        if (m.kind === "delta") {
          if (caughtUp && !checking) write((m.frame ??= deltaFrame(m.delta)));
        } else if (m.kind === "events") {
          const first = m.events[0].seq;
          const last = m.events[m.events.length - 1].seq;
          if (last <= lastSent) return;
          // In order and nothing pending: straight through, no database read.
          if (caughtUp && first <= lastSent + 1) chain = chain.then(() => sendEvents(m.events));
          else if (started) void catchUp();
        } else if (m.kind === "seq") {
          if (m.seq > lastSent && started) void catchUp();
        } else {
          write(RETRY_SOON);
          close();
        }
      };
      // Subscribe before reading so nothing committed in between is missed.
      unsubscribe = o.bus.subscribe(o.partyId, onMessage);
      heartbeat = setInterval(() => {
        write(HEARTBEAT);
        if (o.recheckOnHeartbeat) recheck();
      }, o.heartbeatMs ?? 15_000);
      write(RETRY_SOON);
      const turn = o.replayTurn
        ? o.replayTurn().then((back) => {
            started = true;
            if (closed) back();
            else giveBack = back;
          })
        : Promise.resolve();
      void turn
        .then(() => catchUp())
        .then(() => {
          caughtUp = true;
          release();
        });
    },
    pull() {
      demand?.();
      demand = undefined;
    },
    cancel() {
      closed = true;
      pending = [];
      clearImmediate(scheduled);
      demand?.();
      release();
      unsubscribe();
      clearInterval(heartbeat);
    },
    },
    { highWaterMark: REPLAY_AHEAD, size: (chunk) => chunk.byteLength },
  );
}
