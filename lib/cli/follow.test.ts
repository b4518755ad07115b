import { describe, expect, it } from "vitest";
import type { BusMessage } from "../events/bus";
import type { StoredEvent } from "../wire/events";
import { PartyFollower } from "./follow";

const note = (seq: number): StoredEvent => ({ type: "note", data: { kind: "info", phase: null, text: `n${seq}` }, seq, at: "" });

function source(log: StoredEvent[]) {
  let listener: ((m: BusMessage) => void) | null = null;
  let reads = 0;
  return {
    log,
    get reads() {
      return reads;
    },
    send: (m: BusMessage) => listener?.(m),
    subscribe(fn: (m: BusMessage) => void) {
      listener = fn;
      return () => (listener = null);
    },
    async read(after: number) {
      reads++;
      return log.filter((e) => e.seq > after).slice(0, 2);
    },
  };
}

describe("PartyFollower", () => {
  it("reads the log from the start, then takes live events once each, in order", async () => {
    const src = source([note(1), note(2), note(3)]);
    const seen: number[] = [];
    const f = new PartyFollower(src, { event: (e) => seen.push(e.seq), delta: () => {} }, 60_000);
    await f.start();
    expect(seen).toEqual([1, 2, 3]);
    src.send({ kind: "events", events: [note(3), note(4)] });
    await f.refresh();
    expect(seen).toEqual([1, 2, 3, 4]);
    // A gap on the bus: the missing events come from the log.
    src.log.push(note(4), note(5), note(6));
    src.send({ kind: "events", events: [note(6)] });
    await f.refresh();
    expect(seen).toEqual([1, 2, 3, 4, 5, 6]);
    f.stop();
  });

  it("re-reads on a remote seq notification and passes deltas straight on", async () => {
    const src = source([]);
    const seen: number[] = [];
    const deltas: string[] = [];
    const f = new PartyFollower(src, { event: (e) => seen.push(e.seq), delta: (d) => deltas.push(d.text) }, 60_000);
    await f.start();
    src.log.push(note(1));
    src.send({ kind: "seq", seq: 1 });
    src.send({ kind: "delta", delta: { messageId: "m", offset: 0, text: "tok" } });
    await f.until(() => seen.length === 1);
    expect(deltas).toEqual(["tok"]);
    f.stop();
  });

  it("until() resolves on the event that makes it true, and rejects on abort", async () => {
    const src = source([]);
    let last = 0;
    const f = new PartyFollower(src, { event: (e) => (last = e.seq), delta: () => {} }, 60_000);
    await f.start();
    const waiting = f.until(() => last === 2);
    src.send({ kind: "events", events: [note(1)] });
    src.send({ kind: "events", events: [note(2)] });
    await waiting;
    const ac = new AbortController();
    const never = f.until(() => false, ac.signal);
    ac.abort(new Error("stop"));
    await expect(never).rejects.toThrow("stop");
    f.stop();
  });

  it("surfaces a failed read to the waiter", async () => {
    const f = new PartyFollower(
      { subscribe: () => () => {}, read: async () => Promise.reject(new Error("db gone")) },
      { event: () => {}, delta: () => {} },
      60_000,
    );
    await f.start();
    await expect(f.until(() => false)).rejects.toThrow("db gone");
    f.stop();
  });
});
