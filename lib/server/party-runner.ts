// Runs parties on this instance: claims a party's lease, steps the orchestrator until it
// finishes or waits for the person, and gives the lease back. Parties whose runner died
// (crash, SIGKILL, a paused instance) are found by a periodic scan and taken over.
import type { PartyContext } from "../party/agent-step";
import { runClassicMode } from "../party/classic-mode";
import { jobFor, jobIdOf } from "../party/on-demand-job";
import { orchestrateParty } from "../party/run-party";
import { PartyRuntime } from "../party/runtime";
import { hookedStore, LeaseLostError, type PartyStore } from "../party/store";
import type { PersonaConfig } from "../agents/persona-config";
import { ModelConfigError } from "../ai/model-spec";
import type { ModelLookup } from "../party/agent-step";
import type { Database } from "../db/client";
import { claimLease, msUntilNextExpiry, orphanedParties, releaseLease, renewLease, type Lease } from "../db/leases";
import { clearDeadReservations, failActiveJob, jobMaterial, releaseJob, reserveJob, unfinishedJobs } from "../db/jobs";
import { partiesWithWaitingRemarks } from "../db/room-messages";
import { appendUnfenced, tokensUsed } from "../db/parties";
import { isTransientDbError } from "../db/transaction";
import type { EventBus } from "../events/bus";
import { isTerminal } from "../vocabulary";

export interface RunnerDeps {
  db: Database;
  store: PartyStore;
  bus: EventBus;
  personas: PersonaConfig;
  /** The models of one run (async: a party on a person's connection opens its key). */
  models(party: { id: string; modelSettings: Record<string, unknown> }): ModelLookup | Promise<ModelLookup>;
  owner: string;
  leaseMs: number;
  /** Input + output tokens a party may spend; the next model call past it ends the party. */
  tokenBudget?: number;
  timeoutMs: number;
  /** Model call settings passed to every turn (see PartyContext). */
  idleTimeoutMs?: number;
  retry?: PartyContext["retry"];
  maxOutputTokens?: number;
  log?: (msg: string) => void;
  /** Nothing runs on the party here any more (a run or a job ended): work waiting for it may start. `stop()` waits for what it returns. */
  onIdle?: (partyId: string) => Promise<unknown> | void;
}

interface Running {
  abort: AbortController;
  rerun: boolean;
  done: Promise<void>;
}

/** A resumed on-demand job that keeps failing on this instance is tried this often, this far apart (× attempt). */
const MAX_JOB_ATTEMPTS = 5;
const JOB_RETRY_MS = 30_000;

const firstLine = (e: unknown) => (e instanceof Error ? e.message : String(e)).split("\n")[0];

/**
 * What a person is told when work stops on its own: the reason when it is theirs to act
 * on (the budget, a model they can no longer reach), else a plain sentence — an internal
 * error's text names hosts, ports and queries that are nobody's business outside.
 */
export function stopReason(e: unknown): string {
  if (e instanceof TokenBudgetError || e instanceof ModelConfigError) return e.message;
  return "It stopped on an internal error (the server's log has the details). Try again.";
}

export class TokenBudgetError extends Error {
  constructor(readonly budget: number) {
    super(`The party used up its token budget (${budget.toLocaleString("en-US")} tokens) and was stopped.`);
    this.name = "TokenBudgetError";
  }
}

/**
 * Refuses every write once the run is aborted, so a cancel or shutdown never records a
 * half-finished turn as an agent failure — except what a cut turn spent (usage events
 * alone, no step), which the fence still refuses once the party is cancelled or the
 * lease lost; and starts no new step past the token budget.
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
    beforeCommit: (partyId, c) => {
      if (c.step || !c.events.length || c.events.some((e) => e.type !== "usage")) check(partyId);
    },
    afterCommit: (_partyId, events) => {
      for (const ev of events) if (ev.type === "usage") budget.used += ev.data.inputTokens + ev.data.outputTokens;
    },
  });
}

export class PartyRunner {
  private readonly running = new Map<string, Running>();
  private scanTimer: ReturnType<typeof setTimeout> | undefined;
  /** On-demand jobs whose run failed on this instance on its own: tried again later, a few times. */
  private readonly failedJobs = new Map<string, { attempts: number; retryAt: number }>();
  private stopping = false;
  /** Idle hooks under way: a stop waits for them, so none reads a database its owner has closed. */
  private readonly hooks = new Set<Promise<unknown>>();

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
    entry.done = this.loop(partyId, entry).finally(() => {
      this.running.delete(partyId);
      this.idleHook(partyId, entry);
    });
    return entry.done;
  }

  /** Never rejects: callers fire and forget, and the scan tries again later. */
  private async loop(partyId: string, entry: Running): Promise<void> {
    try {
      do {
        entry.rerun = false;
        await this.runOnce(partyId, entry);
      } while (entry.rerun && !entry.abort.signal.aborted);
    } catch (e) {
      this.log(`party ${partyId}: run could not start or finish (${firstLine(e)}); the scan will take it up again`);
    }
  }

  private idleHook(partyId: string, entry?: Running): void {
    const onIdle = this.deps.onIdle;
    if (!onIdle || this.stopping || entry?.abort.signal.aborted || this.running.has(partyId)) return;
    const hook = Promise.resolve()
      .then(() => (this.stopping ? undefined : onIdle(partyId)))
      .catch((e: unknown) => this.log(`party ${partyId}: idle hook failed (${firstLine(e)})`))
      .finally(() => this.hooks.delete(hook));
    this.hooks.add(hook);
  }

  private log(msg: string): void {
    this.deps.log?.(msg);
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
      await orchestrateParty(await this.context(party, lease, entry, budget), party, runClassicMode);
    } catch (e) {
      if (e instanceof LeaseLostError || entry.abort.signal.aborted) return;
      // A paused instance wakes up to errors (its transactions timed out): if the lease is
      // no longer ours, the party is someone else's and must not be marked failed by us.
      const stillOurs = await renewLease(db, lease, leaseMs).catch((re: unknown) => {
        this.log(`party ${partyId}: run failed (${firstLine(e)}) and the lease could not be checked (${firstLine(re)}); leaving it to the scan`);
        return false;
      });
      if (!stillOurs) return;
      // Out of database capacity, not a fault of the party: everything done is
      // checkpointed, so give the lease back and go round again shortly.
      if (isTransientDbError(e)) {
        this.log(`party ${partyId}: database busy (${firstLine(e)}); retrying`);
        await new Promise((r) => setTimeout(r, 500));
        entry.rerun = true;
        return;
      }
      // A bug or an unexpected infrastructure error: the party ends visibly, never stuck.
      // A model the party can no longer reach (its connection removed) is said as it is.
      const reason = e instanceof TokenBudgetError || e instanceof ModelConfigError ? e.message : "The party stopped on an internal error (the server's log has the details).";
      this.log(`party ${partyId} failed: ${(e as Error).stack ?? e}`);
      try {
        const stored = await appendUnfenced(db, partyId, [
          { type: "party-status", data: { status: "failed", currentPhase: null } },
          { type: "party-end", data: { status: "failed", reason } },
        ]);
        this.deps.bus.publish(partyId, stored);
      } catch (me) {
        this.log(`party ${partyId}: could not record the failure (${firstLine(me)}); the scan will run it again`);
      }
    } finally {
      clearInterval(heartbeat);
      await this.release(lease);
    }
  }

  /** Gives the lease back; if that fails, the lease simply expires (LEASE_MS) before another runner takes over. */
  private async release(lease: Lease): Promise<void> {
    await releaseLease(this.deps.db, lease).catch((e: unknown) => {
      this.log(`party ${lease.partyId}: could not give the lease back (${firstLine(e)}); it expires on its own`);
    });
  }

  /**
   * Runs extra work on a party that no runner is busy with (an on-demand critique or a
   * revision of a finished or waiting party), under the lease like any run, as the
   * party's one job `jobId` (reserved on the party row, `reserveJob`). False when it is
   * busy: work running here or elsewhere, or another job in flight. An answer that
   * arrives meanwhile (kick) runs the party once the job is done. Once it returns true
   * the job ends in its result event or a failure event (`failActiveJob`), unless the
   * instance stops, and then another instance resumes it.
   */
  async runJob(partyId: string, reservation: { jobId: string; fresh: boolean }, job: (ctx: PartyContext) => Promise<void>): Promise<boolean> {
    if (this.stopping || this.running.has(partyId)) return false;
    const { db, leaseMs } = this.deps;
    // Taken before the first await, so a second request in this process sees it at once.
    const entry: Running = { abort: new AbortController(), rerun: false, done: Promise.resolve() };
    this.running.set(partyId, entry);
    const leave = () => {
      if (this.running.get(partyId) === entry) this.running.delete(partyId);
      if (entry.rerun && !entry.abort.signal.aborted) void this.kick(partyId);
    };
    let lease: Lease | null = null;
    try {
      // Not reentrant: a lease this instance holds means work is running on the party.
      lease = await claimLease(db, partyId, this.deps.owner, leaseMs, false);
      if (!lease || !(await reserveJob(db, partyId, reservation.jobId, reservation.fresh))) {
        if (lease) await this.release(lease);
        leave();
        return false;
      }
    } catch (e) {
      if (lease) await this.release(lease);
      leave();
      throw e;
    }
    const held = lease;
    const heartbeat = this.heartbeat(held, entry);
    // Everything after the heartbeat starts is inside one try, so a failure anywhere (the
    // party read included) stops it, gives the lease back and frees the party here.
    const run = async () => {
      try {
        const party = (await this.deps.store.getParty(partyId)) ?? { id: partyId, modelSettings: {} };
        // Jobs (on-demand critiques, revisions) spend from the same token budget as the party.
        const budget = { used: await tokensUsed(db, partyId), max: this.deps.tokenBudget ?? Number.POSITIVE_INFINITY };
        await job(await this.context(party, held, entry, budget));
        // A reservation no start event took (a remark with nothing left to revise) ends here.
        await releaseJob(db, partyId, reservation.jobId);
      } catch (e) {
        if (!(e instanceof LeaseLostError) && !entry.abort.signal.aborted) {
          this.log(`job on party ${partyId} failed: ${(e as Error).stack ?? e}`);
          // A database short of capacity is retried by the scan; anything else ends the job visibly.
          if (!isTransientDbError(e)) await this.failJob(partyId, stopReason(e));
        }
      } finally {
        clearInterval(heartbeat);
        await this.release(held);
        if (this.running.get(partyId) === entry) this.running.delete(partyId);
        if (entry.rerun && !entry.abort.signal.aborted) void this.kick(partyId);
        else this.idleHook(partyId, entry);
      }
    };
    entry.done = run();
    return true;
  }

  /** Ends the job in flight with its failure event; if even that fails, the scan tries again. */
  private async failJob(partyId: string, reason: string): Promise<void> {
    try {
      const stored = await failActiveJob(this.deps.db, partyId, reason);
      if (stored.length) this.deps.bus.publish(partyId, stored);
    } catch (e) {
      this.log(`party ${partyId}: could not record the job's failure (${firstLine(e)}); the scan will try again`);
    }
  }

  /** Keeps the lease alive; losing it aborts the run at once. */
  private heartbeat(lease: Lease, entry: Running): ReturnType<typeof setInterval> {
    const { db, leaseMs } = this.deps;
    return setInterval(() => {
      renewLease(db, lease, leaseMs).then(
        (ok) => {
          if (!ok) entry.abort.abort(new LeaseLostError(lease.partyId));
        },
        // The next beat tries again; if none gets through, the lease expires and the
        // next write is refused, which stops the run.
        (e: unknown) => this.log(`party ${lease.partyId}: lease renewal failed (${firstLine(e)}); retrying at the next beat`),
      );
    }, Math.max(250, Math.floor(leaseMs / 3)));
  }

  private async context(party: { id: string; modelSettings: Record<string, unknown> }, lease: Lease, entry: Running, budget: { used: number; max: number }): Promise<PartyContext> {
    const rt = new PartyRuntime(lease.partyId, lease.epoch, {
      store: guardedStore(this.deps.store, entry.abort.signal, budget),
      live: this.deps.bus,
      abortSignal: entry.abort.signal,
    });
    const { timeoutMs, idleTimeoutMs, retry, maxOutputTokens } = this.deps;
    return { rt, models: await this.deps.models(party), personas: this.deps.personas, timeoutMs, idleTimeoutMs, retry, maxOutputTokens };
  }

  /** Resolves when this instance has nothing running for the party (tests, shutdown). */
  async idle(partyId: string): Promise<void> {
    await this.running.get(partyId)?.done;
  }

  /** Stops a run on this instance at once (the party was cancelled). */
  abortLocal(partyId: string): void {
    this.running.get(partyId)?.abort.abort();
  }

  /** Takes over every party, and every on-demand job, left without a live runner. */
  async scan(): Promise<number> {
    if (this.stopping) return 0;
    const ids = (await orphanedParties(this.deps.db, this.deps.owner)).filter((id) => !this.running.has(id));
    for (const id of ids) void this.kick(id);
    const now = Date.now();
    const due = (key: string) => {
      const f = this.failedJobs.get(key);
      return !f || (f.attempts < MAX_JOB_ATTEMPTS && now >= f.retryAt);
    };
    await clearDeadReservations(this.deps.db);
    const unfinished = (await unfinishedJobs(this.deps.db)).filter((j) => !this.running.has(j.partyId));
    // Tried as often as it may be: it ends with its failure event rather than never.
    for (const j of unfinished) {
      const key = `${j.partyId}/${jobIdOf(j.start)}`;
      if ((this.failedJobs.get(key)?.attempts ?? 0) < MAX_JOB_ATTEMPTS) continue;
      this.failedJobs.delete(key);
      await this.failJob(j.partyId, "It could not be resumed after a restart. Try again.");
    }
    const jobs = unfinished.filter((j) => due(`${j.partyId}/${jobIdOf(j.start)}`));
    const backOff = (key: string) => {
      const attempts = (this.failedJobs.get(key)?.attempts ?? 0) + 1;
      this.failedJobs.set(key, { attempts, retryAt: Date.now() + attempts * JOB_RETRY_MS });
    };
    // Resolves once each job is claimed (or found taken), not when it is done. Settled one
    // by one, so a job that cannot even be read neither hides the others' failures nor
    // stops them from being claimed.
    const claimed = await Promise.allSettled(
      jobs.map(async (j) => {
        const key = `${j.partyId}/${jobIdOf(j.start)}`;
        const material = await jobMaterial(this.deps.db, j.partyId);
        if (!material) return;
        const job = jobFor(j.start, material);
        await this.runJob(j.partyId, { jobId: jobIdOf(j.start), fresh: false }, (ctx) =>
          job(ctx).then(
            () => void this.failedJobs.delete(key),
            (e) => {
              // Failed on its own (a database error, say), not by losing the lease: back
              // off rather than retry in a loop; another instance may still take it.
              if (!(e instanceof LeaseLostError)) backOff(key);
              throw e;
            },
          ),
        );
      }),
    );
    // Remarks waiting to become revisions on a party nothing runs on (a restart, say).
    if (this.deps.onIdle) for (const id of await partiesWithWaitingRemarks(this.deps.db)) this.idleHook(id);
    claimed.forEach((c, i) => {
      if (c.status === "fulfilled") return;
      const j = jobs[i];
      backOff(`${j.partyId}/${jobIdOf(j.start)}`);
      this.log(`party ${j.partyId}: could not resume job ${jobIdOf(j.start)} (${firstLine(c.reason)}); trying again later`);
    });
    return ids.length + jobs.length;
  }

  /**
   * Scans now and then at least every `scanEveryMs`, and just after another runner's
   * lease is due to expire: a party whose runner died is taken over when its lease ends
   * (at most LEASE_MS after the runner's last renewal), not up to a scan interval later.
   */
  start(scanEveryMs = Math.max(500, Math.floor(this.deps.leaseMs / 2))): void {
    const next = async () => {
      const expiry = await msUntilNextExpiry(this.deps.db, this.deps.owner);
      return expiry === null ? scanEveryMs : Math.min(scanEveryMs, Math.max(20, expiry + 25));
    };
    const tick = async () => {
      let wait = scanEveryMs;
      try {
        // Took something over: look again soon, for leases that expired while this scan
        // ran (the next-expiry query only sees leases still live).
        wait = (await this.scan()) > 0 ? 100 : await next();
      } catch (e) {
        this.log(`runner scan failed: ${firstLine(e)}`);
      }
      if (this.stopping) return;
      this.scanTimer = setTimeout(() => void tick(), wait);
      this.scanTimer.unref?.();
    };
    void tick();
  }

  /** Graceful shutdown: stop every run and give the leases back for another instance. */
  async stop(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.scanTimer);
    const all = [...this.running.values()];
    for (const r of all) r.abort.abort();
    await Promise.allSettled(all.map((r) => r.done));
    await Promise.allSettled([...this.hooks]);
  }
}
