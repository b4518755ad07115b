// Durable execution for one party. The orchestrator is ordinary async code; every side
// effect goes through a keyed step whose result is checkpointed with its events in one
// transaction. After a crash the code runs again from the top: completed steps return
// their stored output without running, so no model call or event happens twice.
import { createHash } from "node:crypto";
import type { InputRequestData, MessageMeta, PartyEvent } from "./events";
import type { InputAnswer, PartyStore } from "./store";

/** Thrown to stop the run while it waits for the person; nothing is held in memory. */
export class Suspend extends Error {
  constructor(readonly requestId: string) {
    super("waiting for input");
    this.name = "Suspend";
  }
}

export interface LiveSink {
  /** Ephemeral token deltas for viewers connected now (no seq, never stored one by one). */
  delta(partyId: string, d: { messageId: string; offset: number; text: string }): void;
}

export interface RuntimeDeps {
  store: PartyStore;
  live?: LiveSink;
  /** Delta batches go to the log at most this often (ms) or every `flushTokens` deltas. */
  flushMs?: number;
  flushTokens?: number;
  abortSignal?: AbortSignal;
}

export class PartyRuntime {
  readonly flushMs: number;
  readonly flushTokens: number;

  constructor(
    readonly partyId: string,
    readonly epoch: number,
    readonly deps: RuntimeDeps,
  ) {
    this.flushMs = deps.flushMs ?? 75;
    this.flushTokens = deps.flushTokens ?? 32;
  }

  get store() {
    return this.deps.store;
  }

  /** Deterministic ids: a replay names things the same way. */
  id(prefix: string, key: string): string {
    return `${prefix}_${createHash("sha256").update(`${this.partyId}\0${key}`).digest("base64url").slice(0, 16)}`;
  }

  async step<T>(key: string, fn: (attempt: number) => Promise<{ output: T; events?: PartyEvent[] }>): Promise<T> {
    const cp = await this.store.getCheckpoint(this.partyId, key);
    if (cp?.status === "completed") return cp.output as T;
    const attempt = await this.store.beginStep(this.partyId, this.epoch, key);
    const { output, events = [] } = await fn(attempt);
    await this.store.commit(this.partyId, this.epoch, { step: { key, output: output ?? null }, events });
    return output;
  }

  /** Events that must appear exactly once (phase-start, spawn, notes...). */
  async emit(key: string, events: PartyEvent[]): Promise<void> {
    await this.step(key, async () => ({ output: null, events }));
  }

  /** Appends right away, outside any step (delta batches, message-start). */
  async append(events: PartyEvent[]): Promise<void> {
    await this.store.commit(this.partyId, this.epoch, { events });
  }

  /**
   * Ask the person. Returns the answer once there is one; otherwise stores the request
   * (once) and suspends the run.
   */
  async input(key: string, req: Omit<InputRequestData, "requestId" | "key">): Promise<InputAnswer> {
    const requestId = this.id("req", key);
    const answerKey = `${key}/answer`;
    const cp = await this.store.getCheckpoint(this.partyId, answerKey);
    if (cp?.status === "completed") return cp.output as InputAnswer;
    await this.emit(`${key}/request`, [
      { type: "input-request", data: { requestId, key, ...req } },
      { type: "party-status", data: { status: "awaiting_input", currentPhase: null } },
    ]);
    const answer = await this.store.getInputAnswer(this.partyId, requestId);
    if (!answer) throw new Suspend(requestId);
    await this.store.commit(this.partyId, this.epoch, {
      step: { key: answerKey, output: answer },
      events: [{ type: "party-status", data: { status: "in_progress", currentPhase: null } }],
    });
    return answer;
  }

  /** Streams one message: start event, live deltas, batched delta events. */
  messageWriter(meta: MessageMeta, attempt: number): MessageWriter {
    return new MessageWriter(this, meta, attempt);
  }
}

export class MessageWriter {
  private text = "";
  private flushedTo = 0;
  private pending = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private flushing: Promise<void> = Promise.resolve();
  private started: Promise<void>;
  // Remembered, not thrown from the timer chain: an unhandled rejection kills Node.
  private error: unknown;

  constructor(
    private readonly rt: PartyRuntime,
    readonly meta: MessageMeta,
    attempt: number,
  ) {
    const events: PartyEvent[] = [];
    // A crash interrupted an earlier attempt: viewers drop its partial text.
    if (attempt > 1) events.push({ type: "message-discard", data: { messageId: meta.messageId, reason: "restarted" } });
    events.push({ type: "message-start", data: meta });
    this.started = rt.append(events).catch((e) => {
      this.error ??= e;
    });
  }

  delta = (piece: string): void => {
    if (!piece) return;
    const offset = this.text.length;
    this.text += piece;
    this.rt.deps.live?.delta(this.rt.partyId, { messageId: this.meta.messageId, offset, text: piece });
    if (++this.pending >= this.rt.flushTokens) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), this.rt.flushMs);
  };

  private flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.pending = 0;
    const from = this.flushedTo;
    const chunk = this.text.slice(from);
    if (!chunk) return;
    this.flushedTo = this.text.length;
    this.flushing = this.flushing
      .then(() => this.started)
      .then(() => this.rt.append([{ type: "message-delta", data: { messageId: this.meta.messageId, offset: from, text: chunk } }]))
      .catch((e) => {
        this.error ??= e;
      });
  }

  /** Waits for every batch to be written; the caller then commits message-end. */
  async close(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.started;
    await this.flushing;
    if (this.error) throw this.error;
  }
}
