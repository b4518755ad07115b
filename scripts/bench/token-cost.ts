// Row 2 — orchestrator cost per streamed token: model → MessageWriter.delta → bus → SSE
// frame → one viewer's stream, with the delta batches committed (in memory) and published
// every 32 tokens as in production. Batches of N tokens; each run of the pipeline is paired
// with runs of the same model alone, and the difference is the orchestrator's.
//
// Two instant models: a bare async token stream (one token per await, as a provider's
// stream hands them over) — the row; and the offline-style LanguageModelV4 read through
// the AI SDK's streamText exactly as an agent turn reads it — the cross-check. The SDK
// costs several times the budget per token by itself and its run-to-run spread is larger
// than the orchestrator's whole cost, so the subtraction through it is noisy at the tail.
import type { LanguageModelV4, LanguageModelV4StreamPart } from "@ai-sdk/provider";
import { streamText } from "ai";
import { EventBus, type Delta } from "../../lib/events/bus";
import { deltaFrame, partyEventStream } from "../../lib/events/sse";
import type { PartyEvent } from "../../lib/wire/events";
import { MemoryPartyStore } from "../../lib/party/testing/memory-store";
import { PartyRuntime } from "../../lib/party/runtime";
import { hookedStore } from "../../lib/party/store";
import { median, summarize, type Summary } from "./stats";
import { fmt, judge, type Row } from "./report";
import { defineRow } from "./row";

const WORDS = ["the ", "gym ", "books ", "slots ", "for ", "members, ", "and ", "route ", "setters ", "plan\n"];

/** A LanguageModelV4 that streams `tokens` text deltas at once. */
export function instantModel(tokens: number): LanguageModelV4 {
  const parts = (): LanguageModelV4StreamPart[] => [
    { type: "stream-start", warnings: [] },
    { type: "text-start", id: "t" },
    ...Array.from({ length: tokens }, (_, i): LanguageModelV4StreamPart => ({ type: "text-delta", id: "t", delta: WORDS[i % WORDS.length] })),
    { type: "text-end", id: "t" },
    { type: "finish", usage: { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: tokens, text: tokens, reasoning: 0 } }, finishReason: { unified: "stop", raw: "stop" } },
  ];
  return {
    specificationVersion: "v4",
    provider: "bench",
    modelId: "instant",
    supportedUrls: {},
    doGenerate: () => Promise.reject(new Error("stream only")),
    doStream: async () => {
      const list = parts();
      return {
        stream: new ReadableStream<LanguageModelV4StreamPart>({
          start(c) {
            for (const p of list) c.enqueue(p);
            c.close();
          },
        }),
      };
    },
  };
}

/** The bare instant model: one token per await. */
async function* tokenStream(n: number): AsyncGenerator<string> {
  for (let i = 0; i < n; i++) yield WORDS[i % WORDS.length];
}

async function consumeBare(n: number, onDelta: (t: string) => void): Promise<void> {
  for await (const t of tokenStream(n)) onDelta(t);
}

/** Drives the model like an agent turn's Discuss call; returns the tokens seen. */
async function consume(model: LanguageModelV4, onDelta: (t: string) => void): Promise<number> {
  const r = streamText({ model, prompt: "go", maxRetries: 0 });
  let n = 0;
  for await (const part of r.fullStream) {
    if (part.type === "text-delta") {
      n++;
      onDelta(part.text);
    }
  }
  return n;
}

export function endsWith(chunk: Uint8Array, frame: Uint8Array): boolean {
  if (chunk.length < frame.length) return false;
  const at = chunk.length - frame.length;
  for (let i = 0; i < frame.length; i++) if (chunk[at + i] !== frame[i]) return false;
  return true;
}

/** The production path without a database: commits go to memory and onto the bus. */
function pipeline(partyId: string) {
  const bus = new EventBus();
  const mem = new MemoryPartyStore();
  mem.addParty({ id: partyId, title: "t", description: "d", mode: "party", flags: [], status: "in_progress", modelSettings: {} });
  const store = hookedStore(mem, { afterCommit: (id, _events, stored) => bus.publish(id, stored) });
  const rt = new PartyRuntime(partyId, 1, { store, live: bus });
  return { bus, mem, rt };
}

export interface TokenCostResult {
  tokensPerBatch: number;
  batches: number;
  /** CPU µs per token, orchestrator only (bare model subtracted), over batches. */
  cpuUs: Summary;
  /** Same, from wall-clock time. */
  wallUs: Summary;
  /** CPU µs per token of the bare model alone (what was subtracted). */
  bareModelCpuUs: Summary;
  /** Cross-check through the AI SDK: orchestrator CPU µs per token (SDK run subtracted). */
  sdkCpuUs: Summary;
  /** CPU µs per token of the model + AI SDK streamText alone. */
  sdkAloneCpuUs: Summary;
  framesPerBatch: number;
}

const cpuNow = () => {
  const u = process.cpuUsage();
  return u.user + u.system;
};

export async function benchTokenCost(o: { tokensPerBatch: number; batches: number; warmup: number }): Promise<TokenCostResult> {
  const N = o.tokensPerBatch;
  const model = instantModel(N);
  const partyId = "bench-tokens";
  const { bus, mem, rt } = pipeline(partyId);

  // One SSE viewer, drained as it goes; a sentinel frame marks the end of each batch. The
  // stream coalesces the frames of one event-loop turn into one chunk, so the sentinel is
  // found at the end of a chunk, not as a chunk of its own (looking for the latter waited
  // forever whenever the sentinel shared a turn with the batch's last event).
  const stream = partyEventStream({ partyId, afterSeq: 0, bus, readEvents: async (p, after) => (mem.events.get(p) ?? []).filter((e) => e.seq > after).slice(0, 1000) });
  const reader = stream.getReader();
  let frames = 0;
  const waiting: { current: { frame: Uint8Array; done: () => void } | null } = { current: null };
  void (async () => {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      frames++;
      const w = waiting.current;
      if (w && endsWith(value, w.frame)) {
        waiting.current = null;
        w.done();
      }
    }
  })();
  let sentinels = 0;
  const drained = () =>
    new Promise<void>((resolve) => {
      const d: Delta = { messageId: `sentinel-${++sentinels}`, offset: 0, text: "" };
      waiting.current = { frame: deltaFrame(d), done: resolve };
      bus.delta(partyId, d);
    });
  await new Promise((r) => setTimeout(r, 20)); // let the stream catch up on the (empty) log
  await drained();

  let msg = 0;
  const meta = (id: string) => ({ messageId: id, phase: 1, type: "message" as const, sender: "nadia", recipient: null, label: "bench" });
  const withPipeline = (feed: (onDelta: (t: string) => void) => Promise<unknown>) => async () => {
    const id = `m${++msg}`;
    const w = rt.messageWriter(meta(id), 1);
    await feed(w.delta);
    await w.close();
    await rt.append([{ type: "message-end", data: { ...meta(id), content: "", summary: "" } } as PartyEvent]);
    await drained();
  };
  const bare = (onDelta: (t: string) => void) => consumeBare(N, onDelta);
  const sdk = (onDelta: (t: string) => void) => consume(model, onDelta);
  const noop = () => {};
  const runs = {
    bare: withPipeline(bare),
    bareAlone: () => bare(noop),
    sdk: withPipeline(sdk),
    sdkAlone: () => sdk(noop),
  };

  const measure = async (fn: () => Promise<unknown>) => {
    const c0 = cpuNow();
    const t0 = performance.now();
    await fn();
    return { cpu: cpuNow() - c0, wall: (performance.now() - t0) * 1000 };
  };

  const got: Record<keyof typeof runs, Array<{ cpu: number; wall: number }>> = { bare: [], bareAlone: [], sdk: [], sdkAlone: [] };
  for (let i = 0; i < o.warmup + o.batches; i++) {
    for (const k of Object.keys(runs) as Array<keyof typeof runs>) {
      const r = await measure(runs[k]);
      if (i >= o.warmup) got[k].push(r);
    }
    // Keep the in-memory log from growing without bound.
    if (i % 20 === 19) mem.events.set(partyId, (mem.events.get(partyId) ?? []).slice(-10));
  }
  await reader.cancel();
  // Each pipeline batch minus the model-alone batches beside it (before and after), so
  // slow drift on a shared machine cancels; a lone outlier on either side still shows.
  const diff = (with_: typeof got.bare, alone: typeof got.bare, k: "cpu" | "wall") =>
    with_.map((x, i) => (x[k] - median([alone[Math.max(0, i - 1)][k], alone[i][k], alone[Math.min(alone.length - 1, i + 1)][k]])) / N);
  return {
    tokensPerBatch: N,
    batches: o.batches,
    cpuUs: summarize(diff(got.bare, got.bareAlone, "cpu")),
    wallUs: summarize(diff(got.bare, got.bareAlone, "wall")),
    bareModelCpuUs: summarize(got.bareAlone.map((x) => x.cpu / N)),
    sdkCpuUs: summarize(diff(got.sdk, got.sdkAlone, "cpu")),
    sdkAloneCpuUs: summarize(got.sdkAlone.map((x) => x.cpu / N)),
    framesPerBatch: frames / (2 * (o.warmup + o.batches)),
  };
}

function tokenRows(t: TokenCostResult): Row[] {
  return [
    {
      id: "2",
      measure: "Orchestrator CPU per streamed token p50 / p99 (instant model → writer → bus → SSE frame → 1 viewer)",
      value: `${fmt.us(t.cpuUs.p50)} / ${fmt.us(t.cpuUs.p99)}`,
      goal: "p99 ≤ 10 µs",
      verdict: judge(t.cpuUs.p99, 10),
      measured: t.cpuUs.p99,
    },
    {
      id: "2b",
      measure: "  same through the AI SDK's streamText (as an agent turn reads it), SDK run subtracted p50 / p99",
      value: `${fmt.us(t.sdkCpuUs.p50)} / ${fmt.us(t.sdkCpuUs.p99)}`,
      goal: "",
      verdict: "info",
      measured: t.sdkCpuUs.p99,
    },
    {
      id: "2c",
      measure: "  instant model + AI SDK streamText alone (not orchestrator) p50 / p99",
      value: `${fmt.us(t.sdkAloneCpuUs.p50)} / ${fmt.us(t.sdkAloneCpuUs.p99)}`,
      goal: "",
      verdict: "info",
      measured: t.sdkAloneCpuUs.p50,
    },
  ];
}

const settings = (quick: boolean) => (quick ? { tokensPerBatch: 1000, batches: 20, warmup: 5 } : { tokensPerBatch: 2000, batches: 100, warmup: 10 });

export const tokenCostRow = defineRow<TokenCostResult>({
  id: "2",
  title: (o) => `${settings(o.quick).batches} batches of ${settings(o.quick).tokensPerBatch} tokens, pipeline and model alone alternating (bare model, then AI SDK)`,
  deadlineMs: (o) => (o.quick ? 2 : 10) * 60_000,
  run: (o) => benchTokenCost(settings(o.quick)),
  table: tokenRows,
});
