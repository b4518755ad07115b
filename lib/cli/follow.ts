// Follows one party's log the way the SSE stream does: live events from the bus, the
// database for anything the bus did not bring (what was stored before we subscribed, a
// remote runner's events, a gap), each event handed on exactly once in seq order.
import type { BusMessage, Delta } from "../events/bus";
import type { StoredEvent } from "../wire/events";

export interface FollowSource {
  subscribe(fn: (m: BusMessage) => void): () => void;
  /** Stored events after `afterSeq`, oldest first, at most a page of them. */
  read(afterSeq: number): Promise<StoredEvent[]>;
}

export interface FollowHandlers {
  event(e: StoredEvent): void;
  delta(d: Delta): void;
}

export class PartyFollower {
  private lastSeq = 0;
  private chain: Promise<void> = Promise.resolve();
  private unsubscribe: (() => void) | null = null;
  private timer: ReturnType<typeof setInterval> | undefined;
  private failure: unknown = null;
  private readonly waiters = new Set<() => void>();

  constructor(
    private readonly src: FollowSource,
    private readonly on: FollowHandlers,
    /** Re-reads the log this often in case a notification was missed. */
    private readonly pollMs = 1000,
  ) {}

  get seq(): number {
    return this.lastSeq;
  }

  /** Subscribes, then reads the log from the start. */
  async start(): Promise<void> {
    this.unsubscribe = this.src.subscribe((m) => this.onBus(m));
    this.timer = setInterval(() => this.enqueue(() => this.catchUp()), this.pollMs);
    this.enqueue(() => this.catchUp());
    await this.chain;
  }

  stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
    clearInterval(this.timer);
    this.wake();
  }

  /** Resolves once `done()` holds after some event (or at once); rejects if reading the log failed. */
  async until(done: () => boolean, signal?: AbortSignal): Promise<void> {
    for (;;) {
      if (this.failure) throw this.failure;
      if (done()) return;
      if (signal?.aborted) throw signal.reason;
      await new Promise<void>((resolve) => {
        const w = () => {
          this.waiters.delete(w);
          signal?.removeEventListener("abort", w);
          resolve();
        };
        this.waiters.add(w);
        signal?.addEventListener("abort", w, { once: true });
      });
    }
  }

  /** Reads the log now (e.g. after the runner finished a step). */
  refresh(): Promise<void> {
    this.enqueue(() => this.catchUp());
    return this.chain;
  }

  private wake(): void {
    for (const w of [...this.waiters]) w();
  }

  private onBus(m: BusMessage): void {
    if (m.kind === "delta") {
      this.on.delta(m.delta);
    } else if (m.kind === "events") {
      const events = m.events;
      this.enqueue(async () => {
        if (events.length && events[0].seq > this.lastSeq + 1) await this.catchUp();
        else this.apply(events);
      });
    } else if (m.kind === "seq") {
      this.enqueue(() => this.catchUp());
    }
  }

  private enqueue(fn: () => Promise<void> | void): void {
    this.chain = this.chain
      .then(fn)
      .catch((e) => {
        this.failure ??= e;
      })
      .finally(() => this.wake());
  }

  private apply(events: StoredEvent[]): void {
    for (const e of events) {
      if (e.seq <= this.lastSeq) continue;
      this.lastSeq = e.seq;
      this.on.event(e);
    }
  }

  private async catchUp(): Promise<void> {
    for (;;) {
      const page = await this.src.read(this.lastSeq);
      if (page.length === 0) return;
      this.apply(page);
    }
  }
}
