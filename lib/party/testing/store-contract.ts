// The PartyStore contract, as one suite that every store runs: the memory store in a
// unit test (memory-store.test.ts), the database store on PGlite and on PostgreSQL
// (lib/db/party-store.int.test.ts). What the orchestrator relies on: writes fenced by
// the lease epoch, no writes to a cancelled or failed party, gap-free seq, checkpoints
// that count attempts and keep their output, and nothing written by a refused write.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PartyEvent, StoredEvent } from "../../wire/events";
import { LeaseLostError, PartyClosedError, type PartyStore } from "../store";

export interface StoreHarness {
  store: PartyStore;
  /** A new party whose log holds its party-start (seq 1); this runner holds its lease. Returns the epoch. */
  newParty(id: string): Promise<number>;
  /** Another runner takes the party over (the old lease expired); returns the new epoch. */
  takeOver(id: string): Promise<number>;
  /** The party ends from outside any runner: the person cancels, or the runner gives up on a failure. */
  endParty(id: string, status: "cancelled" | "failed"): Promise<void>;
  /** The person answers a request the log holds. */
  answer(id: string, requestId: string, a: { selection: string | null; text: string | null }): Promise<void>;
  /** The stored log, oldest first. */
  log(id: string): Promise<StoredEvent[]>;
  destroy(): Promise<void>;
}

const note = (text: string): PartyEvent => ({ type: "note", data: { kind: "info", phase: 1, text } });
const delta = (offset: number, text = `tok${offset} "q" \\ ü`): PartyEvent => ({ type: "message-delta", data: { messageId: "m1", offset, text } });
const start = (messageId = "m1"): PartyEvent => ({ type: "message-start", data: { messageId, phase: 1, type: "message", sender: "nadia", recipient: null, label: "QUESTIONS" } });
const status = (s: "in_progress" | "completed"): PartyEvent => ({ type: "party-status", data: { status: s, currentPhase: s === "in_progress" ? 1 : null } });
const seqs = (events: StoredEvent[]) => events.map((e) => e.seq);
const range = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i);

export function describeStoreContract(name: string, open: () => Promise<StoreHarness>): void {
  describe(`PartyStore contract: ${name}`, () => {
    // One store for the suite (a database takes seconds to open): each test has its own parties.
    let h: StoreHarness;
    beforeAll(async () => {
      h = await open();
    });
    afterAll(async () => {
      await h.destroy();
    });

    describe("seq", () => {
      it("numbers events gap-free after party-start and returns them in the stored form the log reads back", async () => {
        const epoch = await h.newParty("s1");
        const a = await h.store.commit("s1", epoch, { events: [start(), delta(0), delta(5)] });
        const b = await h.store.commit("s1", epoch, { events: [note("between")], step: { key: "k", output: { ok: true } } });
        const c = await h.store.commit("s1", epoch, { events: [delta(10)] });
        const empty = await h.store.commit("s1", epoch, { events: [] });
        expect(empty).toEqual([]);
        expect(seqs([...a, ...b, ...c])).toEqual(range(2, 5));
        const log = await h.log("s1");
        expect(log[0]).toMatchObject({ seq: 1, type: "party-start" });
        expect(log.slice(1)).toEqual([...a, ...b, ...c]);
        for (const e of log) expect(new Date(e.at).toISOString()).toBe(e.at);
      });

      it("stores event data as JSON: a field set to undefined is absent when read back", async () => {
        const epoch = await h.newParty("s2");
        const data = { kind: "info", phase: null, text: "x", extra: undefined } as unknown as Extract<PartyEvent, { type: "note" }>["data"];
        await h.store.commit("s2", epoch, { events: [{ type: "note", data }] });
        const [e] = (await h.log("s2")).slice(1);
        expect(Object.keys(e.data as object).sort()).toEqual(["kind", "phase", "text"]);
      });

      it("keeps seq gap-free, each batch contiguous, when writes of every kind race on one party", async () => {
        const epoch = await h.newParty("s3");
        const writes = Array.from({ length: 24 }, (_, i) => {
          if (i % 4 === 0) return h.store.commit("s3", epoch, { events: [note(`n${i}`)], step: { key: `k${i}`, output: i } });
          if (i % 4 === 1) return h.store.commit("s3", epoch, { events: [start(`m${i}`), delta(i * 10)] });
          return h.store.commit("s3", epoch, { events: [delta(i * 10), delta(i * 10 + 1)] });
        });
        const results = await Promise.all(writes);
        for (const r of results) expect(seqs(r)).toEqual(range(r[0].seq, r.length));
        const all = results.flat();
        expect(seqs(all).sort((x, y) => x - y)).toEqual(range(2, all.length));
        expect(seqs(await h.log("s3"))).toEqual(range(1, all.length + 1));
      });
    });

    describe("fencing", () => {
      it("refuses every write of a runner whose lease was taken over, writes nothing, and lets the new runner write", async () => {
        const stale = await h.newParty("f1");
        await h.store.beginStep("f1", stale, "k");
        const fresh = await h.takeOver("f1");
        expect(fresh).toBeGreaterThan(stale);
        const before = await h.log("f1");
        await expect(h.store.commit("f1", stale, { events: [note("zombie")] })).rejects.toBeInstanceOf(LeaseLostError);
        await expect(h.store.commit("f1", stale, { events: [delta(0)] })).rejects.toBeInstanceOf(LeaseLostError);
        await expect(h.store.commit("f1", stale, { events: [note("zombie")], step: { key: "k", output: 1 } })).rejects.toBeInstanceOf(LeaseLostError);
        await expect(h.store.beginStep("f1", stale, "k")).rejects.toBeInstanceOf(LeaseLostError);
        expect(await h.log("f1")).toEqual(before);
        expect(await h.store.getCheckpoint("f1", "k")).toEqual({ status: "running", output: null, attempt: 1 });
        const [ok] = await h.store.commit("f1", fresh, { events: [note("live")] });
        expect(ok.seq).toBe(before.length + 1);
      });

      it("refuses a write for a party that does not exist", async () => {
        await expect(h.store.commit("nobody", 1, { events: [note("x")] })).rejects.toBeInstanceOf(LeaseLostError);
        await expect(h.store.beginStep("nobody", 1, "k")).rejects.toBeInstanceOf(LeaseLostError);
        expect(await h.store.getParty("nobody")).toBeNull();
      });
    });

    describe("terminal states", () => {
      for (const end of ["cancelled", "failed"] as const) {
        it(`a ${end} party takes no write from its runner, of any kind, and nothing changes`, async () => {
          const epoch = await h.newParty(`t-${end}`);
          const id = `t-${end}`;
          await h.store.commit(id, epoch, { events: [status("in_progress")] });
          await h.endParty(id, end);
          expect((await h.store.getParty(id))?.status).toBe(end);
          const before = await h.log(id);
          for (const write of [
            () => h.store.commit(id, epoch, { events: [delta(0)] }),
            () => h.store.commit(id, epoch, { events: [start(), delta(0)] }),
            () => h.store.commit(id, epoch, { events: [note("late")], step: { key: "k", output: 1 } }),
            () => h.store.commit(id, epoch, { events: [status("in_progress")] }),
            () => h.store.beginStep(id, epoch, "k"),
          ]) {
            const e = await write().then(
              () => null,
              (err: unknown) => err,
            );
            expect(e).toBeInstanceOf(PartyClosedError);
            expect(e).toBeInstanceOf(LeaseLostError);
          }
          expect(await h.log(id)).toEqual(before);
          expect(await h.store.getCheckpoint(id, "k")).toBeNull();
          expect((await h.store.getParty(id))?.status).toBe(end);
        });
      }

      it("a completed party still takes its runner's writes (on-demand work after the end)", async () => {
        const epoch = await h.newParty("t-done");
        await h.store.commit("t-done", epoch, { events: [status("completed"), { type: "party-end", data: { status: "completed" } }] });
        expect((await h.store.getParty("t-done"))?.status).toBe("completed");
        await h.store.beginStep("t-done", epoch, "critique");
        const stored = await h.store.commit("t-done", epoch, { events: [note("critique result")], step: { key: "critique", output: "ok" } });
        expect(seqs(stored)).toEqual([4]);
        // A status event after the end does not reopen it.
        await h.store.commit("t-done", epoch, { events: [status("in_progress")] });
        expect((await h.store.getParty("t-done"))?.status).toBe("completed");
      });

      it("follows the party's status from its party-status events", async () => {
        const epoch = await h.newParty("t-status");
        expect((await h.store.getParty("t-status"))?.status).toBe("pending");
        await h.store.commit("t-status", epoch, { events: [status("in_progress")] });
        expect((await h.store.getParty("t-status"))?.status).toBe("in_progress");
      });
    });

    describe("checkpoints", () => {
      it("counts attempts, keeps the output of a completed step, and stores no output as null", async () => {
        const epoch = await h.newParty("c1");
        expect(await h.store.getCheckpoint("c1", "turn")).toBeNull();
        expect(await h.store.beginStep("c1", epoch, "turn")).toBe(1);
        expect(await h.store.getCheckpoint("c1", "turn")).toEqual({ status: "running", output: null, attempt: 1 });
        // A crash interrupted it: the next run begins it again.
        expect(await h.store.beginStep("c1", epoch, "turn")).toBe(2);
        const output = { ok: true, list: [1, "two", null], nested: { a: "ü \"q\"" } };
        await h.store.commit("c1", epoch, { events: [note("done")], step: { key: "turn", output } });
        expect(await h.store.getCheckpoint("c1", "turn")).toEqual({ status: "completed", output, attempt: 2 });

        await h.store.commit("c1", epoch, { events: [], step: { key: "emit", output: null } });
        expect(await h.store.getCheckpoint("c1", "emit")).toEqual({ status: "completed", output: null, attempt: 1 });
        await h.store.commit("c1", epoch, { events: [], step: { key: "none", output: undefined } });
        expect(await h.store.getCheckpoint("c1", "none")).toEqual({ status: "completed", output: null, attempt: 1 });
      });

      it("lists every checkpoint of a party, and only that party's", async () => {
        const epoch = await h.newParty("c4");
        const other = await h.newParty("c4-other");
        await h.store.beginStep("c4", epoch, "running");
        await h.store.commit("c4", epoch, { events: [], step: { key: "done", output: { n: 1 } } });
        await h.store.commit("c4-other", other, { events: [], step: { key: "elsewhere", output: 2 } });
        const list = await h.store.listCheckpoints("c4");
        expect(Object.fromEntries(list)).toEqual({
          running: { status: "running", output: null, attempt: 1 },
          done: { status: "completed", output: { n: 1 }, attempt: 1 },
        });
        expect((await h.store.listCheckpoints("nobody")).size).toBe(0);
      });

      it("hands out a copy: changing what it returned changes nothing stored", async () => {
        const epoch = await h.newParty("c2");
        await h.store.commit("c2", epoch, { events: [], step: { key: "k", output: { list: [1] } } });
        const cp = await h.store.getCheckpoint("c2", "k");
        (cp!.output as { list: number[] }).list.push(2);
        expect((await h.store.getCheckpoint("c2", "k"))?.output).toEqual({ list: [1] });
      });

      it("writes a step's checkpoint and its events together or not at all", async () => {
        const stale = await h.newParty("c3");
        await h.takeOver("c3");
        await expect(h.store.commit("c3", stale, { events: [note("x")], step: { key: "k", output: 1 } })).rejects.toBeInstanceOf(LeaseLostError);
        expect(await h.store.getCheckpoint("c3", "k")).toBeNull();
        expect(await h.log("c3")).toHaveLength(1);
      });
    });

    describe("input answers", () => {
      it("has no answer until the person answers the request, then returns it", async () => {
        const epoch = await h.newParty("i1");
        const request: PartyEvent = {
          type: "input-request",
          data: { requestId: "req_1", key: "q", kind: "mode", title: "Mode?", body: "Pick one", options: [{ key: "1", label: "Party" }], allowsText: false },
        };
        await h.store.commit("i1", epoch, { events: [request], step: { key: "q/request", output: null } });
        expect(await h.store.getInputAnswer("i1", "req_1")).toBeNull();
        await h.answer("i1", "req_1", { selection: "1", text: null });
        expect(await h.store.getInputAnswer("i1", "req_1")).toEqual({ selection: "1", text: null });
        expect(await h.store.getInputAnswer("i1", "req_other")).toBeNull();
        expect((await h.log("i1")).at(-1)).toMatchObject({ type: "input-response", data: { requestId: "req_1", selection: "1", text: null } });
      });
    });
  });
}
