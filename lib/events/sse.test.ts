import { describe, expect, it } from "vitest";
import { EventSourceParserStream } from "eventsource-parser/stream";
import type { PartyEvent, StoredEvent } from "../wire/events";
import { EventBus } from "./bus";
import { eventFrame, partyEventStream } from "./sse";

const note = (seq: number, text = `n${seq}`): StoredEvent => ({ type: "note", data: { kind: "info", phase: 1, text }, seq, at: "2026-01-01T00:00:00.000Z" }) as StoredEvent;

function fakeLog(n: number) {
  const log: StoredEvent[] = Array.from({ length: n }, (_, i) => note(i + 1));
  return { log, read: async (_p: string, after: number) => log.filter((e) => e.seq > after).slice(0, 3) };
}

async function collect(stream: ReadableStream<Uint8Array>, until: (evs: Array<{ id?: string; event?: string; data: string }>) => boolean) {
  const out: Array<{ id?: string; event?: string; data: string }> = [];
  const reader = stream.pipeThrough(new TextDecoderStream() as unknown as ReadableWritablePair<string, Uint8Array>).pipeThrough(new EventSourceParserStream()).getReader();
  while (!until(out)) {
    const { value, done } = await reader.read();
    if (done) break;
    out.push(value);
  }
  await reader.cancel();
  return out;
}

describe("partyEventStream", () => {
  it("closes when access is revoked, before anything later is sent: on the bus's word, or at a heartbeat when told to check then", async () => {
    for (const via of ["bus", "heartbeat"] as const) {
      const bus = new EventBus();
      const { log, read } = fakeLog(2);
      let allowed = true;
      const stream = partyEventStream({ partyId: "p", afterSeq: 0, bus, readEvents: read, allowed: async () => allowed, recheckOnHeartbeat: via === "heartbeat", heartbeatMs: 30 });
      setTimeout(() => {
        allowed = false;
        if (via === "bus") bus.accessChanged("p");
        setTimeout(() => {
          const e3 = note(3, "after the revocation");
          log.push(e3);
          bus.publish("p", [e3]);
          bus.delta("p", { messageId: "m", offset: 0, text: "after" });
        }, via === "bus" ? 0 : 80);
      }, 30);
      const got = await collect(stream, () => false);
      expect(got.filter((e) => e.id).map((e) => e.id), via).toEqual(["1", "2"]);
      expect(got.some((e) => e.data.includes("after")), via).toBe(false);
    }
  });

  it("replays the log after the given seq in pages, then live events, in order with ids", async () => {
    const bus = new EventBus();
    const { log, read } = fakeLog(7);
    const stream = partyEventStream({ partyId: "p", afterSeq: 2, bus, readEvents: read, pageSize: 3 });
    setTimeout(() => {
      const e8 = note(8);
      log.push(e8);
      bus.publish("p", [e8]);
    }, 20);
    const got = await collect(stream, (o) => o.length >= 6);
    expect(got.map((e) => e.id)).toEqual(["3", "4", "5", "6", "7", "8"]);
    expect(got.every((e) => e.event === "note")).toBe(true);
    expect(JSON.parse(got[0].data)).toMatchObject({ seq: 3, type: "note", data: { text: "n3" } });
  });

  it("sends live deltas without an id, and fills a gap from the log instead of skipping it", async () => {
    const bus = new EventBus();
    const { log, read } = fakeLog(1);
    const stream = partyEventStream({ partyId: "p", afterSeq: 0, bus, readEvents: read });
    setTimeout(() => {
      bus.delta("p", { messageId: "m", offset: 0, text: "Hel" });
      // seq 2 and 3 committed, but only 3 is announced (2 came from another instance).
      log.push(note(2), note(3));
      bus.publish("p", [log[2]]);
    }, 20);
    const got = await collect(stream, (o) => o.filter((e) => e.id).length >= 3);
    expect(got.filter((e) => e.id).map((e) => e.id)).toEqual(["1", "2", "3"]);
    const delta = got.find((e) => e.event === "message-delta");
    expect(delta?.id).toBeUndefined();
    expect(JSON.parse(delta!.data).data).toEqual({ messageId: "m", offset: 0, text: "Hel" });
  });

  it("coalesces the frames of one event-loop turn into one chunk, in order, and flushes them before closing", async () => {
    const bus = new EventBus();
    const { read } = fakeLog(1);
    const stream = partyEventStream({ partyId: "p", afterSeq: 0, bus, readEvents: read });
    const reader = stream.getReader();
    const decoder = new TextDecoder();
    // The replay: retry hint and seq 1.
    let text = "";
    while (!text.includes("id: 1\n")) text += decoder.decode((await reader.read()).value);
    for (let i = 0; i < 50; i++) bus.delta("p", { messageId: "m", offset: i, text: `t${i} ` });
    const { value } = await reader.read();
    const chunk = decoder.decode(value);
    expect(chunk.match(/event: message-delta/g)).toHaveLength(50);
    expect([...chunk.matchAll(/"text":"(t\d+) "/g)].map((m) => m[1])).toEqual(Array.from({ length: 50 }, (_, i) => `t${i}`));
    // A delta then the shutdown in the same turn: both arrive, the stream ends.
    bus.delta("p", { messageId: "m", offset: 50, text: "last" });
    bus.closeAll();
    let rest = "";
    for (;;) {
      const r = await reader.read();
      if (r.done) break;
      rest += decoder.decode(r.value);
    }
    expect(rest).toContain('"text":"last"');
    expect(rest.trim().endsWith("retry: 1000")).toBe(true);
  });

  it("ends after party-end, and on shutdown with a retry hint", async () => {
    const bus = new EventBus();
    const end = { type: "party-end", data: { status: "completed" }, seq: 1, at: "x" } as StoredEvent;
    const s1 = partyEventStream({ partyId: "p", afterSeq: 0, bus, readEvents: async (_p, a) => (a < 1 ? [end] : []) });
    const got = await collect(s1, () => false);
    expect(got.map((e) => e.event)).toEqual(["party-end"]);
    expect(bus.viewers("p")).toBe(0);

    const s2 = partyEventStream({ partyId: "q", afterSeq: 0, bus, readEvents: async () => [] });
    setTimeout(() => bus.closeAll(), 20);
    const text = await new Response(s2).text();
    expect(text.trim().endsWith("retry: 1000")).toBe(true);
  });

  it("encodes a frame once for every viewer", () => {
    const e = note(1);
    expect(eventFrame(e)).toBe(eventFrame(e));
    const ev: PartyEvent = e;
    expect(new TextDecoder().decode(eventFrame(e))).toBe(`id: 1\nevent: note\ndata: ${JSON.stringify({ seq: 1, type: "note", at: e.at, data: ev.data })}\n\n`);
  });
});

describe("a long replay", () => {
  const bigLog = (n: number) => {
    const text = "x".repeat(2000);
    const log: StoredEvent[] = Array.from({ length: n }, (_, i) => note(i + 1, text));
    let reads = 0;
    return { log, reads: () => reads, read: async (_p: string, after: number) => (reads++, log.filter((e) => e.seq > after).slice(0, 50)) };
  };

  it("reads the next page only when the reader has taken the last: a slow reader never holds the whole log", async () => {
    const { read, reads } = bigLog(2000); // about 4 MB of frames
    const stream = partyEventStream({ partyId: "p", afterSeq: 0, bus: new EventBus(), readEvents: read, pageSize: 50 });
    const reader = stream.getReader();
    await reader.read();
    await new Promise((r) => setTimeout(r, 100));
    // 256 KB ahead of the reader is about 130 frames: three pages, not forty.
    expect(reads()).toBeLessThan(6);
    let bytes = 0;
    for (;;) {
      const { value } = await reader.read();
      bytes += value!.byteLength;
      if (new TextDecoder().decode(value!).includes("id: 2000\n")) break;
    }
    expect(reads()).toBeGreaterThanOrEqual(40);
    expect(bytes).toBeGreaterThan(4_000_000);
    await reader.cancel();
  });

  it("waits for its replay turn, reads nothing before it, and the turn passes on when the holder is cancelled", async () => {
    const { ReplayGate } = await import("../server/replay-gate");
    const gate = new ReplayGate(1);
    const bus = new EventBus();
    // The first replay is long and its reader slow: it holds the identity's one turn.
    const long = bigLog(2000);
    const first = partyEventStream({ partyId: "p", afterSeq: 0, bus, readEvents: long.read, pageSize: 50, replayTurn: () => gate.turn("guest:g") });
    const firstReader = first.getReader();
    await firstReader.read();
    const b = fakeLog(4);
    let bReads = 0;
    const second = partyEventStream({ partyId: "q", afterSeq: 0, bus, readEvents: (p, s) => (bReads++, b.read(p, s)), pageSize: 3, replayTurn: () => gate.turn("guest:g") });
    const got = collect(second, (o) => o.filter((e) => e.id).length >= 4);
    await new Promise((r) => setTimeout(r, 50));
    expect(bReads).toBe(0);
    expect(gate.running("guest:g")).toBe(1);
    // Another identity has its own turns.
    const other = await gate.turn("guest:other");
    other();
    await firstReader.cancel();
    expect((await got).filter((e) => e.id).map((e) => e.id)).toEqual(["1", "2", "3", "4"]);
    expect(bReads).toBeGreaterThan(0);
    expect(gate.running("guest:g")).toBe(0);
  });
});
