// The server snapshot is the dashboard's own fold of a log prefix: folding the rest on
// top of it must give exactly the view of the whole log, wherever the prefix ends. And
// the cache folds each event once: a hit reads nothing, a later request only the tail.
import { beforeAll, describe, expect, it } from "vitest";
import type { StoredEvent } from "@/lib/wire/events";
import { driveParty } from "@/lib/party/testing/drive-party";
import { applyEvents, initialView } from "@/components/party/view/reducer";
import type { PartyView } from "@/components/party/view/types";
import { SnapshotCache } from "./snapshot-cache";

const DESCRIPTION = "A booking app for climbing gyms: members book time slots, staff manage capacity and route setting. EU members, card payments.";

let events: StoredEvent[];
let whole: PartyView;

beforeAll(async () => {
  // Smaller delta batches than the default: a log of about 500 events, like a real run's.
  const r = await driveParty({ description: DESCRIPTION, mode: "party", flushChars: 500 });
  expect(r.outcome.status).toBe("completed");
  events = r.events;
  whole = applyEvents(initialView(), events);
}, 60_000);

/** What crosses from the server to the browser: plain JSON. */
const overTheWire = (v: PartyView): PartyView => JSON.parse(JSON.stringify(v)) as PartyView;

/** A reader over the log that records which seqs it was asked to read after. */
function reader(log: readonly StoredEvent[]) {
  const calls: number[] = [];
  let upTo = log.length;
  return {
    calls,
    grow: (n: number) => (upTo = n),
    read: async (after: number) => {
      calls.push(after);
      return log.slice(0, upTo).filter((e) => e.seq > after);
    },
  };
}

describe("a snapshot of the party view", () => {
  it("snapshot(events ≤ N) + the events after N equals the view of the whole log, at every N tried", () => {
    const n = events.length;
    expect(n).toBeGreaterThan(100);
    for (const at of [1, 2, 10, Math.floor(n / 4), Math.floor(n / 2), n - 10, n - 1, n]) {
      const snapshot = overTheWire(applyEvents(initialView(), events.slice(0, at)));
      expect(snapshot.lastSeq).toBe(events[at - 1].seq);
      expect(applyEvents(snapshot, events.slice(at)), `N = ${at}`).toEqual(whole);
    }
  });

  it("is plain JSON of a reasonable size for a finished party", () => {
    expect(overTheWire(whole)).toEqual(whole);
    const bytes = Buffer.byteLength(JSON.stringify(whole));
    const logBytes = Buffer.byteLength(JSON.stringify(events));
    console.log(`snapshot of a finished party: ${events.length} events, log ${(logBytes / 1024).toFixed(0)} KiB, snapshot ${(bytes / 1024).toFixed(0)} KiB`);
    // The view holds each message and artifact version once; the log also holds every delta batch.
    expect(bytes).toBeLessThan(logBytes);
    expect(bytes).toBeLessThan(512 * 1024);
  });
});

describe("SnapshotCache", () => {
  it("folds the whole log once, then serves the same view without reading", async () => {
    const cache = new SnapshotCache();
    const log = reader(events);
    const last = events.at(-1)!.seq;
    const first = await cache.view("p", last, log.read);
    expect(first).toEqual(whole);
    const again = await cache.view("p", last, log.read);
    expect(again).toBe(first);
    expect(log.calls).toEqual([0]);
    expect(cache.stats).toEqual({ hits: 1, incremental: 0, full: 1 });
  });

  it("folds only the events after the cached seq when the log grew", async () => {
    const cache = new SnapshotCache();
    const log = reader(events);
    const mid = Math.floor(events.length / 2);
    log.grow(mid);
    const early = await cache.view("p", events[mid - 1].seq, log.read);
    expect(early.lastSeq).toBe(events[mid - 1].seq);
    log.grow(events.length);
    const late = await cache.view("p", events.at(-1)!.seq, log.read);
    expect(log.calls).toEqual([0, events[mid - 1].seq]);
    expect(late).toEqual(whole);
    expect(cache.stats).toEqual({ hits: 0, incremental: 1, full: 1 });
  });

  it("keeps the most recently used parties only", async () => {
    const cache = new SnapshotCache(2);
    const log = reader(events.slice(0, 5));
    for (const id of ["a", "b", "a", "c"]) await cache.view(id, 5, log.read);
    expect(cache.size).toBe(2);
    await cache.view("a", 5, log.read); // still cached: used after b
    await cache.view("b", 5, log.read); // evicted by c: folded again
    expect(cache.stats).toEqual({ hits: 2, incremental: 0, full: 4 });
  });
});
