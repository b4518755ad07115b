// Realistic pacing: first-token delay, then ~1-token deltas at tokensPerSecond with
// batched timers, and a prompt stop on abort.
import { streamText } from "ai";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createOfflineModel } from "./index";
import { paced, tokenize } from "./pacing";
import { promptFor } from "./testing/party-fixtures";

const sections = { project_description: "A volunteer scheduling tool for a food bank in Leeds: coordinators publish shifts, volunteers sign up from their phones and get SMS reminders." };
// A Discuss call (the signal tool is offered), so the whole message streams.
const call = () => ({
  prompt: promptFor("vision.questions", "nadia", sections),
  tools: [{ type: "function" as const, name: "ready_to_summarize", inputSchema: { type: "object" as const, properties: {} } }],
});

afterEach(() => vi.restoreAllMocks());

describe("pacing", () => {
  it("takes about tokens / tokensPerSecond after the first-token delay", async () => {
    const model = createOfflineModel({ tokensPerSecond: 200, firstTokenMs: 50 });
    const t0 = performance.now();
    const { stream } = await model.doStream(call());
    const reader = stream.getReader();
    let text = "";
    let firstAt = 0;
    let deltas = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (value.type === "text-delta") {
        if (!deltas) firstAt = performance.now() - t0;
        deltas++;
        text += value.delta;
      }
    }
    const elapsed = performance.now() - t0;
    const tokens = tokenize(text).length;
    expect(tokens).toBeGreaterThan(60);
    expect(tokens).toBeLessThan(200);
    expect(deltas).toBe(tokens);
    expect(firstAt).toBeGreaterThanOrEqual(45);
    expect(elapsed).toBeGreaterThan(300);
    expect(elapsed).toBeGreaterThan(50 + tokens * 5 * 0.8);
    expect(elapsed).toBeLessThan(50 + tokens * 5 + 1500);
  });

  it("batches timers: far fewer timeouts than tokens at 150 tok/s", async () => {
    const spy = vi.spyOn(globalThis, "setTimeout");
    const chunks = Array.from({ length: 150 }, (_, i) => `w${i} `);
    const out: string[] = [];
    await paced(chunks, { tokensPerSecond: 150, firstTokenMs: 0 }, (c) => out.push(c));
    expect(out).toEqual(chunks);
    expect(spy.mock.calls.length).toBeLessThan(60);
  });

  it("stops promptly when aborted mid-stream", async () => {
    const model = createOfflineModel({ tokensPerSecond: 20, firstTokenMs: 0 });
    const ac = new AbortController();
    const { stream } = await model.doStream({ ...call(), abortSignal: ac.signal });
    const reader = stream.getReader();
    let deltas = 0;
    setTimeout(() => ac.abort(), 200);
    const t0 = performance.now();
    let error: unknown;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        if (value.type === "text-delta") deltas++;
      }
    } catch (e) {
      error = e;
    }
    expect((error as Error)?.name).toBe("AbortError");
    expect(performance.now() - t0).toBeLessThan(400);
    expect(deltas).toBeLessThan(10);
  });

  it("ends a streamText call early through the AI SDK's abortSignal", async () => {
    const model = createOfflineModel({ tokensPerSecond: 20 });
    const ac = new AbortController();
    const r = streamText({ model, prompt: "A plain question without headers, answered slowly.", abortSignal: ac.signal });
    setTimeout(() => ac.abort(), 150);
    const t0 = performance.now();
    let n = 0;
    try {
      for await (const _ of r.textStream) n++;
    } catch {
      // the SDK may surface the abort as an error; either way it must stop
    }
    expect(performance.now() - t0).toBeLessThan(600);
    expect(n).toBeLessThan(10);
  });

  it("rejects at once when the signal is already aborted", async () => {
    const model = createOfflineModel();
    const ac = new AbortController();
    ac.abort();
    await expect(model.doStream({ ...call(), abortSignal: ac.signal })).rejects.toMatchObject({ name: "AbortError" });
    await expect(model.doGenerate({ ...call(), abortSignal: ac.signal })).rejects.toMatchObject({ name: "AbortError" });
  });
});
