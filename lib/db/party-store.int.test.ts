// The runner's store on a real database: the one-statement append of token deltas must
// keep every guarantee of the transactional commit (gap-free seq under concurrency, the
// same stored form, epoch fencing, nothing written when refused).
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { PartyEvent, StoredEvent } from "../wire/events";
import { LeaseLostError, PartyClosedError } from "../party/store";
import { claimLease } from "./leases";
import { describeStoreContract } from "../party/testing/store-contract";
import { appendUnfenced, insertParty, readEvents, recordAnswer, recordCancel } from "./parties";
import { PrismaPartyStore } from "./party-store";
import { createTestDatabase, type TestDatabase } from "./testing/test-database";
import { inTransaction } from "./transaction";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let db: TestDatabase;
let store: PrismaPartyStore;
let published: StoredEvent[];

const delta = (i: number): PartyEvent => ({ type: "message-delta", data: { messageId: "m1", offset: i, text: `tok${i} "quoted" \\ ü` } });
const note = (text: string): PartyEvent => ({ type: "note", data: { kind: "info", phase: 1, text } });

async function newParty(id: string) {
  await insertParty(db, { id, ownerId: "owner", title: "T", description: "A test party for the store.", mode: "party", flags: [], modelSettings: {}, watchToken: `w-${id}` });
  return (await claimLease(db, id, "runner", 60_000))!;
}

describeStoreContract(process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite", async () => {
  const tdb = await createTestDatabase();
  return {
    store: new PrismaPartyStore(tdb),
    async newParty(id) {
      await insertParty(tdb, { id, ownerId: "owner", title: "T", description: "A test party for the store.", mode: "party", flags: [], modelSettings: {}, watchToken: `w-${id}` });
      return (await claimLease(tdb, id, "runner", 60_000))!.epoch;
    },
    async takeOver(id) {
      await tdb.prisma.runnerLease.update({ where: { partyId: id }, data: { expiresAt: new Date(Date.now() - 1000) } });
      return (await claimLease(tdb, id, "other", 60_000))!.epoch;
    },
    async endParty(id, status) {
      if (status === "cancelled") await recordCancel(tdb, id, "stopped by the person");
      else {
        await appendUnfenced(tdb, id, [
          { type: "party-status", data: { status: "failed", currentPhase: null } },
          { type: "party-end", data: { status: "failed", reason: "ended as failed by the test" } },
        ]);
      }
    },
    async answer(id, requestId, a) {
      await recordAnswer(tdb, id, requestId, a);
    },
    log: (id) => readEvents(tdb, id, 0),
    destroy: () => tdb.destroy(),
  };
});

beforeEach(async () => {
  db = await createTestDatabase();
  published = [];
  store = new PrismaPartyStore(db, (_p, e) => published.push(...e));
});
afterEach(async () => {
  await db.destroy();
});

describe("PrismaPartyStore.commit", () => {
  it("appends delta-only batches in one statement, in the same stored form the log returns", async () => {
    const lease = await newParty("p1");
    const a = await store.commit("p1", lease.epoch, { events: [delta(0), delta(1), delta(2)] });
    const b = await store.commit("p1", lease.epoch, { events: [note("between")], step: { key: "s1", output: { ok: true } } });
    const c = await store.commit("p1", lease.epoch, { events: [delta(3)] });
    expect([...a, ...b, ...c].map((e) => e.seq)).toEqual([2, 3, 4, 5, 6]);
    const log = await readEvents(db, "p1", 1);
    expect(log).toEqual([...a, ...b, ...c]);
    expect(published).toEqual([...a, ...b, ...c]);
    const party = await db.prisma.party.findUniqueOrThrow({ where: { id: "p1" } });
    expect(party.lastSeq).toBe(6);
  });

  it("keeps seq gap-free when delta batches and other commits race on one party", async () => {
    const lease = await newParty("p2");
    // Two store objects: each queues its own writes, so the database sees them race.
    const stores = [store, new PrismaPartyStore(db), new PrismaPartyStore(db)];
    const writes = Array.from({ length: 30 }, (_, i) =>
      i % 3 === 0 ? stores[i % 3].commit("p2", lease.epoch, { events: [note(`n${i}`)] }) : stores[i % 3].commit("p2", lease.epoch, { events: [delta(i * 10), delta(i * 10 + 1)] }),
    );
    const results = await Promise.all(writes);
    const seqs = results.flat().map((e) => e.seq).sort((x, y) => x - y);
    expect(seqs).toEqual(Array.from({ length: 50 }, (_, i) => i + 2));
    // Each batch got a contiguous range.
    for (const r of results) expect(r.map((e) => e.seq)).toEqual(r.map((_, i) => r[0].seq + i));
    const log = await readEvents(db, "p2", 0);
    expect(log.map((e) => e.seq)).toEqual(Array.from({ length: 51 }, (_, i) => i + 1));
    // Within one store, batches are published in seq order.
    const mine = published.map((e) => e.seq);
    expect(mine).toEqual([...mine].sort((x, y) => x - y));
  });

  it("refuses a delta batch from a runner whose lease was taken over, or on a cancelled party, and writes nothing", async () => {
    const stale = await newParty("p3");
    await db.prisma.runnerLease.update({ where: { partyId: "p3" }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const fresh = (await claimLease(db, "p3", "other", 60_000))!;
    expect(fresh.epoch).toBe(stale.epoch + 1);
    await expect(store.commit("p3", stale.epoch, { events: [delta(0)] })).rejects.toBeInstanceOf(LeaseLostError);
    expect(await readEvents(db, "p3", 0)).toHaveLength(1);

    await recordCancel(db, "p3", "stopped by the person");
    const before = await readEvents(db, "p3", 0);
    await expect(store.commit("p3", fresh.epoch, { events: [delta(0)] })).rejects.toBeInstanceOf(PartyClosedError);
    expect(await readEvents(db, "p3", 0)).toEqual(before);
    expect((await db.prisma.party.findUniqueOrThrow({ where: { id: "p3" } })).lastSeq).toBe(before.length);
    expect(published).toEqual([]);
  });

  // Two instances need two connections: on PGlite there is one, and the race cannot happen.
  it.skipIf(!process.env.TEST_DATABASE_URL).each([
    ["a transactional commit", note("written by the paused runner")],
    ["a delta batch", delta(0)],
  ])("a takeover waits for %s that passed the fence, so the new runner reads it", async (_kind, event) => {
    const stale = await newParty("p5");
    await db.prisma.runnerLease.update({ where: { partyId: "p5" }, data: { expiresAt: new Date(Date.now() - 1000) } });
    // Hold the writer between its fence and its commit, as a runner paused there would be:
    // another transaction holds the event key the write needs.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const blocker = inTransaction(db, async (tx) => {
      await tx.$executeRaw`INSERT INTO events (party_id, seq, type, data) VALUES ('p5', 2, 'note', '{}')`;
      await held;
      throw new Error("roll back");
    }).catch(() => null);
    await sleep(300);
    const order: string[] = [];
    const write = store.commit("p5", stale.epoch, { events: [event] }).then((e) => (order.push("write"), e));
    await sleep(300);
    const claim = claimLease(db, "p5", "other", 60_000).then((l) => (order.push("claim"), l));
    await sleep(500);
    release();
    await blocker;
    const [written, claimed] = await Promise.all([write, claim]);
    expect(order).toEqual(["write", "claim"]);
    expect(written.map((e) => e.seq)).toEqual([2]);
    expect(claimed?.epoch).toBe(stale.epoch + 1);
    // The write landed before the claim, and the next one from the old runner is refused.
    expect((await readEvents(db, "p5", 1)).map((e) => e.type)).toEqual([event.type]);
    await expect(store.commit("p5", stale.epoch, { events: [event] })).rejects.toBeInstanceOf(LeaseLostError);
  });
});
