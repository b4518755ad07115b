import type { LanguageModelV4CallOptions, LanguageModelV4Prompt, LanguageModelV4StreamPart } from "@ai-sdk/provider";
import { APICallError } from "ai";
import { convertArrayToReadableStream, MockLanguageModelV4 } from "ai/test";
import { describe, expect, it } from "vitest";
import { createOfflineModel } from "@inception-party/offline-model";
import { formatHeader, formatSections, TASKS, type TaskDef } from "@inception-party/protocol";
import { AgentTurnError, runAgentTurn, VALIDATION_RETRIES, type AgentTurnInput, type TurnPrompt } from "./agent-turn";

const task = TASKS["vision.questions"] as unknown as TaskDef;
const VALID = { questions: [{ text: "Who orders most often?", topic: "users" }, { text: "What does success look like?", topic: "metrics" }] };
const usage = { inputTokens: { total: 3, noCache: 3, cacheRead: 1, cacheWrite: 0 }, outputTokens: { total: 2, text: 2, reasoning: 0 } };

type Stage = "discuss" | "summarize" | "serialize";
// Serialize forces the tool; Summarize follows the message; Discuss writes it.
const stageOf = (o: LanguageModelV4CallOptions): Stage => (o.toolChoice?.type === "tool" ? "serialize" : o.prompt.some((m) => m.role === "assistant") ? "summarize" : "discuss");

const text = (t: string): LanguageModelV4StreamPart[] => [
  { type: "text-start", id: "t" },
  { type: "text-delta", id: "t", delta: t },
  { type: "text-end", id: "t" },
];
const call = (toolName: string, input: string, id = `c_${toolName}`): LanguageModelV4StreamPart => ({ type: "tool-call", toolCallId: id, toolName, input });
const finish = (reason: "stop" | "tool-calls", u: typeof usage | null = usage): LanguageModelV4StreamPart => ({
  type: "finish",
  usage: u ?? { inputTokens: { total: undefined, noCache: undefined, cacheRead: undefined, cacheWrite: undefined }, outputTokens: { total: undefined, text: undefined, reasoning: undefined } },
  finishReason: { unified: reason, raw: reason },
});

type Answer = LanguageModelV4StreamPart[] | Error;

/** A scripted model: `answer(stage, n)` gives the parts of the n-th call (1-based) of that stage, or an error to throw. */
function scripted(answer: (stage: Stage, n: number, o: LanguageModelV4CallOptions) => Answer) {
  const seen: Record<Stage, LanguageModelV4CallOptions[]> = { discuss: [], summarize: [], serialize: [] };
  const model = new MockLanguageModelV4({
    doStream: async (o) => {
      const s = stageOf(o);
      seen[s].push(o);
      const a = answer(s, seen[s].length, o);
      if (a instanceof Error) throw a;
      return { stream: convertArrayToReadableStream<LanguageModelV4StreamPart>([{ type: "stream-start", warnings: [] }, ...a]) };
    },
  });
  return { model, seen };
}

const DISCUSS = "QUESTIONS:\n1. Who orders most often? (topic: users)";
const basic = (serialize: (n: number) => string) =>
  scripted((stage, n) => {
    if (stage === "discuss") return [...text(DISCUSS), finish("stop")];
    if (stage === "summarize") return [...text("Two questions about users and success."), finish("stop")];
    return [call(task.tool, serialize(n), `c${n}`), finish("tool-calls")];
  });

const SECTIONS = formatSections({ project_description: "A meal marketplace." });
const prompt: TurnPrompt = {
  system: "You are a specialist on a team.",
  context: `THE PROJECT SO FAR:\n\n${SECTIONS}`,
  material: `WHAT THE TASK WORKS ON:\n\n${formatSections({ conversation: "OSCAR: Who pays?" })}`,
  task: `You are Nadia, Product Analyst.\n\n${formatHeader({ task: "vision.questions", agent: "nadia" })}\n\nYOUR TASK: Ask 2 or 3 questions.`,
  followUpSystem: "You are Nadia, Product Analyst. Follow each request exactly.",
  taskBrief: formatHeader({ task: "vision.questions", agent: "nadia" }),
  instruction: "Ask 2 or 3 questions. Write:\nQUESTIONS:\n1. {question} (topic: {one word})",
};
const input: Omit<AgentTurnInput<TaskDef["schema"]>, "model"> = { task, prompt, timeouts: { firstTokenMs: 5_000, idleMs: 5_000 }, retry: { maxElapsedMs: 2_000, baseDelayMs: 10, maxDelayMs: 50 } };

const textOf = (m: LanguageModelV4Prompt[number]): string =>
  m.role === "system" ? m.content : m.content.map((c) => (c.type === "text" ? c.text : c.type === "tool-result" && "value" in c.output ? String(c.output.value) : "")).join("");

/** The feedback the model was given: the last user or tool message. */
const lastFeedback = (o: LanguageModelV4CallOptions) => textOf(o.prompt.at(-1)!);

describe("what each call is sent", () => {
  it("Discuss gets the shared parts first (rules, party context, material), then the agent's task, no tools; Summarize and Serialize get the message without the input sections", async () => {
    const { model, seen } = basic(() => JSON.stringify(VALID));
    const deltas: string[] = [];
    const r = await runAgentTurn({ ...input, model, onDelta: (d) => deltas.push(d) });
    expect(r.output).toEqual(VALID);
    expect(r.text).toBe(DISCUSS);
    expect(deltas.join("")).toBe(DISCUSS);
    const [d] = seen.discuss;
    expect(d.tools ?? []).toEqual([]);
    expect(d.prompt.map(textOf)).toEqual([prompt.system, prompt.context, prompt.material, prompt.task]);
    // The shared parts are marked for Anthropic's prompt cache; the agent's own part is not.
    const CACHE = { anthropic: { cacheControl: { type: "ephemeral" } } };
    expect(d.prompt.map((m) => m.providerOptions)).toEqual([CACHE, CACHE, CACHE, undefined]);
    for (const o of [seen.summarize[0], seen.serialize[0]]) {
      const all = o.prompt.map(textOf).join("\n");
      expect(all).not.toContain("A meal marketplace.");
      expect(all).toContain(DISCUSS);
    }
    // Without a provider cache Summarize offers no tools; Serialize forces the one tool.
    expect(seen.summarize[0].tools ?? []).toEqual([]);
    expect(seen.serialize[0].tools?.map((t) => t.name)).toEqual([task.tool]);
    expect(seen.serialize[0].tools?.[0]).toMatchObject({ strict: false });
    expect(seen.serialize[0].toolChoice).toEqual({ type: "tool", toolName: task.tool });
    expect(lastFeedback(seen.serialize[0])).toContain(prompt.instruction);
    expect(r.usage).toEqual({ inputTokens: 9, outputTokens: 6, cacheReadTokens: 3, cacheWriteTokens: 0, calls: 3, estimatedCalls: 0 });
  });

  it("with a provider cache, a Summarize long enough to be cached carries Serialize's tool list (not callable), so Serialize extends its prompt", async () => {
    for (const [cacheMinTokens, carries] of [[1, true], [1_000_000, false]] as const) {
      const { model, seen } = basic(() => JSON.stringify(VALID));
      await runAgentTurn({ ...input, model, cacheMinTokens });
      const [sum, ser] = [seen.summarize[0], seen.serialize[0]];
      if (carries) {
        expect(sum.tools?.map((t) => t.name)).toEqual([task.tool]);
        expect(sum.toolChoice).toEqual({ type: "none" });
        expect(ser.tools).toEqual(sum.tools);
        // Anthropic caches up to a marked block: the end of Summarize's prompt is marked.
        expect(sum.prompt.at(-1)!.providerOptions).toEqual({ anthropic: { cacheControl: { type: "ephemeral" } } });
      } else {
        expect(sum.tools ?? []).toEqual([]);
        expect(sum.prompt.at(-1)!.providerOptions).toBeUndefined();
      }
      expect(ser.prompt.slice(0, sum.prompt.length)).toEqual(sum.prompt);
    }
  });

  it("waits at the warm-up gate with the shared prefix before Discuss, and opens it at the first token", async () => {
    const prefixes: string[] = [];
    let opened = 0;
    let openAtDiscuss = -1;
    const { model } = scripted((stage) => {
      if (stage === "discuss") {
        openAtDiscuss = opened;
        return [...text(DISCUSS), finish("stop")];
      }
      if (stage === "summarize") return [...text("Two questions."), finish("stop")];
      return [call(task.tool, JSON.stringify(VALID)), finish("tool-calls")];
    });
    await runAgentTurn({
      ...input,
      model,
      warmup: async (p) => {
        prefixes.push(p);
        return () => opened++;
      },
    });
    expect(prefixes).toEqual([[prompt.system, prompt.context, prompt.material].join("\n\n")]);
    expect(openAtDiscuss).toBe(0);
    expect(opened).toBeGreaterThanOrEqual(1);
  });

  it("passes maxOutputTokens to every call", async () => {
    const { model, seen } = basic(() => JSON.stringify(VALID));
    await runAgentTurn({ ...input, model, maxOutputTokens: 12_345 });
    expect([...seen.discuss, ...seen.summarize, ...seen.serialize].map((o) => o.maxOutputTokens)).toEqual([12_345, 12_345, 12_345]);
  });
});

describe("Serialize: the validation-retry loop, native tool-error pattern", () => {
  it("keeps the failed call in the history, answered by an error tool result with the untruncated reason", async () => {
    const { model, seen } = basic((n) => (n === 1 ? '{"questions": [{"text": "Who' : JSON.stringify(VALID)));
    const r = await runAgentTurn({ ...input, model });
    expect(r.output).toEqual(VALID);
    expect(r.serializeAttempts).toBe(2);
    const retry = seen.serialize[1].prompt;
    const [assistant, toolMsg] = retry.slice(-2);
    expect(assistant.role).toBe("assistant");
    expect(assistant.role === "assistant" && assistant.content.some((p) => p.type === "tool-call" && p.toolName === task.tool && p.toolCallId === "c1")).toBe(true);
    expect(toolMsg.role).toBe("tool");
    const part = toolMsg.role === "tool" ? toolMsg.content[0] : undefined;
    expect(part).toMatchObject({ type: "tool-result", toolCallId: "c1", toolName: task.tool, output: { type: "error-text" } });
    const fb = JSON.parse(lastFeedback(seen.serialize[1]));
    expect(Object.keys(fb)).toEqual(["result", "issues", "issue_count", "action"]);
    expect(fb).toMatchObject({
      result: "validation_failed",
      issues: { invalid: [{ field: "(input)", provided: '{"questions": [{"text": "Who', requirement: `one JSON object matching the ${task.tool}() schema` }], missing: [], unknown: [] },
      action: `Call ${task.tool}() with corrected data. Unknown fields may be typos.`,
    });
    // The parser's whole reason, not cut at 200 characters.
    const reason = fb.issues.invalid[0].problem as string;
    expect(reason).toMatch(/^the arguments are not valid JSON: /);
    expect(reason).not.toMatch(/…$/);
  });

  it("reports schema problems field by field (invalid, missing, unknown) in the feedback's key order", async () => {
    const bad = { questions: [{ text: "", topic: "users" }], extra: 1 };
    const { model, seen } = basic((n) => JSON.stringify(n === 1 ? bad : VALID));
    const r = await runAgentTurn({ ...input, model });
    expect(r.serializeAttempts).toBe(2);
    const raw = lastFeedback(seen.serialize[1]);
    expect(raw.indexOf('"result"')).toBeLessThan(raw.indexOf('"issues"'));
    expect(raw.indexOf('"issue_count"')).toBeLessThan(raw.indexOf('"action"'));
    const fb = JSON.parse(raw);
    expect(fb.issues.unknown).toEqual(["extra"]);
    expect(fb.issues.invalid.map((i: { field: string }) => i.field).sort()).toEqual(["questions", "questions.0.text"]);
    // The model's own (parsed) call is what it sees answered.
    const assistant = seen.serialize[1].prompt.at(-2)!;
    expect(assistant.role === "assistant" && assistant.content.find((p) => p.type === "tool-call")).toMatchObject({ input: bad });
  });

  it("a text answer instead of the forced tool is counted and answered with tool_error feedback after it", async () => {
    const { model, seen } = scripted((stage, n) => {
      if (stage === "discuss") return [...text(DISCUSS), finish("stop")];
      if (stage === "summarize") return [...text("s"), finish("stop")];
      return n === 1 ? [...text("Here are my questions: ..."), finish("stop")] : [call(task.tool, JSON.stringify(VALID)), finish("tool-calls")];
    });
    const r = await runAgentTurn({ ...input, model });
    expect(r.serializeAttempts).toBe(2);
    const p = seen.serialize[1].prompt;
    expect(p.at(-2)).toMatchObject({ role: "assistant" });
    expect(textOf(p.at(-2)!)).toBe("Here are my questions: ...");
    expect(JSON.parse(lastFeedback(seen.serialize[1]))).toMatchObject({ result: "tool_error", issue_count: 1 });
    // Four calls, each with its usage: the text answer too.
    expect(r.usage.calls).toBe(4);
    expect(r.usage.inputTokens).toBe(12);
  });

  it(`fails as invalid_output after ${1 + VALIDATION_RETRIES} attempts, with every feedback and the usage kept`, async () => {
    const { model, seen } = basic(() => "not json at all");
    const err = await runAgentTurn({ ...input, model }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AgentTurnError);
    expect((err as AgentTurnError).kind).toBe("invalid_output");
    expect((err as AgentTurnError).feedback).toHaveLength(1 + VALIDATION_RETRIES);
    expect((err as AgentTurnError).usage.calls).toBe(2 + 1 + VALIDATION_RETRIES);
    expect(seen.serialize).toHaveLength(1 + VALIDATION_RETRIES);
  });

  it("the offline model's invalid-args fault is repaired by the loop", async () => {
    const model = createOfflineModel({ faults: "invalid-args:nadia:2" });
    const r = await runAgentTurn({ ...input, model, prompt: { ...prompt, context: formatSections({ project_description: "A marketplace for home-cooked meals in Lisbon." }) } });
    expect(r.serializeAttempts).toBe(3);
    expect(task.schema.safeParse(r.output).success).toBe(true);
  });
});

describe("usage", () => {
  it("a call whose provider sent no usage is estimated and flagged", async () => {
    const { model } = scripted((stage) => {
      if (stage === "discuss") return [...text(DISCUSS), finish("stop", null)];
      if (stage === "summarize") return [...text("s"), finish("stop")];
      return [call(task.tool, JSON.stringify(VALID)), finish("tool-calls")];
    });
    const r = await runAgentTurn({ ...input, model });
    expect(r.usage.calls).toBe(3);
    expect(r.usage.estimatedCalls).toBe(1);
    // characters / 4 of what was sent and what came back, on top of the two reported calls
    expect(r.usage.inputTokens).toBeGreaterThan(6 + (prompt.system.length + prompt.task.length) / 4);
    expect(r.usage.outputTokens).toBe(4 + Math.ceil((DISCUSS.length + 2) / 4));
  });
});

describe("provider faults ridden out inside the call", () => {
  const rateLimited = (retryAfter: string) =>
    new APICallError({ message: "Rate limit reached", url: "http://x/v1/chat/completions", requestBodyValues: {}, statusCode: 429, responseHeaders: { "retry-after": retryAfter }, isRetryable: true });

  it("waits out a 429 for its Retry-After, then goes on", async () => {
    const at: number[] = [];
    const { model } = scripted((stage, n) => {
      if (stage === "discuss") {
        at.push(Date.now());
        return n === 1 ? rateLimited("0.3") : [...text(DISCUSS), finish("stop")];
      }
      if (stage === "summarize") return [...text("s"), finish("stop")];
      return [call(task.tool, JSON.stringify(VALID)), finish("tool-calls")];
    });
    const r = await runAgentTurn({ ...input, model });
    expect(r.output).toEqual(VALID);
    expect(at[1] - at[0]).toBeGreaterThanOrEqual(290);
    expect(at[1] - at[0]).toBeLessThan(1_000);
    // The refused call cost nothing but is counted as a call.
    expect(r.usage.calls).toBe(4);
    expect(r.usage.estimatedCalls).toBe(0);
  });

  it("restarts the streamed message when a connection reset cuts it", async () => {
    const { model } = scripted((stage, n) => {
      if (stage === "discuss") {
        if (n === 1) return [...text("QUESTIONS:\n1. Who"), { type: "error", error: Object.assign(new Error("terminated"), { cause: Object.assign(new Error("other side closed"), { code: "UND_ERR_SOCKET" }) }) }];
        return [...text(DISCUSS), finish("stop")];
      }
      if (stage === "summarize") return [...text("s"), finish("stop")];
      return [call(task.tool, JSON.stringify(VALID)), finish("tool-calls")];
    });
    const deltas: string[] = [];
    let restarts = 0;
    const r = await runAgentTurn({ ...input, model, onDelta: (d) => deltas.push(d), onRestart: () => void (restarts++, deltas.splice(0)) });
    expect(restarts).toBe(1);
    expect(deltas.join("")).toBe(DISCUSS);
    expect(r.text).toBe(DISCUSS);
  });

  it("gives up after the time bound as an agent error naming the attempts", async () => {
    const { model, seen } = scripted(() => new APICallError({ message: "Overloaded", url: "u", requestBodyValues: {}, statusCode: 529, isRetryable: true }));
    const started = Date.now();
    const err = await runAgentTurn({ ...input, model, retry: { maxElapsedMs: 300, baseDelayMs: 20, maxDelayMs: 40 } }).catch((e: unknown) => e);
    expect((err as AgentTurnError).kind).toBe("error");
    expect((err as AgentTurnError).message).toMatch(/provider kept failing .* attempts\): Overloaded/);
    expect(seen.discuss.length).toBeGreaterThan(3);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it("a 400 is not retried", async () => {
    const { model, seen } = scripted(() => new APICallError({ message: "bad request: max_tokens too large", url: "u", requestBodyValues: {}, statusCode: 400, isRetryable: false }));
    const err = await runAgentTurn({ ...input, model }).catch((e: unknown) => e);
    expect((err as AgentTurnError).kind).toBe("error");
    expect((err as AgentTurnError).message).toContain("max_tokens too large");
    expect(seen.discuss).toHaveLength(1);
  });
});

describe("timeouts: first token and idle, not total", () => {
  /** Streams `pieces` with `gapMs` between them, then finishes (or stalls when `stallAfter` is set). */
  const paced = (pieces: string[], gapMs: number, stallAfter = Infinity) =>
    new MockLanguageModelV4({
      doStream: async (o) => {
        const stage = stageOf(o);
        return {
          stream: new ReadableStream<LanguageModelV4StreamPart>({
            async start(c) {
              c.enqueue({ type: "stream-start", warnings: [] });
              if (stage === "serialize") {
                c.enqueue(call(task.tool, JSON.stringify(VALID)));
                c.enqueue(finish("tool-calls"));
                return c.close();
              }
              c.enqueue({ type: "text-start", id: "t" });
              for (const [i, p] of pieces.entries()) {
                await new Promise((r) => setTimeout(r, gapMs));
                if (i >= stallAfter) {
                  await new Promise<void>((resolve) => o.abortSignal?.addEventListener("abort", () => resolve(), { once: true }));
                  return c.error(o.abortSignal?.reason);
                }
                c.enqueue({ type: "text-delta", id: "t", delta: p });
              }
              c.enqueue({ type: "text-end", id: "t" });
              c.enqueue(finish("stop"));
              c.close();
            },
          }),
        };
      },
    });

  it("a stream that keeps producing is not cut, however long it takes in total", async () => {
    const pieces = Array.from({ length: 12 }, (_, i) => `w${i} `);
    const r = await runAgentTurn({ ...input, model: paced(pieces, 40), timeouts: { firstTokenMs: 200, idleMs: 150 } });
    expect(r.text).toBe(pieces.join(""));
  });

  it("a stream that stops producing is cut by the idle limit, as a timeout", async () => {
    const err = await runAgentTurn({ ...input, model: paced(["a ", "b ", "c "], 10, 2), timeouts: { firstTokenMs: 1_000, idleMs: 100 } }).catch((e: unknown) => e);
    expect((err as AgentTurnError).kind).toBe("timeout");
    expect((err as AgentTurnError).message).toBe("the model stopped sending tokens for 100 ms");
  });

  it("a timer that fires late because this process was busy looks again before calling the model silent", async () => {
    // The next token is sent while this process is blocked for 600 ms; it is read only after
    // the (long overdue) idle timer has had its turn.
    const model = new MockLanguageModelV4({
      doStream: async (o) => ({
        stream: new ReadableStream<LanguageModelV4StreamPart>({
          start(c) {
            c.enqueue({ type: "stream-start", warnings: [] });
            if (stageOf(o) === "serialize") {
              c.enqueue(call(task.tool, JSON.stringify(VALID)));
              c.enqueue(finish("tool-calls"));
              return c.close();
            }
            c.enqueue({ type: "text-start", id: "t" });
            c.enqueue({ type: "text-delta", id: "t", delta: "a " });
            setTimeout(() => {
              const until = Date.now() + 600;
              while (Date.now() < until);
              setTimeout(() => {
                c.enqueue({ type: "text-delta", id: "t", delta: "b " });
                c.enqueue({ type: "text-end", id: "t" });
                c.enqueue(finish("stop"));
                c.close();
              }, 0);
            }, 20);
          },
        }),
      }),
    });
    const r = await runAgentTurn({ ...input, model, timeouts: { firstTokenMs: 1_000, idleMs: 150 } });
    expect(r.text).toBe("a b ");
  });

  /** Never answers; rejects when its signal aborts, like a stalled provider. */
  const hanging = () =>
    new MockLanguageModelV4({
      doStream: (o) =>
        new Promise((_, reject) => {
          o.abortSignal?.addEventListener("abort", () => reject(o.abortSignal!.reason), { once: true });
        }),
    });

  it("no first token in time is kind timeout, and is estimated in the usage", async () => {
    const err = await runAgentTurn({ ...input, model: hanging(), timeouts: { firstTokenMs: 50, idleMs: 5_000 } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AgentTurnError);
    expect((err as AgentTurnError).kind).toBe("timeout");
    expect((err as AgentTurnError).message).toBe("the model sent no first token within 50 ms");
    expect((err as AgentTurnError).usage).toMatchObject({ calls: 1, estimatedCalls: 1 });
  });

  it("an external abort is kind cancelled, not timeout", async () => {
    const ac = new AbortController();
    setTimeout(() => ac.abort(new Error("party cancelled")), 30);
    const err = await runAgentTurn({ ...input, model: hanging(), abortSignal: ac.signal }).catch((e: unknown) => e);
    expect((err as AgentTurnError).kind).toBe("cancelled");
  });

  it("an external abort mid-stream (the offline model's hang fault) is cancelled too", async () => {
    const ac = new AbortController();
    const model = createOfflineModel({ faults: "hang:nadia" });
    setTimeout(() => ac.abort(), 30);
    const err = await runAgentTurn({ ...input, model, abortSignal: ac.signal }).catch((e: unknown) => e);
    expect((err as AgentTurnError).kind).toBe("cancelled");
  });

  it("an already-aborted signal never calls the model", async () => {
    const { model, seen } = basic(() => JSON.stringify(VALID));
    const err = await runAgentTurn({ ...input, model, abortSignal: AbortSignal.abort() }).catch((e: unknown) => e);
    expect((err as AgentTurnError).kind).toBe("cancelled");
    expect(seen.discuss).toHaveLength(0);
  });
});
