import { describe, expect, it } from "vitest";
import { MemoryPartyStore } from "./memory-store";
import { PartyRuntime, Suspend } from "./runtime";
import { LeaseLostError } from "./store";

function setup(epoch = 1) {
  const store = new MemoryPartyStore();
  store.addParty({ id: "p", title: "t", description: "d", mode: "party", flags: [], status: "pending", modelSettings: {} }, epoch);
  return { store, rt: new PartyRuntime("p", epoch, { store, flushMs: 5, flushTokens: 4 }) };
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

  it("streams deltas live and batches them into the log with offsets that rebuild the text", async () => {
    const { store } = setup();
    const live: string[] = [];
    const rt = new PartyRuntime("p", 1, { store, flushMs: 5, flushTokens: 4, live: { delta: (_, d) => live.push(d.text) } });
    const w = rt.messageWriter({ messageId: "m", phase: 1, type: "message", sender: "nadia", recipient: null, label: "QUESTIONS" }, 1);
    const words = "one two three four five six seven eight nine ten".split(" ").map((x) => `${x} `);
    for (const piece of words) w.delta(piece);
    await new Promise((r) => setTimeout(r, 20));
    await w.close();
    expect(live).toEqual(words);
    const batches = store.events.get("p")!.filter((e) => e.type === "message-delta");
    expect(batches.length).toBeGreaterThan(1);
    expect(batches.length).toBeLessThan(words.length);
    let text = "";
    for (const b of batches) if (b.type === "message-delta") text = text.slice(0, b.data.offset) + b.data.text;
    expect(text).toBe(words.join(""));
    expect(store.events.get("p")!.map((e) => e.seq)).toEqual(store.events.get("p")!.map((_, i) => i + 1));
  });
});
