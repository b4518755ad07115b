import { describe, expect, it, vi } from "vitest";
import type { PartyEvent, StoredEvent } from "../wire/events";
import { MemoryPartyStore } from "./testing/memory-store";
import { PartyRuntime, Suspend, type RuntimeDeps } from "./runtime";
import { hookedStore, LeaseLostError } from "./store";

function setup(epoch = 1, deps: Partial<RuntimeDeps> = {}) {
  const store = new MemoryPartyStore();
  store.addParty({ id: "p", title: "t", description: "d", mode: "party", flags: [], status: "pending", modelSettings: {} }, epoch);
  const commits: PartyEvent[][] = [];
  let beginSteps = 0;
  const counted = hookedStore(store, { beforeBeginStep: () => void beginSteps++, afterCommit: (_p, events) => void commits.push(events) });
  return { store, commits, beginSteps: () => beginSteps, rt: new PartyRuntime("p", epoch, { store: counted, flushMs: 5, ...deps }) };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const meta = (messageId: string, sender = "nadia") => ({ messageId, phase: 1, type: "message" as const, sender, recipient: null, label: "QUESTIONS" });

/** Each message's text as a replay rebuilds it from the stored deltas. */
function rebuilt(log: StoredEvent[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of log) if (e.type === "message-delta") out[e.data.messageId] = (out[e.data.messageId] ?? "").slice(0, e.data.offset) + e.data.text;
  return out;
}

describe("PartyRuntime", () => {
  it("runs a completed step once: a replay returns the stored output and emits nothing", async () => {
    const { store, rt } = setup();
    let calls = 0;
    const run = () => rt.step("s1", async () => ({ output: ++calls, events: [{ type: "note", data: { kind: "info", phase: 1, text: "x" } }] }));
    expect(await run()).toBe(1);
    expect(await run()).toBe(1);
    expect(calls).toBe(1);
    expect(store.events.get("p")!.map((e) => e.seq)).toEqual([1]);
  });

  it("a resumed run reads the party's checkpoints once, not once per step it replays", async () => {
    const { store, rt } = setup();
    for (let i = 0; i < 20; i++) await rt.emit(`e${i}`, [{ type: "note", data: { kind: "info", phase: 1, text: `${i}` } }]);
    const reads = { list: 0, one: 0 };
    const counted = { ...hookedStore(store, {}), listCheckpoints: (id: string) => (reads.list++, store.listCheckpoints(id)), getCheckpoint: (id: string, k: string) => (reads.one++, store.getCheckpoint(id, k)) };
    const resumed = new PartyRuntime("p", 1, { store: counted });
    for (let i = 0; i < 20; i++) await resumed.emit(`e${i}`, [{ type: "note", data: { kind: "info", phase: 1, text: "again" } }]);
    expect(await resumed.step("new", async () => ({ output: { n: 1 } }))).toEqual({ n: 1 });
    expect(await resumed.step("new", async () => ({ output: { n: 2 } }))).toEqual({ n: 1 });
    expect(reads).toEqual({ list: 1, one: 0 });
    expect(store.events.get("p")).toHaveLength(20);
  });

  it("counts an interrupted attempt, so a restart knows to discard partial text", async () => {
    const { store, rt } = setup();
    await store.beginStep("p", 1, "s"); // a crash right after this
    const attempt = await rt.step("s", async (a) => ({ output: a }));
    expect(attempt).toBe(2);
  });

  it("suspends on input once, and resumes with the answer", async () => {
    const { store, rt } = setup();
    const ask = () => rt.input("q", { kind: "mode", title: "T", body: "B", options: [{ key: "1", label: "one" }], allowsText: false });
    const err = await ask().catch((e) => e);
    expect(err).toBeInstanceOf(Suspend);
    await expect(ask()).rejects.toBeInstanceOf(Suspend);
    expect(store.events.get("p")!.filter((e) => e.type === "input-request")).toHaveLength(1);
    store.answer("p", (err as Suspend).requestId, { selection: "1", text: null });
    expect(await ask()).toEqual({ selection: "1", text: null });
    expect(await ask()).toEqual({ selection: "1", text: null });
  });

  it("refuses every write once the lease epoch moved on", async () => {
    const { store, rt } = setup();
    store.epochs.set("p", 2);
    await expect(rt.emit("e", [{ type: "note", data: { kind: "info", phase: null, text: "late" } }])).rejects.toBeInstanceOf(LeaseLostError);
    expect(store.events.get("p")).toHaveLength(0);
  });

  it("streams deltas live and stores each message's text with offsets that rebuild it", async () => {
    const live: string[] = [];
    const { store, rt } = setup(1, { live: { delta: (_, d) => live.push(d.text) } });
    const words = "one two three four five six seven eight nine ten".split(" ").map((x) => `${x} `);
    await rt.step("turn", async () => {
      const w = rt.messageWriter(meta("m"), 1);
      for (const [i, piece] of words.entries()) {
        w.delta(piece);
        if (i % 3 === 2) await sleep(12);
      }
      await w.close();
      return { output: null, events: [{ type: "message-end", data: { ...meta("m"), content: words.join(""), summary: "" } }] };
    });
    expect(live).toEqual(words);
    const log = store.events.get("p")!;
    expect(log.filter((e) => e.type === "message-delta").length).toBeGreaterThan(1);
    expect(rebuilt(log)).toEqual({ m: words.join("") });
    expect(log.map((e) => e.type).filter((t) => t !== "message-delta")).toEqual(["message-start", "message-end"]);
    expect(log.map((e) => e.seq)).toEqual(log.map((_, i) => i + 1));
  });

  it("flushes the whole party's pending text in one commit per interval, not per agent or per token", async () => {
    // On the test's own clock: a busy machine stretches real timers, not this one.
    vi.useFakeTimers();
    try {
      const { store, commits, rt } = setup(1, { flushMs: 40 });
      const writers = ["a", "b", "c"].map((id) => rt.messageWriter(meta(id, `agent-${id}`), 1));
      let tokens = 0;
      // 300 ms of three agents writing a token every 5 ms each.
      for (let ms = 0; ms < 300; ms += 5) {
        for (const w of writers) w.delta(`t${tokens++} `);
        await vi.advanceTimersByTimeAsync(5);
      }
      await vi.advanceTimersByTimeAsync(100);
      await rt.flushed();
      // One flush per 40 ms: a handful of commits for 180 tokens from three agents.
      expect(tokens).toBe(180);
      expect(commits.length).toBeGreaterThanOrEqual(7);
      expect(commits.length).toBeLessThanOrEqual(9);
      // Each flush carries every agent that wrote since the last one, one delta event each.
      const busy = commits.slice(1, -1);
      for (const c of busy) expect(new Set(c.flatMap((e) => (e.type === "message-delta" ? [e.data.messageId] : []))).size).toBe(3);
      const log = store.events.get("p")!;
      expect(log.slice(0, 3).map((e) => e.type)).toEqual(["message-start", "message-start", "message-start"]);
      const texts = rebuilt(log);
      expect(Object.keys(texts).sort()).toEqual(["a", "b", "c"]);
      expect(texts.a.split(" ").filter(Boolean)).toHaveLength(tokens / 3);
    } finally {
      vi.useRealTimers();
    }
  });

  it("writes a short message's start, text, end and checkpoint in one commit, after one beginStep", async () => {
    const { store, commits, beginSteps, rt } = setup(1, { flushMs: 1000 });
    await rt.step("turn", async () => {
      const w = rt.messageWriter(meta("m"), 1);
      w.delta("Hello ");
      w.delta("there.");
      await w.close();
      return { output: "ok", events: [{ type: "message-end", data: { ...meta("m"), content: "Hello there.", summary: "" } }] };
    });
    expect(beginSteps()).toBe(1);
    expect(commits.map((c) => c.map((e) => e.type))).toEqual([["message-start", "message-delta", "message-end"]]);
    expect(await store.getCheckpoint("p", "turn")).toMatchObject({ status: "completed", output: "ok" });
    // An emit is one commit and no beginStep.
    await rt.emit("note", [{ type: "note", data: { kind: "info", phase: 1, text: "x" } }]);
    expect(beginSteps()).toBe(1);
    expect(commits).toHaveLength(2);
  });

  it("a restarted attempt discards the earlier one's text before it starts again", async () => {
    const { store, rt } = setup();
    const w = rt.messageWriter(meta("m"), 2);
    w.delta("again");
    await rt.flushed();
    expect(store.events.get("p")!.map((e) => e.type)).toEqual(["message-discard", "message-start", "message-delta"]);
  });

  it("flushes at once when the pending text passes flushChars", async () => {
    const { store, commits, rt } = setup(1, { flushMs: 60_000, flushChars: 100 });
    const w = rt.messageWriter(meta("m"), 1);
    for (let i = 0; i < 30; i++) {
      w.delta("0123456789");
      await sleep(1);
    }
    await sleep(20);
    // Far sooner than the interval: every 100 characters or so went at once.
    expect(commits.length).toBeGreaterThanOrEqual(3);
    await rt.flushed();
    expect(rebuilt(store.events.get("p")!)).toEqual({ m: "0123456789".repeat(30) });
  });

  it("after a failed flush, every later write of the run throws that error and writes nothing", async () => {
    const { store, rt } = setup();
    const w = rt.messageWriter(meta("m"), 1);
    w.delta("text");
    store.epochs.set("p", 2); // taken over before the flush
    await sleep(20);
    await expect(w.close()).rejects.toBeInstanceOf(LeaseLostError);
    store.epochs.set("p", 1);
    await expect(rt.emit("later", [{ type: "note", data: { kind: "info", phase: 1, text: "late" } }])).rejects.toBeInstanceOf(LeaseLostError);
    await expect(rt.step("s", async () => ({ output: 1 }))).rejects.toBeInstanceOf(LeaseLostError);
    expect(store.events.get("p")).toEqual([]);
  });
});
