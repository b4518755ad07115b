// The orchestrator's PartyStore on Postgres. Every runner write is fenced: it checks, under
// a shared lock on the lease row, that the runner still holds the lease epoch it started
// with, so an instance that was paused past its lease cannot write after a takeover.
import type { PartyEvent, StoredEvent } from "../party/events";
import { LeaseLostError, type Checkpoint, type InputAnswer, type PartyRecord, type PartyStore } from "../party/store";
import type { Database } from "./client";
import { inTransaction } from "./transaction";
import { appendEvents, lockParty, type LockedParty } from "./event-log";
import { Prisma } from "./generated/client";

type Tx = Prisma.TransactionClient;

const CLOSED_STATUSES = ["cancelled", "failed"];

/** The party ended (cancelled by the person) while a runner was still working on it. */
export class PartyClosedError extends LeaseLostError {
  constructor(partyId: string, status: string) {
    super(partyId);
    this.message = `party ${partyId} is ${status}: the runner stops`;
    this.name = "PartyClosedError";
  }
}

export type AppendListener = (partyId: string, events: StoredEvent[]) => void;

/**
 * Locks the lease row (shared) and then the party row. The shared lock is what makes the
 * fence hold: a claim updates the lease row, so it waits until this write commits, and the
 * new runner then reads a log that includes it. Without it, a runner paused after passing
 * the check could commit after a takeover, behind the new runner's back (duplicates).
 * Lease first, party second, in every runner write, so two writes never wait on each other.
 */
async function fence(tx: Tx, partyId: string, epoch: number): Promise<LockedParty> {
  const lease = await tx.$queryRaw<Array<{ epoch: number }>>`SELECT epoch FROM runner_leases WHERE party_id = ${partyId} FOR SHARE`;
  if (lease[0]?.epoch !== epoch) throw new LeaseLostError(partyId);
  const locked = await lockParty(tx, partyId);
  if (!locked) throw new LeaseLostError(partyId);
  // A completed party still takes on-demand work (a critique); a cancelled or failed one
  // takes nothing more from any runner.
  if (CLOSED_STATUSES.includes(locked.status)) throw new PartyClosedError(partyId, locked.status);
  return locked;
}

export class PrismaPartyStore implements PartyStore {
  /** The last write queued per party (see `serial`). */
  private readonly tails = new Map<string, Promise<void>>();

  constructor(
    private readonly db: Database,
    private readonly onAppend?: AppendListener,
  ) {}

  /**
   * One write at a time per party within this process. Writes to a party serialise on its
   * row lock anyway; queueing them here instead keeps pool connections free for other
   * parties, and publishes each batch before the next begins, so viewers get seqs in order
   * rather than re-reading the log to fill a gap.
   */
  private serial<T>(partyId: string, fn: () => Promise<T>): Promise<T> {
    const run = (this.tails.get(partyId) ?? Promise.resolve()).then(fn);
    const tail = run.then(
      () => {},
      () => {},
    );
    this.tails.set(partyId, tail);
    void tail.then(() => {
      if (this.tails.get(partyId) === tail) this.tails.delete(partyId);
    });
    return run;
  }

  async getParty(partyId: string): Promise<PartyRecord | null> {
    const p = await this.db.prisma.party.findUnique({ where: { id: partyId } });
    if (!p) return null;
    return {
      id: p.id,
      title: p.title,
      description: p.description,
      mode: p.mode === "party" || p.mode === "classic" ? p.mode : null,
      flags: p.flags as string[],
      status: p.status,
      modelSettings: p.modelSettings as PartyRecord["modelSettings"],
    };
  }

  async getCheckpoint(partyId: string, key: string): Promise<Checkpoint | null> {
    const c = await this.db.prisma.stepCheckpoint.findUnique({ where: { partyId_key: { partyId, key } } });
    return c ? { status: c.status === "completed" ? "completed" : "running", output: c.output, attempt: c.attempt } : null;
  }

  async beginStep(partyId: string, epoch: number, key: string): Promise<number> {
    return this.serial(partyId, () => this.beginStepNow(partyId, epoch, key));
  }

  private async beginStepNow(partyId: string, epoch: number, key: string): Promise<number> {
    return inTransaction(this.db, async (tx) => {
      await fence(tx, partyId, epoch);
      const c = await tx.stepCheckpoint.upsert({
        where: { partyId_key: { partyId, key } },
        create: { partyId, key, status: "running", attempt: 1 },
        update: { status: "running", attempt: { increment: 1 }, startedAt: new Date() },
        select: { attempt: true },
      });
      return c.attempt;
    });
  }

  async commit(partyId: string, epoch: number, c: { step?: { key: string; output: unknown }; events: PartyEvent[] }): Promise<StoredEvent[]> {
    return this.serial(partyId, async () => {
      const deltasOnly = !c.step && c.events.length > 0 && c.events.every((e) => e.type === "message-delta");
      const stored = deltasOnly ? await this.appendDeltas(partyId, epoch, c.events) : await this.commitInTransaction(partyId, epoch, c);
      if (stored.length) this.onAppend?.(partyId, stored);
      return stored;
    });
  }

  /**
   * Token deltas (most commits) project into no table, so one statement does the fenced
   * append: the UPDATE takes the party row lock and the seq range, the INSERT writes the
   * events. One round trip instead of an interactive transaction of six, which under
   * load held pool connections long enough to starve other parties.
   */
  private async appendDeltas(partyId: string, epoch: number, events: PartyEvent[]): Promise<StoredEvent[]> {
    const at = new Date();
    const n = events.length;
    const rows = await this.db.prisma.$queryRaw<Array<{ lastSeq: number }>>`
      WITH l AS (
        -- The same shared lease lock as fence(): a claim waits for this write, and after a
        -- claim the locking read sees the new epoch, not the statement's snapshot.
        SELECT epoch FROM runner_leases WHERE party_id = ${partyId} AND epoch = ${epoch}::int FOR SHARE
      ), p AS (
        UPDATE parties SET last_seq = last_seq + ${n}::int, updated_at = ${at}
        WHERE id = ${partyId} AND status NOT IN ('cancelled', 'failed') AND EXISTS (SELECT 1 FROM l)
        RETURNING last_seq
      ), ins AS (
        INSERT INTO events (party_id, seq, type, data, created_at)
        SELECT ${partyId}, p.last_seq - ${n}::int + e.ord::int, 'message-delta', e.value, ${at}
        FROM p, jsonb_array_elements(${JSON.stringify(events.map((e) => e.data))}::jsonb) WITH ORDINALITY AS e(value, ord)
      )
      SELECT last_seq AS "lastSeq" FROM p`;
    if (!rows[0]) {
      // Refused: find out why, with the same check the other writes make.
      await inTransaction(this.db, (tx) => fence(tx, partyId, epoch));
      throw new LeaseLostError(partyId);
    }
    const first = rows[0].lastSeq - n + 1;
    return events.map((e, i) => ({ ...e, seq: first + i, at: at.toISOString() }) as StoredEvent);
  }

  private async commitInTransaction(partyId: string, epoch: number, c: { step?: { key: string; output: unknown }; events: PartyEvent[] }): Promise<StoredEvent[]> {
    return inTransaction(this.db, async (tx) => {
      const locked = await fence(tx, partyId, epoch);
      const out = await appendEvents(tx, locked, c.events);
      if (c.step) {
        // A JSON null must be spelled JsonNull for Prisma.
        const output = c.step.output == null ? Prisma.JsonNull : (c.step.output as Prisma.InputJsonValue);
        await tx.stepCheckpoint.upsert({
          where: { partyId_key: { partyId, key: c.step.key } },
          create: { partyId, key: c.step.key, status: "completed", output, completedAt: new Date() },
          update: { status: "completed", output, completedAt: new Date() },
        });
      }
      return out;
    });
  }

  async getInputAnswer(partyId: string, requestId: string): Promise<InputAnswer | null> {
    const r = await this.db.prisma.inputRequest.findFirst({ where: { id: requestId, partyId, status: "answered" }, select: { selection: true, text: true } });
    return r ? { selection: r.selection, text: r.text } : null;
  }
}
