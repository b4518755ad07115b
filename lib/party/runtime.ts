// Durable execution for one party. The orchestrator is ordinary async code; every side
// effect goes through a keyed step whose result is checkpointed with its events in one
// transaction. After a crash the code runs again from the top: completed steps return
// their stored output without running, so no model call or event happens twice.
import { createHash } from "node:crypto";
import type { InputRequestData, MessageMeta, PartyEvent } from "../wire/events";
import type { Checkpoint, InputAnswer, PartyStore } from "./store";
import type { InputKindDetails } from "../vocabulary";

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

/** How often a party's streamed text goes to the log (ms): one commit for all its agents. */
export const DEFAULT_FLUSH_MS = 200;
/** A party's pending text past this many characters is flushed at once (a very fast model). */
export const DEFAULT_FLUSH_CHARS = 32_000;

export interface RuntimeDeps {
  store: PartyStore;
  live?: LiveSink;
  /** The party's pending stream events go to the log at most this often (ms), or sooner with the next step's commit. */
  flushMs?: number;
  /** ...or as soon as this much text is pending. */
  flushChars?: number;
  abortSignal?: AbortSignal;
}

export class PartyRuntime {
  readonly flushMs: number;
  readonly flushChars: number;
  /** Message starts, discards and streamed text not yet in the log, for every agent of the party. */
  private readonly pending = new PendingStream();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private lastFlushAt = 0;
  private inFlight: Promise<void> | null = null;
  /**
   * The party's checkpoints, read once per run: under the lease nobody else writes them,
   * and a resumed run replays hundreds of completed steps (one read each, before).
   */
  private checkpoints: Promise<Map<string, Checkpoint>> | null = null;
  /** The first write that failed: the log may now lack text later writes would build on, so every later write throws it. */
  private failure: { error: unknown } | null = null;

  constructor(
    readonly partyId: string,
    readonly epoch: number,
    readonly deps: RuntimeDeps,
  ) {
    this.flushMs = deps.flushMs ?? DEFAULT_FLUSH_MS;
    this.flushChars = deps.flushChars ?? DEFAULT_FLUSH_CHARS;
  }

  get store() {
    return this.deps.store;
  }

  /** Deterministic ids: a replay names things the same way. */
  id(prefix: string, key: string): string {
    return `${prefix}_${createHash("sha256").update(`${this.partyId}\0${key}`).digest("base64url").slice(0, 16)}`;
  }

  private async checkpoint(key: string): Promise<Checkpoint | undefined> {
    this.checkpoints ??= this.store.listCheckpoints(this.partyId);
    const cp = (await this.checkpoints).get(key);
    // A copy: the caller's changes to an output must not change what a replay returns.
    return cp && structuredClone(cp);
  }

  /** What the store now holds for the step (outputs as JSON, as a store reads them back). */
  private async remember(key: string, cp: Checkpoint): Promise<void> {
    if (this.checkpoints) (await this.checkpoints).set(key, { ...cp, output: JSON.parse(JSON.stringify(cp.output ?? null)) });
  }

  async step<T>(key: string, fn: (attempt: number) => Promise<{ output: T; events?: PartyEvent[] }>): Promise<T> {
    const cp = await this.checkpoint(key);
    if (cp?.status === "completed") return cp.output as T;
    // Durable before the step streams anything live: a crash after this makes the next
    // attempt tell viewers to drop what they saw (message-discard).
    this.throwIfFailed();
    const attempt = await this.store.beginStep(this.partyId, this.epoch, key);
    await this.remember(key, { status: "running", output: null, attempt });
    const { output, events = [] } = await fn(attempt);
    await this.write({ step: { key, output: output ?? null }, events });
    await this.remember(key, { status: "completed", output: output ?? null, attempt });
    return output;
  }

  /**
   * Events that must appear exactly once (phase-start, spawn, notes...): one commit with
   * their checkpoint. No beginStep: nothing happens before the commit that a replay
   * would need to know about.
   */
  async emit(key: string, events: PartyEvent[]): Promise<void> {
    const cp = await this.checkpoint(key);
    if (cp?.status === "completed") return;
    await this.write({ step: { key, output: null }, events });
    await this.remember(key, { status: "completed", output: null, attempt: cp?.attempt ?? 1 });
  }

  /** Appends right away, outside any step (with whatever the party's stream has pending). */
  async append(events: PartyEvent[]): Promise<void> {
    await this.write({ events });
  }

  /**
   * Ask the person. Returns the answer once there is one; otherwise stores the request
   * (once) and suspends the run. The kind's details are typed by the vocabulary.
   */
  async input(key: string, req: Omit<InputRequestData, "requestId" | "key" | "kind" | "details"> & InputKindDetails): Promise<InputAnswer> {
    const requestId = this.id("req", key);
    const answerKey = `${key}/answer`;
    const cp = await this.checkpoint(answerKey);
    if (cp?.status === "completed") return cp.output as InputAnswer;
    await this.emit(`${key}/request`, [
      { type: "input-request", data: { requestId, key, ...req } },
      { type: "party-status", data: { status: "awaiting_input", currentPhase: null } },
    ]);
    const answer = await this.store.getInputAnswer(this.partyId, requestId);
    if (!answer) throw new Suspend(requestId);
    await this.write({
      step: { key: answerKey, output: answer },
      events: [{ type: "party-status", data: { status: "in_progress", currentPhase: null } }],
    });
    await this.remember(answerKey, { status: "completed", output: answer, attempt: 1 });
    return answer;
  }

  /** Streams one message: start event, live deltas, text to the log with the party's next flush. */
  messageWriter(meta: MessageMeta, attempt: number): MessageWriter {
    return new MessageWriter(this, meta, attempt);
  }

  /** Resolves when nothing of the party's stream is pending or being written (tests, benches). */
  async flushed(): Promise<void> {
    while (this.inFlight || !this.pending.empty) {
      if (!this.inFlight) void this.flush();
      await this.inFlight;
    }
    this.throwIfFailed();
  }

  /** Writers hand their events here; the party's flush takes them to the log. */
  queue(events: PartyEvent[]): void {
    this.pending.lifecycle(events);
    this.schedule();
  }

  queueText(messageId: string, offset: number, text: string): void {
    this.pending.text(messageId, offset, text);
    this.schedule();
  }

  throwIfFailed(): void {
    if (this.failure) throw this.failure.error;
  }

  /**
   * Every write of the run: the party's pending stream events first, in the same commit,
   * so the log keeps the order they happened in (a message's text before its end).
   */
  private async write(c: { step?: { key: string; output: unknown }; events: PartyEvent[] }): Promise<void> {
    if (this.inFlight) await this.inFlight;
    this.throwIfFailed();
    clearTimeout(this.timer);
    this.timer = undefined;
    const events = [...this.pending.take(), ...c.events];
    try {
      await this.store.commit(this.partyId, this.epoch, { ...c, events });
    } catch (e) {
      this.failure ??= { error: e };
      throw e;
    }
  }

  /**
   * One flush in flight per party; the next waits until `flushMs` after the last one
   * started, so a slow database gets fuller batches rather than more of them.
   */
  private schedule(): void {
    if (this.failure || this.inFlight || this.pending.empty) return;
    if (this.pending.chars >= this.flushChars) {
      // Now, not on a timer: a model that hands over its whole text at once never yields
      // to one, and the batch would grow without bound.
      clearTimeout(this.timer);
      this.timer = undefined;
      void this.flush();
      return;
    }
    if (this.timer) return;
    const wait = Math.max(0, this.lastFlushAt + this.flushMs - Date.now());
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, wait);
  }

  private flush(): Promise<void> {
    const events = this.pending.take();
    if (events.length === 0 || this.failure) return Promise.resolve();
    this.lastFlushAt = Date.now();
    const done = this.store.commit(this.partyId, this.epoch, { events }).then(
      () => {},
      // Remembered, not thrown from a timer (an unhandled rejection kills Node): the
      // run's next write throws it.
      (e: unknown) => {
        this.failure ??= { error: e };
      },
    );
    this.inFlight = done.finally(() => {
      this.inFlight = null;
      this.schedule();
    });
    return this.inFlight;
  }
}

/**
 * A party's stream events waiting for the log, in order: message starts and discards as
 * they happened, then for each message the text past what the log holds (one
 * message-delta per message and flush, at the offset it starts at).
 */
class PendingStream {
  private starts: PartyEvent[] = [];
  private texts = new Map<string, { offset: number; text: string }>();
  chars = 0;

  get empty(): boolean {
    return this.starts.length === 0 && this.texts.size === 0;
  }

  lifecycle(events: PartyEvent[]): void {
    this.starts.push(...events);
  }

  text(messageId: string, offset: number, text: string): void {
    const t = this.texts.get(messageId);
    if (t) t.text += text;
    else this.texts.set(messageId, { offset, text });
    this.chars += text.length;
  }

  take(): PartyEvent[] {
    const events: PartyEvent[] = [...this.starts];
    for (const [messageId, { offset, text }] of this.texts) events.push({ type: "message-delta", data: { messageId, offset, text } });
    this.starts = [];
    this.texts = new Map();
    this.chars = 0;
    return events;
  }
}

export class MessageWriter {
  private length = 0;

  constructor(
    private readonly rt: PartyRuntime,
    readonly meta: MessageMeta,
    attempt: number,
  ) {
    const events: PartyEvent[] = [];
    // A crash interrupted an earlier attempt: viewers drop its partial text.
    if (attempt > 1) events.push({ type: "message-discard", data: { messageId: meta.messageId, reason: "restarted" } });
    events.push({ type: "message-start", data: meta });
    rt.queue(events);
  }

  delta = (piece: string): void => {
    if (!piece) return;
    const offset = this.length;
    this.length += piece.length;
    this.rt.deps.live?.delta(this.rt.partyId, { messageId: this.meta.messageId, offset, text: piece });
    this.rt.queueText(this.meta.messageId, offset, piece);
  };

  /**
   * The message is complete: what is still pending goes to the log with the step's
   * commit that follows (message-end), in one transaction. Throws if an earlier write of
   * the run failed.
   */
  async close(): Promise<void> {
    this.rt.throwIfFailed();
  }
}
