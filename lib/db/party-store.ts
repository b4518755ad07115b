// The orchestrator's PartyStore on Postgres. Every runner write is fenced: it checks, under
// a shared lock on the lease row, that the runner still holds the lease epoch it started
// with, so an instance that was paused past its lease cannot write after a takeover.
import type { PartyEvent, StoredEvent } from "../wire/events";
import type { RoomMessage } from "../party/room";
import { CLOSED_STATUSES, LeaseLostError, PartyClosedError, type ArtifactRecord, type Checkpoint, type InputAnswer, type PartyRecord, type PartyStore } from "../party/store";
import type { Database } from "./client";
import { listRemarks } from "./room-messages";
import { inTransaction } from "./transaction";
import { appendEvents, lockParty, STREAM_EVENT_TYPES, type LockedParty } from "./event-log";
import { Prisma } from "./generated/client";

type Tx = Prisma.TransactionClient;

const toCheckpoint = (c: { status: string; output: unknown; attempt: number }): Checkpoint => ({
  status: c.status === "completed" ? "completed" : "running",
  output: c.output,
  attempt: c.attempt,
});

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
    return c ? toCheckpoint(c) : null;
  }

  async listCheckpoints(partyId: string): Promise<Map<string, Checkpoint>> {
    const rows = await this.db.prisma.stepCheckpoint.findMany({ where: { partyId }, select: { key: true, status: true, output: true, attempt: true } });
    return new Map(rows.map((c) => [c.key, toCheckpoint(c)]));
  }

  async beginStep(partyId: string, epoch: number, key: string): Promise<number> {
    return this.serial(partyId, () => this.beginStepNow(partyId, epoch, key));
  }

  /**
   * One statement, like a stream flush: the fence (the shared lease lock, the party not
   * closed) and the upsert that counts the attempt. A refusal is explained by the same
   * check the other writes make.
   */
  private async beginStepNow(partyId: string, epoch: number, key: string): Promise<number> {
    const at = new Date();
    const rows = await this.db.prisma.$queryRaw<Array<{ attempt: number }>>`
      WITH l AS (
        SELECT epoch FROM runner_leases WHERE party_id = ${partyId} AND epoch = ${epoch}::int FOR SHARE
      ), p AS (
        SELECT id FROM parties WHERE id = ${partyId} AND status <> ALL(${[...CLOSED_STATUSES]}::text[]) AND EXISTS (SELECT 1 FROM l)
      )
      INSERT INTO step_checkpoints (party_id, key, status, attempt, started_at)
      SELECT p.id, ${key}, 'running', 1, ${at} FROM p
      ON CONFLICT (party_id, key) DO UPDATE SET status = 'running', attempt = step_checkpoints.attempt + 1, started_at = EXCLUDED.started_at
      RETURNING attempt`;
    if (!rows[0]) {
      await inTransaction(this.db, (tx) => fence(tx, partyId, epoch));
      throw new LeaseLostError(partyId);
    }
    return rows[0].attempt;
  }

  async commit(partyId: string, epoch: number, c: { step?: { key: string; output: unknown }; events: PartyEvent[] }): Promise<StoredEvent[]> {
    return this.serial(partyId, async () => {
      const streamOnly = !c.step && c.events.length > 0 && c.events.every((e) => STREAM_EVENT_TYPES.has(e.type));
      const stored = streamOnly ? await this.appendStream(partyId, epoch, c.events) : await this.commitInTransaction(partyId, epoch, c);
      if (stored.length) this.onAppend?.(partyId, stored);
      return stored;
    });
  }

  /**
   * A party's stream flush (message starts, token deltas; most commits) projects into no
   * table, so one statement does the fenced append: the UPDATE takes the party row lock
   * and the seq range, the INSERT writes the events. One round trip instead of an
   * interactive transaction of six, which under load held pool connections long enough
   * to starve other parties.
   */
  private async appendStream(partyId: string, epoch: number, events: PartyEvent[]): Promise<StoredEvent[]> {
    const at = new Date();
    const n = events.length;
    const rows = await this.db.prisma.$queryRaw<Array<{ lastSeq: number }>>`
      WITH l AS (
        -- The same shared lease lock as fence(): a claim waits for this write, and after a
        -- claim the locking read sees the new epoch, not the statement's snapshot.
        SELECT epoch FROM runner_leases WHERE party_id = ${partyId} AND epoch = ${epoch}::int FOR SHARE
      ), p AS (
        UPDATE parties SET last_seq = last_seq + ${n}::int, updated_at = ${at}
        WHERE id = ${partyId} AND status <> ALL(${[...CLOSED_STATUSES]}::text[]) AND EXISTS (SELECT 1 FROM l)
        RETURNING last_seq
      ), ins AS (
        INSERT INTO events (party_id, seq, type, data, created_at)
        SELECT ${partyId}, p.last_seq - ${n}::int + e.ord::int, e.value->>'type', e.value->'data', ${at}
        FROM p, jsonb_array_elements(${JSON.stringify(events.map((e) => ({ type: e.type, data: e.data })))}::jsonb) WITH ORDINALITY AS e(value, ord)
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

  async getRemarks(partyId: string): Promise<RoomMessage[]> {
    return listRemarks(this.db, partyId);
  }

  async getArtifact(partyId: string, path: string): Promise<ArtifactRecord | null> {
    return this.db.prisma.artifact.findUnique({
      where: { partyId_path: { partyId, path } },
      select: { path: true, title: true, producer: true, phase: true, version: true, content: true },
    });
  }
}
