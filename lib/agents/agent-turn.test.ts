import type { LanguageModelV4CallOptions, LanguageModelV4StreamPart } from "@ai-sdk/provider";
import { jsonSchema, tool } from "ai";
import { convertArrayToReadableStream, MockLanguageModelV4 } from "ai/test";
import { describe, expect, it } from "vitest";
import { createOfflineModel } from "../ai/offline";
import { formatHeader, formatSections } from "../protocol/prompt-sections";
import { TASKS, type TaskDef } from "../protocol/tasks";
import { AgentTurnError, MAX_DISCUSS_STEPS, READY_TOOL, runAgentTurn, VALIDATION_RETRIES } from "./agent-turn";

const task = TASKS["vision.questions"] as unknown as TaskDef;
const VALID = { questions: [{ text: "Who orders most often?", topic: "users" }, { text: "What does success look like?", topic: "metrics" }] };
const usage = { inputTokens: { total: 3, noCache: 3, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 2, text: 2, reasoning: 0 } };

type Stage = "discuss" | "summarize" | "serialize";
const stageOf = (o: LanguageModelV4CallOptions): Stage =>
  o.toolChoice?.type === "tool" ? "serialize" : (o.tools ?? []).some((t) => t.name === READY_TOOL) ? "discuss" : "summarize";

const text = (t: string): LanguageModelV4StreamPart[] => [
  { type: "text-start", id: "t" },
  { type: "text-delta", id: "t", delta: t },
  { type: "text-end", id: "t" },
];
const call = (toolName: string, input: string, id = `c_${toolName}`): LanguageModelV4StreamPart => ({ type: "tool-call", toolCallId: id, toolName, input });
const finish = (reason: "stop" | "tool-calls"): LanguageModelV4StreamPart => ({ type: "finish", usage, finishReason: { unified: reason, raw: reason } });

/** A scripted model: `answer(stage, n)` gives the parts of the n-th call (1-based) of that stage. */
function scripted(answer: (stage: Stage, n: number, o: LanguageModelV4CallOptions) => LanguageModelV4StreamPart[]) {
  const seen: Record<Stage, LanguageModelV4CallOptions[]> = { discuss: [], summarize: [], serialize: [] };
  const model = new MockLanguageModelV4({
    doStream: async (o) => {
      const s = stageOf(o);
      seen[s].push(o);
      return { stream: convertArrayToReadableStream<LanguageModelV4StreamPart>([{ type: "stream-start", warnings: [] }, ...answer(s, seen[s].length, o)]) };
    },
  });
  return { model, seen };
}

const basic = (serialize: (n: number) => string) =>
  scripted((stage, n) => {
    if (stage === "discuss") return [...text("QUESTIONS:\n1. Who orders most often?"), call(READY_TOOL, "{}"), finish("tool-calls")];
    if (stage === "summarize") return [...text("Two questions about users and success."), finish("stop")];
    return [call(task.tool, serialize(n), `c${n}`), finish("tool-calls")];
  });

const input = { task, system: "TASK: vision.questions\nAGENT: nadia", prompt: "<project_description>\nA meal marketplace.\n</project_description>", timeoutMs: 5_000 };

/** The last user message of a call: the feedback the model was given. */
function lastUserText(o: LanguageModelV4CallOptions): string {
  const m = o.prompt.filter((p) => p.role === "user").at(-1)!;
  return m.role === "user" ? m.content.map((c) => (c.type === "text" ? c.text : "")).join("") : "";
}

describe("Discuss", () => {
  it("runs research tools and stops on the ready_to_summarize call", async () => {
    const { model, seen } = scripted((stage, n) => {
      if (stage === "discuss") {
        if (n === 1) return [...text("Let me check the market. "), call("lookup", '{"q":"meal marketplaces"}'), finish("tool-calls")];
        if (n === 2) return [...text("QUESTIONS:\n1. Who orders most often?"), call(READY_TOOL, "{}"), finish("tool-calls")];
        return [...text("THIS MUST NOT BE ASKED FOR"), finish("stop")];
      }
      if (stage === "summarize") return [...text("Two questions."), finish("stop")];
      return [call(task.tool, JSON.stringify(VALID)), finish("tool-calls")];
    });
    const looked: unknown[] = [];
    const researchTools = {
      lookup: tool({
        description: "Search notes",
        inputSchema: jsonSchema<{ q: string }>({ type: "object", properties: { q: { type: "string" } }, required: ["q"] }),
        execute: async (i: { q: string }) => {
          looked.push(i);
          return "Home-cooked meal marketplaces compete on trust.";
        },
      }),
    };
    const deltas: string[] = [];
    const r = await runAgentTurn({ ...input, model, researchTools, onDelta: (d) => deltas.push(d) });
    expect(seen.discuss).toHaveLength(2);
    expect(looked).toEqual([{ q: "meal marketplaces" }]);
    // The second discuss call saw the research result.
    expect(JSON.stringify(seen.discuss[1].prompt)).toContain("compete on trust");
    expect(r.text).toBe("Let me check the market. QUESTIONS:\n1. Who orders most often?");
    expect(deltas.join("")).toBe(r.text);
    expect(r.output).toEqual(VALID);
    // Tool gating: Summarize has no tools, Serialize only the finalization tool, forced.
    expect(seen.summarize[0].tools ?? []).toEqual([]);
    expect(seen.serialize[0].tools!.map((t) => t.name)).toEqual([task.tool]);
    expect(seen.serialize[0].toolChoice).toEqual({ type: "tool", toolName: task.tool });
  });

  it(`stops after ${MAX_DISCUSS_STEPS} steps when the model never signals`, async () => {
    const { model, seen } = scripted((stage) => {
      if (stage === "discuss") return [...text("more "), call("lookup", '{"q":"x"}'), finish("tool-calls")];
      if (stage === "summarize") return [...text("s"), finish("stop")];
      return [call(task.tool, JSON.stringify(VALID)), finish("tool-calls")];
    });
    const researchTools = { lookup: tool({ description: "d", inputSchema: jsonSchema({ type: "object", properties: {} }), execute: async () => "ok" }) };
    const r = await runAgentTurn({ ...input, model, researchTools });
    expect(seen.discuss).toHaveLength(MAX_DISCUSS_STEPS);
    expect(r.text).toBe("more ".repeat(MAX_DISCUSS_STEPS));
  });
});

describe("Serialize: the validation-retry loop", () => {
  it("feeds unparsable tool input (SDK InvalidToolInputError) back as feedback and retries", async () => {
    const { model, seen } = basic((n) => (n === 1 ? '{"questions": [{"text": "Who' : JSON.stringify(VALID)));
    const r = await runAgentTurn({ ...input, model });
    expect(r.output).toEqual(VALID);
    expect(r.serializeAttempts).toBe(2);
    const fb = JSON.parse(lastUserText(seen.serialize[1]));
    expect(Object.keys(fb)).toEqual(["result", "issues", "issue_count", "action"]);
    expect(Object.keys(fb.issues)).toEqual(["invalid", "missing", "unknown"]);
    expect(fb).toMatchObject({
      result: "validation_failed",
      issues: { invalid: [{ field: "(input)", provided: '{"questions": [{"text": "Who', requirement: `one JSON object matching the ${task.tool}() schema` }], missing: [], unknown: [] },
      issue_count: 1,
      action: `Call ${task.tool}() with corrected data. Unknown fields may be typos.`,
    });
    expect(fb.issues.invalid[0].problem).toMatch(/^the arguments are not valid JSON: /);
  });

  it("reports schema problems field by field: invalid, missing, unknown — in 002's key order", async () => {
    const bad = { questions: [{ text: "", topic: "users" }], extra: 1 };
    const { model, seen } = basic((n) => JSON.stringify(n === 1 ? bad : VALID));
    const r = await runAgentTurn({ ...input, model });
    expect(r.serializeAttempts).toBe(2);
    const raw = lastUserText(seen.serialize[1]);
    expect(raw.indexOf('"result"')).toBeLessThan(raw.indexOf('"issues"'));
    expect(raw.indexOf('"issues"')).toBeLessThan(raw.indexOf('"issue_count"'));
    expect(raw.indexOf('"issue_count"')).toBeLessThan(raw.indexOf('"action"'));
    const fb = JSON.parse(raw);
    expect(fb.result).toBe("validation_failed");
    expect(fb.issues.unknown).toEqual(["extra"]);
    expect(fb.issues.invalid.map((i: { field: string }) => i.field).sort()).toEqual(["questions", "questions.0.text"]);
    expect(fb.issue_count).toBe(fb.issues.invalid.length + fb.issues.missing.length + fb.issues.unknown.length);
  });

  it("asks again when the model answers in text instead of calling the tool", async () => {
    const { model, seen } = scripted((stage, n) => {
      if (stage === "discuss") return [...text("QUESTIONS:\n1. a?"), call(READY_TOOL, "{}"), finish("tool-calls")];
      if (stage === "summarize") return [...text("s"), finish("stop")];
      return n === 1 ? [...text("Here are my questions: ..."), finish("stop")] : [call(task.tool, JSON.stringify(VALID)), finish("tool-calls")];
    });
    const r = await runAgentTurn({ ...input, model });
    expect(r.serializeAttempts).toBe(2);
    expect(JSON.parse(lastUserText(seen.serialize[1]))).toMatchObject({ result: "tool_error", issue_count: 1 });
  });

  it(`fails as invalid_output after ${1 + VALIDATION_RETRIES} attempts, with every feedback kept`, async () => {
    const { model, seen } = basic(() => "not json at all");
    const err = await runAgentTurn({ ...input, model }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AgentTurnError);
    expect((err as AgentTurnError).kind).toBe("invalid_output");
    expect((err as AgentTurnError).feedback).toHaveLength(1 + VALIDATION_RETRIES);
    expect(seen.serialize).toHaveLength(1 + VALIDATION_RETRIES);
  });

  it("the offline model's invalid-args fault is repaired by the loop", async () => {
    const model = createOfflineModel({ faults: "invalid-args:nadia:2" });
    const r = await runAgentTurn({
      ...input,
      model,
      system: formatHeader({ task: "vision.questions", agent: "nadia" }),
      prompt: formatSections({ project_description: "A marketplace for home-cooked meals in Lisbon." }),
    });
    expect(r.serializeAttempts).toBe(3);
    expect(task.schema.safeParse(r.output).success).toBe(true);
  });
});

describe("aborts", () => {
  /** Never answers; rejects when its signal aborts, like a stalled provider. */
  const hanging = () =>
    new MockLanguageModelV4({
      doStream: (o) =>
        new Promise((_, reject) => {
          o.abortSignal?.addEventListener("abort", () => reject(o.abortSignal!.reason), { once: true });
        }),
    });

  it("the per-call timeout is kind timeout", async () => {
    const err = await runAgentTurn({ ...input, model: hanging(), timeoutMs: 50 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AgentTurnError);
    expect((err as AgentTurnError).kind).toBe("timeout");
    expect((err as AgentTurnError).message).toBe("the model did not answer within 50 ms");
  });

  it("an external abort is kind cancelled, not timeout", async () => {
    const ac = new AbortController();
    setTimeout(() => ac.abort(new Error("party cancelled")), 30);
    const err = await runAgentTurn({ ...input, model: hanging(), timeoutMs: 10_000, abortSignal: ac.signal }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AgentTurnError);
    expect((err as AgentTurnError).kind).toBe("cancelled");
  });

  it("an external abort mid-stream (the offline model's hang fault) is cancelled too", async () => {
    const ac = new AbortController();
    const model = createOfflineModel({ faults: "hang:nadia" });
    setTimeout(() => ac.abort(), 30);
    const err = await runAgentTurn({ ...input, model, system: formatHeader({ task: "vision.questions", agent: "nadia" }), abortSignal: ac.signal }).catch((e: unknown) => e);
    expect((err as AgentTurnError).kind).toBe("cancelled");
  });

  it("an already-aborted signal never calls the model", async () => {
    const { model, seen } = basic(() => JSON.stringify(VALID));
    const err = await runAgentTurn({ ...input, model, abortSignal: AbortSignal.abort() }).catch((e: unknown) => e);
    expect((err as AgentTurnError).kind).toBe("cancelled");
    expect(seen.discuss).toHaveLength(0);
  });

  it("a provider error is kind error", async () => {
    const model = new MockLanguageModelV4({
      doStream: async () => {
        throw new Error("502 bad gateway");
      },
    });
    const err = await runAgentTurn({ ...input, model }).catch((e: unknown) => e);
    expect((err as AgentTurnError).kind).toBe("error");
    expect((err as AgentTurnError).message).toContain("502 bad gateway");
  });
});
