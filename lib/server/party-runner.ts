// Runs parties on this instance: claims a party's lease, steps the orchestrator until it
// finishes or waits for the person, and gives the lease back. Parties whose runner died
// (crash, SIGKILL, a paused instance) are found by a periodic scan and taken over.
import type { PartyContext } from "../party/agent-step";
import { runClassicMode } from "../party/classic-mode";
import { critiqueJob } from "../party/critique-round";
import { runParty } from "../party/run-party";
import { PartyRuntime } from "../party/runtime";
import { isTerminal } from "../party/events";
import { hookedStore, LeaseLostError, type PartyStore } from "../party/store";
import type { PersonaConfig } from "../agents/persona-config";
import type { ModelLookup } from "../party/agent-step";
import type { Database } from "../db/client";
import { claimLease, orphanedParties, releaseLease, renewLease, type Lease } from "../db/leases";
import { appendUnfenced, tokensUsed, unfinishedCritiques } from "../db/parties";
import { isTransientDbError } from "../db/transaction";
import type { EventBus } from "../events/bus";

export interface RunnerDeps {
  db: Database;
  store: PartyStore;
  bus: EventBus;
  personas: PersonaConfig;
  models(party: { modelSettings: Record<string, unknown> }): ModelLookup;
  owner: string;
  leaseMs: number;
  /** Input + output tokens a party may spend; the next model call past it ends the party. */
  tokenBudget?: number;
  timeoutMs: number;
  log?: (msg: string) => void;
}

interface Running {
  abort: AbortController;
  rerun: boolean;
  done: Promise<void>;
}

/** A resumed critique round that keeps failing on this instance is tried this often, this far apart (× attempt). */
const MAX_CRITIQUE_ATTEMPTS = 5;
const CRITIQUE_RETRY_MS = 30_000;

export class TokenBudgetError extends Error {
  constructor(readonly budget: number) {
    super(`The party used up its token budget (${budget.toLocaleString("en-US")} tokens) and was stopped.`);
    this.name = "TokenBudgetError";
  }
}

/**
 * Refuses every write once the run is aborted, so a cancel or shutdown never records a
 * half-finished turn as an agent failure; and starts no new step past the token budget.
 */
function guardedStore(store: PartyStore, signal: AbortSignal, budget: { used: number; max: number }): PartyStore {
  const check = (partyId: string) => {
    if (signal.aborted) throw new LeaseLostError(partyId);
  };
  return hookedStore(store, {
    beforeBeginStep: (partyId) => {
      check(partyId);
      if (budget.used >= budget.max) throw new TokenBudgetError(budget.max);
    },
    beforeCommit: check,
    afterCommit: (_partyId, events) => {
      for (const ev of events) if (ev.type === "usage") budget.used += ev.data.inputTokens + ev.data.outputTokens;
    },
  });
}

export class PartyRunner {
  private readonly running = new Map<string, Running>();
  private scanTimer: ReturnType<typeof setInterval> | undefined;
  /** Critique rounds whose run failed on this instance on its own: tried again later, a few times. */
  private readonly failedRounds = new Map<string, { attempts: number; retryAt: number }>();
  private stopping = false;

  constructor(private readonly deps: RunnerDeps) {}

  isRunning(partyId: string): boolean {
    return this.running.has(partyId);
  }

  /** Runs the party here unless another instance holds it; resolves when this instance is done with it. */
  kick(partyId: string): Promise<void> {
    if (this.stopping) return Promise.resolve();
    const cur = this.running.get(partyId);
    if (cur) {
      // An answer arrived while the run was finishing: go round once more.
      cur.rerun = true;
      return cur.done;
    }
    const entry: Running = { abort: new AbortController(), rerun: false, done: Promise.resolve() };
    this.running.set(partyId, entry);
    entry.done = this.loop(partyId, entry).finally(() => this.running.delete(partyId));
    return entry.done;
  }

  private async loop(partyId: string, entry: Running): Promise<void> {
    do {
      entry.rerun = false;
      await this.runOnce(partyId, entry);
    } while (entry.rerun && !entry.abort.signal.aborted);
  }

  private async runOnce(partyId: string, entry: Running): Promise<void> {
    const { db, leaseMs } = this.deps;
    const lease = await claimLease(db, partyId, this.deps.owner, leaseMs);
    if (!lease) return;
    const heartbeat = this.heartbeat(lease, entry);
    try {
      const party = await this.deps.store.getParty(partyId);
      if (!party || isTerminal(party.status)) return;
      const budget = { used: await tokensUsed(db, partyId), max: this.deps.tokenBudget ?? Number.POSITIVE_INFINITY };
      await runParty(this.context(party, lease, entry, budget), party, runClassicMode);
    } catch (e) {
      if (e instanceof LeaseLostError || entry.abort.signal.aborted) return;
      // A paused instance wakes up to errors (its transactions timed out): if the lease is
      // no longer ours, the party is someone else's and must not be marked failed by us.
      if (!(await renewLease(db, lease, leaseMs).catch(() => false))) return;
      // Out of database capacity, not a fault of the party: everything done is
      // checkpointed, so give the lease back and go round again shortly.
      if (isTransientDbError(e)) {
        this.deps.log?.(`party ${partyId}: database busy (${(e as Error).message.split("\n")[0]}); retrying`);
        await new Promise((r) => setTimeout(r, 500));
        entry.rerun = true;
        return;
      }
      // A bug or an unexpected infrastructure error: the party ends visibly, never stuck.
      const reason = e instanceof TokenBudgetError ? e.message : `The party stopped on an internal error: ${(e as Error).message}`;
      this.deps.log?.(`party ${partyId} failed: ${(e as Error).stack ?? e}`);
      const stored = await appendUnfenced(db, partyId, [
        { type: "party-status", data: { status: "failed", currentPhase: null } },
        { type: "party-end", data: { status: "failed", reason } },
      ]).catch(() => []);
      this.deps.bus.publish(partyId, stored);
    } finally {
      clearInterval(heartbeat);
      await releaseLease(db, lease).catch(() => {});
    }
  }

  /**
   * Runs extra work on a party that no runner is busy with (an on-demand critique of a
   * finished or waiting party), under the lease like any run. False when it is busy.
   */
  async runJob(partyId: string, job: (ctx: PartyContext) => Promise<void>): Promise<boolean> {
    if (this.stopping || this.running.has(partyId)) return false;
    const { db, leaseMs } = this.deps;
    const lease = await claimLease(db, partyId, this.deps.owner, leaseMs);
    if (!lease) return false;
    const entry: Running = { abort: new AbortController(), rerun: false, done: Promise.resolve() };
    this.running.set(partyId, entry);
    const heartbeat = this.heartbeat(lease, entry);
    const party = (await this.deps.store.getParty(partyId)) ?? { modelSettings: {} };
    entry.done = job(this.context(party, lease, entry, { used: 0, max: Infinity }))
      .catch((e) => {
        if (!(e instanceof LeaseLostError)) this.deps.log?.(`job on party ${partyId} failed: ${(e as Error).stack ?? e}`);
      })
      .finally(async () => {
        clearInterval(heartbeat);
        await releaseLease(db, lease).catch(() => {});
        this.running.delete(partyId);
      });
    return true;
  }

  /** Keeps the lease alive; losing it aborts the run at once. */
  private heartbeat(lease: Lease, entry: Running): ReturnType<typeof setInterval> {
    const { db, leaseMs } = this.deps;
    return setInterval(() => {
      renewLease(db, lease, leaseMs)
        .then((ok) => {
          if (!ok) entry.abort.abort(new LeaseLostError(lease.partyId));
        })
        .catch(() => {});
    }, Math.max(250, Math.floor(leaseMs / 3)));
  }

  private context(party: { modelSettings: Record<string, unknown> }, lease: Lease, entry: Running, budget: { used: number; max: number }): PartyContext {
    const rt = new PartyRuntime(lease.partyId, lease.epoch, {
      store: guardedStore(this.deps.store, entry.abort.signal, budget),
      live: this.deps.bus,
      abortSignal: entry.abort.signal,
    });
    return { rt, models: this.deps.models(party), personas: this.deps.personas, timeoutMs: this.deps.timeoutMs };
  }

  /** Resolves when this instance has nothing running for the party (tests, shutdown). */
  async idle(partyId: string): Promise<void> {
    await this.running.get(partyId)?.done;
  }

  /** Stops a run on this instance at once (the party was cancelled). */
  abortLocal(partyId: string): void {
    this.running.get(partyId)?.abort.abort();
  }

  /** Takes over every party, and every on-demand critique, left without a live runner. */
  async scan(): Promise<number> {
    if (this.stopping) return 0;
    const ids = (await orphanedParties(this.deps.db)).filter((id) => !this.running.has(id));
    for (const id of ids) void this.kick(id);
    const now = Date.now();
    const due = (key: string) => {
      const f = this.failedRounds.get(key);
      return !f || (f.attempts < MAX_CRITIQUE_ATTEMPTS && now >= f.retryAt);
    };
    const critiques = (await unfinishedCritiques(this.deps.db)).filter((c) => !this.running.has(c.partyId) && due(`${c.partyId}/${c.start.roundId}`));
    // Resolves once each round is claimed (or found taken), not when it is done.
    await Promise.all(
      critiques.map((c) => {
        const key = `${c.partyId}/${c.start.roundId}`;
        const job = critiqueJob(c.start, c.content);
        return this.runJob(c.partyId, (ctx) =>
          job(ctx).then(
            () => void this.failedRounds.delete(key),
            (e) => {
              // Failed on its own (a database error, say), not by losing the lease: back
              // off rather than retry in a loop; another instance may still take it.
              if (!(e instanceof LeaseLostError)) {
                const attempts = (this.failedRounds.get(key)?.attempts ?? 0) + 1;
                this.failedRounds.set(key, { attempts, retryAt: Date.now() + attempts * CRITIQUE_RETRY_MS });
              }
              throw e;
            },
          ),
        );
      }),
    );
    return ids.length + critiques.length;
  }

  start(scanEveryMs = Math.max(500, Math.floor(this.deps.leaseMs / 2))): void {
    void this.scan().catch((e) => this.deps.log?.(`runner scan failed: ${e}`));
    this.scanTimer = setInterval(() => void this.scan().catch(() => {}), scanEveryMs);
    this.scanTimer.unref?.();
  }

  /** Graceful shutdown: stop every run and give the leases back for another instance. */
  async stop(): Promise<void> {
    this.stopping = true;
    clearInterval(this.scanTimer);
    const all = [...this.running.values()];
    for (const r of all) r.abort.abort();
    await Promise.allSettled(all.map((r) => r.done));
  }
}
