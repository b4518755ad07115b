// Whole parties on the real-provider path: the openai-compatible provider over real HTTP
// against a scripted server started here, which answers like an imperfect LLM
// (lib/ai/testing/scripted-openai-server.ts). The party must complete with every
// document, validate what it gets, ride out rate limits, and record exactly the usage
// the server reported (or an estimate, flagged, where it reported none).
import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_RETRY } from "../agents/provider-retry";
import { createModelRegistry } from "../ai/model-registry";
import { startScriptedAnthropicServer, type AnthropicServer, type MessagesBody } from "../ai/testing/scripted-anthropic-server";
import type { ScriptedServerOptions as Options } from "../ai/testing/scripted-core";
import { startScriptedOpenAIServer, type RecordedRequest, type ScriptedServer, type ScriptedServerOptions } from "../ai/testing/scripted-openai-server";
import { ARTIFACT_PATHS } from "@inception-party/protocol";
import { driveParty, finalArtifacts, ofType } from "./testing/drive-party";
import { summarizeUsage, usageRecords } from "./usage-summary";

const DESCRIPTION = "A booking app for a network of independent climbing gyms in Austria: members reserve time slots, gyms manage capacity and route setting, and payments go through the app.";
const SIX = [ARTIFACT_PATHS.brief, ARTIFACT_PATHS.architecture, ARTIFACT_PATHS.dataModel, ARTIFACT_PATHS.testStrategy, ARTIFACT_PATHS.constitution, ARTIFACT_PATHS.skillReport];

// The backoff after a 5xx, a 529 or a reset, shortened: the production policy (exponential,
// full jitter, the same time bound) at 1/50 of its steps, so the parties spend their time
// on calls rather than asleep (the backoff itself is tested in lib/agents/agent-turn.test.ts).
// A Retry-After the server names is honoured as ever.
const RETRY = { ...DEFAULT_RETRY, baseDelayMs: 20, maxDelayMs: 400 };

let server: ScriptedServer | undefined;
let anthropic: AnthropicServer | undefined;

afterEach(async () => {
  await server?.close();
  await anthropic?.close();
  server = undefined;
  anthropic = undefined;
});

async function run(o: ScriptedServerOptions, partyId: string) {
  server = await startScriptedOpenAIServer({ seed: 3, ...o });
  const models = createModelRegistry({ defaultModel: "openai-compatible:scripted-llm", openaiCompatibleBaseUrl: server.url, offline: { seed: 3, tokensPerSecond: 0, firstTokenMs: 0 } });
  const r = await driveParty({ description: DESCRIPTION, mode: "party", partyId, models, timeoutMs: 5_000, retry: RETRY });
  return r;
}

const usageTotals = (events: Awaited<ReturnType<typeof run>>["events"]) =>
  ofType(events, "usage").reduce(
    (t, e) => ({
      input: t.input + e.data.inputTokens,
      output: t.output + e.data.outputTokens,
      cached: t.cached + (e.data.cacheReadTokens ?? 0),
      calls: t.calls + (e.data.calls ?? 0),
      estimated: t.estimated + (e.data.estimatedCalls ?? 0),
    }),
    { input: 0, output: 0, cached: 0, calls: 0, estimated: 0 },
  );

describe("a party against an OpenAI-compatible server", () => {
  it("completes with all six documents; the usage recorded equals what the server reported", async () => {
    const r = await run({}, "rp-clean");
    expect(r.outcome).toEqual({ status: "completed" });
    const docs = finalArtifacts(r.events);
    for (const p of SIX) expect(docs.get(p), p).toBeTruthy();
    const sent = server!.reportedUsage();
    const got = usageTotals(r.events);
    expect(got).toEqual({ input: sent.prompt, output: sent.completion, cached: sent.cached, calls: server!.requests.length, estimated: 0 });
    // The party's cost summary (state.json, dashboard): the same sums; the price of a
    // model on an OpenAI-compatible server is unknown, so its cost is null, not 0.
    const summary = summarizeUsage(usageRecords(r.events));
    expect(summary.total).toMatchObject({ inputTokens: sent.prompt, outputTokens: sent.completion, cacheReadTokens: sent.cached, calls: server!.requests.length, costUsd: null, pricedCostUsd: 0 });
    expect(summary.byAgent.reduce((t, a) => t + a.inputTokens, 0)).toBe(sent.prompt);
    expect(summary.byPhase.map((p) => [p.mode, p.phase])).toEqual([1, 2, 3, 4].map((n) => ["party", n]));
    // No serialize retry: every instruction states what its validator checks.
    expect(server!.requests.filter((q) => q.body.messages.at(-1)?.role === "tool")).toEqual([]);
    expect(ofType(r.events, "agent-failure")).toEqual([]);
    // Every call asked for a bounded output.
    expect(new Set(server!.requests.map((q) => q.body.max_tokens))).toEqual(new Set([32_000]));
    // Discuss calls that share a cacheable prefix (rules, context, material: every message
    // but the last) and start together go after the first one's first token, so the
    // provider's cache serves the prefix to all but the first.
    const groups = new Map<string, RecordedRequest[]>();
    for (const q of server!.requests.filter((q) => !q.body.messages.some((m) => m.role === "assistant"))) {
      const key = JSON.stringify(q.body.messages.slice(0, -1));
      groups.set(key, [...(groups.get(key) ?? []), q]);
    }
    let served = 0;
    for (const qs of groups.values()) {
      const shared = Math.ceil([JSON.stringify(qs[0].body.tools ?? []), ...qs[0].body.messages.slice(0, -1).map((m) => JSON.stringify(m))].join("").length / 4);
      if (shared < 1024) continue;
      for (const q of qs.slice(1)) {
        expect(q.cachedTokens, `request ${q.n}`).toBeGreaterThanOrEqual(shared);
        served++;
      }
    }
    expect(served).toBeGreaterThanOrEqual(10);
  }, 120_000);

  it("rides out an imperfect model: arbitrary or broken tool arguments, text instead of the tool, 429s and 5xx, resets", async () => {
    const r = await run(
      {
        rates: { "arbitrary-args": 0.08, "invalid-json": 0.08, "missing-field": 0.08, "text-instead": 0.08, "rate-limit": 0.1, "server-error": 0.04, overloaded: 0.02, reset: 0.03 },
        retryAfterSeconds: 0.05,
      },
      "rp-imperfect",
    );
    expect(r.outcome).toEqual({ status: "completed" });
    const docs = finalArtifacts(r.events);
    for (const p of SIX) expect(docs.get(p), p).toBeTruthy();
    const faults = new Set(server!.requests.map((q) => q.fault).filter(Boolean));
    expect(faults.size).toBeGreaterThanOrEqual(6);
    // Tool-argument faults were fed back through the native pattern and repaired.
    expect(server!.requests.some((q) => q.body.messages.at(-1)?.role === "tool")).toBe(true);
    // Usage: every reported token is recorded; calls without usage (refused, reset) are counted too.
    const sent = server!.reportedUsage();
    const got = usageTotals(r.events);
    // A reset before the first byte of the body looks like a connection that never got
    // through and is not counted as a call; every other request is.
    expect(got.calls).toBeGreaterThanOrEqual(server!.requests.filter((q) => q.fault !== "reset").length);
    expect(got.calls).toBeLessThanOrEqual(server!.requests.length);
    expect(got.output).toBeGreaterThanOrEqual(sent.completion);
    expect(got.input).toBeGreaterThanOrEqual(sent.prompt);
  }, 180_000);

  it("a server that sends no usage is recorded with flagged estimates", async () => {
    const r = await run({ decide: ({ n }) => (n % 2 === 0 ? "no-usage" : null) }, "rp-no-usage");
    expect(r.outcome).toEqual({ status: "completed" });
    const got = usageTotals(r.events);
    const silent = server!.requests.filter((q) => q.fault === "no-usage").length;
    expect(got.estimated).toBe(silent);
    expect(got.calls).toBe(server!.requests.length);
    // The estimate is the server's own character count within rounding of the JSON framing.
    const sent = server!.reportedUsage();
    expect(got.input).toBeGreaterThan(sent.prompt);
  }, 120_000);

  it("backs off a 429 for the Retry-After it names before asking again", async () => {
    let limited = 0;
    const r = await run({ decide: ({ n }) => (n === 2 || n === 3 ? (limited++, "rate-limit") : null), retryAfterSeconds: 0.4 }, "rp-429");
    expect(r.outcome).toEqual({ status: "completed" });
    expect(limited).toBe(2);
    // Each refused request is sent again, unchanged, only after the wait it was told.
    const same = (a: RecordedRequest, b: RecordedRequest) => JSON.stringify(a.body) === JSON.stringify(b.body);
    for (const refused of server!.requests.filter((q) => q.fault === "rate-limit")) {
      const again = server!.requests.find((q) => q.n > refused.n && same(q, refused))!;
      expect(again.at - refused.at).toBeGreaterThanOrEqual(390);
      expect(again.at - refused.at).toBeLessThan(2_000);
    }
    expect(ofType(r.events, "agent-failure")).toEqual([]);
  }, 120_000);
});

describe("a party against an Anthropic Messages server", () => {
  async function runAnthropic(o: Options<MessagesBody>, partyId: string) {
    anthropic = await startScriptedAnthropicServer({ seed: 3, ...o });
    const models = createModelRegistry({ defaultModel: "anthropic:claude-sonnet-4-5", anthropicApiKey: "test-key", anthropicBaseUrl: anthropic.url, offline: { seed: 3, tokensPerSecond: 0, firstTokenMs: 0 } });
    return driveParty({ description: DESCRIPTION, mode: "party", partyId, models, timeoutMs: 5_000, retry: RETRY });
  }

  it("completes with all six documents; cache reads and writes are recorded as sent, and priced", async () => {
    const r = await runAnthropic({}, "ra-clean");
    expect(r.outcome).toEqual({ status: "completed" });
    const docs = finalArtifacts(r.events);
    for (const p of SIX) expect(docs.get(p), p).toBeTruthy();
    expect(ofType(r.events, "agent-failure")).toEqual([]);
    const sent = anthropic!.reportedUsage();
    const total = summarizeUsage(usageRecords(r.events)).total;
    expect(total).toMatchObject({ inputTokens: sent.prompt, outputTokens: sent.completion, cacheReadTokens: sent.cached, cacheWriteTokens: sent.cacheWrite, calls: anthropic!.requests.length, estimatedCalls: 0 });
    // The marked blocks are where a cache serves: the shared parts of Discuss, Summarize for Serialize.
    expect(sent.cached).toBeGreaterThan(0.25 * sent.prompt);
    expect(total.costUsd).toBeGreaterThan(0);
    // Anthropic takes at most four cache breakpoints a request.
    const marks = (b: MessagesBody) => JSON.stringify(b).split('"cache_control"').length - 1;
    expect(Math.max(...anthropic!.requests.map((q) => marks(q.body)))).toBeLessThanOrEqual(4);
  }, 120_000);

  it("rides out an imperfect model: broken tool arguments, text instead of the tool, 429, 500, 529 overloaded, resets", async () => {
    const r = await runAnthropic(
      { rates: { "arbitrary-args": 0.06, "invalid-json": 0.06, "missing-field": 0.06, "text-instead": 0.06, "rate-limit": 0.08, "server-error": 0.04, overloaded: 0.06, reset: 0.03 }, retryAfterSeconds: 0.05 },
      "ra-imperfect",
    );
    expect(r.outcome).toEqual({ status: "completed" });
    const docs = finalArtifacts(r.events);
    for (const p of SIX) expect(docs.get(p), p).toBeTruthy();
    expect(new Set(anthropic!.requests.map((q) => q.fault).filter(Boolean)).size).toBeGreaterThanOrEqual(6);
    // Tool-argument faults came back as tool results marked as errors and were repaired.
    const last = (b: MessagesBody) => b.messages.at(-1)!.content;
    expect(anthropic!.requests.some((q) => typeof last(q.body) !== "string" && (last(q.body) as Array<{ type: string; is_error?: boolean }>).some((x) => x.type === "tool_result" && x.is_error))).toBe(true);
    const sent = anthropic!.reportedUsage();
    const total = summarizeUsage(usageRecords(r.events)).total;
    expect(total.inputTokens).toBeGreaterThanOrEqual(sent.prompt);
    expect(total.outputTokens).toBeGreaterThanOrEqual(sent.completion);
  }, 180_000);
});
