import { afterEach, describe, expect, it, vi } from "vitest";
import { fetchStoredLog, parseStoredFrames } from "./stored-log";

const frame = (seq: number, type: string, data: object) => `id: ${seq}\nevent: ${type}\ndata: ${JSON.stringify({ seq, type, at: "2026-11-22T10:00:00Z", data })}\n\n`;

describe("parseStoredFrames", () => {
  it("keeps stored events, skips live deltas, pings and retry hints, and returns the unfinished tail", () => {
    const live = `event: message-delta\ndata: ${JSON.stringify({ type: "message-delta", data: { messageId: "m", offset: 0, text: "hi" } })}\n\n`;
    const text = `retry: 1000\n\n${frame(1, "party-start", { title: "t" })}: ping\n\n${live}${frame(2, "note", { kind: "info", phase: null, text: "x" })}id: 3\nevent: no`;
    const { events, rest } = parseStoredFrames(text);
    expect(events.map((e) => [e.seq, e.type])).toEqual([
      [1, "party-start"],
      [2, "note"],
    ]);
    expect(rest).toBe("id: 3\nevent: no");
  });

  it("reads a frame split across chunks once it is complete", () => {
    const whole = frame(7, "phase-end", { phase: 1 });
    const first = parseStoredFrames(whole.slice(0, 20));
    expect(first.events).toEqual([]);
    const second = parseStoredFrames(first.rest + whole.slice(20));
    expect(second.events.map((e) => e.seq)).toEqual([7]);
    expect(second.rest).toBe("");
  });
});

describe("fetchStoredLog", () => {
  const sse = (seqs: number[], types: Record<number, string> = {}) => seqs.map((n) => frame(n, types[n] ?? "note", { kind: "info", phase: null, text: `e${n}` })).join("");
  const asked: string[] = [];
  const respond = (pages: Record<string, string | 204>) => {
    asked.length = 0;
    vi.stubGlobal("fetch", async (url: string) => {
      asked.push(url);
      const body = pages[url];
      if (body === undefined) return new Response("not found", { status: 404 });
      if (body === 204) return new Response(null, { status: 204 });
      // Split mid-frame: the reader must join chunks.
      const bytes = new TextEncoder().encode(`retry: 1000\n\n${body}`);
      return new Response(new ReadableStream({ start: (c) => (c.enqueue(bytes.slice(0, 50)), c.enqueue(bytes.slice(50)), c.close()) }), { status: 200 });
    });
  };
  afterEach(() => vi.unstubAllGlobals());

  it("reads the log up to the wanted seq, resuming after party-end for the events that came later", async () => {
    respond({
      "/api/parties/p/events": sse([1, 2, 3], { 3: "party-end" }),
      "/api/parties/p/events?after=3": sse([4, 5, 6]),
    });
    const log = await fetchStoredLog("p", null, 5);
    expect(log.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(asked).toEqual(["/api/parties/p/events", "/api/parties/p/events?after=3"]);
  });

  it("carries the watch token and says so when the log stops short", async () => {
    respond({ "/api/parties/p/events?watch=w": sse([1, 2], { 2: "party-end" }), "/api/parties/p/events?after=2&watch=w": 204 });
    await expect(fetchStoredLog("p", "w", 4)).rejects.toThrow("The log stopped at event 2 of 4.");
  });

  it("fails on a refusal", async () => {
    respond({});
    await expect(fetchStoredLog("p", null, 3)).rejects.toThrow("404");
  });
});
