// A scripted language model for engine tests, in the manner of the AI SDK's own mock
// models: each call maps to canned chunks. The answer to a turn is a valid instance of
// its task's schema (`fillFromSchema`), its strings naming the agent and the task: a
// forced tool gets it as one tool call, any other call streams it rendered as the
// task's message, in a few deltas (so, as with the built-in model, what streams is a
// prefix of the message the log keeps, and the log checks can test the streaming). A
// prompt without a known task gets a short line naming the agent and task. So a test of
// the engine's mechanics does not depend on what the built-in model writes.
//
// Answers depend only on the seed and the prompt's header (agent, task, artifact), never
// on call order: a resumed party asks fewer calls and must get the same answers.
import { MockLanguageModelV4 } from "ai/test";
import type { JSONSchema7, LanguageModelV4CallOptions, LanguageModelV4StreamPart, LanguageModelV4StreamResult, LanguageModelV4Usage } from "@ai-sdk/provider";
import { z } from "zod";
import { ARTIFACT_KINDS, parsePrompt, TASKS } from "@inception-party/protocol";
import { parseFaults, type FaultKind } from "@inception-party/offline-model";
import { FaultState, fillFromSchema } from "@inception-party/offline-model/testing/internals";

export interface ScriptedModelOptions {
  seed?: number;
  /** The offline model's fault grammar (`FAULT_GRAMMAR`), e.g. "throw:oscar:1,hang:felix". */
  faults?: string;
}

const WORDS = ["plan", "risk", "scope", "users", "budget", "latency", "audit", "roadmap", "trade-off", "baseline"];

/** FNV-1a: a small stable hash, so answers are the same on every run and machine. */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

function promptText(o: LanguageModelV4CallOptions): string {
  return o.prompt
    .map((m) => (typeof m.content === "string" ? m.content : m.content.map((p) => ("text" in p && typeof p.text === "string" ? p.text : "")).join("\n")))
    .join("\n");
}

/** A document gets every `## ` section its kind requires (the serialize step checks them). */
function withDocument(value: unknown, artifact: string | undefined, title: string): unknown {
  if (!value || typeof value !== "object" || typeof (value as { markdown?: unknown }).markdown !== "string") return value;
  const sections = Object.values(ARTIFACT_KINDS).find((k) => k.path === artifact)?.sections ?? [];
  // Each section one list item: readers of a section (critical paths, components) count items.
  const body = ["Overview", ...sections].map((s) => `## ${s}\n\n- ${title}: what this section settles, in a scripted sentence long enough to read.`);
  return { ...value, markdown: [`# ${title}`, ...body].join("\n\n") };
}

function usage(input: number, output: number): LanguageModelV4Usage {
  return { inputTokens: { total: input, noCache: input, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: output, text: output, reasoning: 0 } };
}

/** Rejects when the call is aborted, never resolves otherwise (a model that stopped answering). */
const hang = (signal?: AbortSignal) => new Promise<never>((_, reject) => signal?.addEventListener("abort", () => reject(signal.reason), { once: true }));

export function createScriptedModel(o: ScriptedModelOptions = {}): MockLanguageModelV4 {
  const seed = o.seed ?? 42;
  const faults = new FaultState(parseFaults(o.faults));
  return new MockLanguageModelV4({
    provider: "scripted",
    modelId: "scripted-1",
    doStream: async (opts): Promise<LanguageModelV4StreamResult> => {
      const prompt = promptText(opts);
      const { header } = parsePrompt(prompt);
      const agent = header.agent ?? "agent";
      const task = header.task ?? "task";
      const forced = opts.toolChoice?.type === "tool" ? opts.toolChoice.toolName : null;
      const fault: FaultKind | undefined = faults.next(agent, forced !== null);
      if (fault === "throw") throw new Error(`scripted model: injected failure for agent "${agent}" (throw fault)`);
      if (fault === "hang") await hang(opts.abortSignal);
      const h = hash(`${seed}|${agent}|${task}|${header.artifact ?? ""}`);
      const word = (i: number) => WORDS[(h >>> (i * 3)) % WORDS.length];
      const title = `${agent} on ${task}`;
      const def = Object.hasOwn(TASKS, task) ? TASKS[task as keyof typeof TASKS] : undefined;
      const tool = opts.tools?.find((t) => t.type === "function" && t.name === forced);
      const schema = tool && "inputSchema" in tool ? (tool.inputSchema as JSONSchema7) : def && (z.toJSONSchema(def.schema, { io: "input", unrepresentable: "any" }) as JSONSchema7);
      const value = schema && withDocument(fillFromSchema(schema, { name: title, summary: `${title}: the ${word(0)} and the ${word(1)} (${h % 1000}).` }), header.artifact, title);
      const parts: LanguageModelV4StreamPart[] = [{ type: "stream-start", warnings: [] }];
      let output: string;
      if (forced) {
        output = JSON.stringify(fault === "invalid-args" ? { unexpected_field: true } : (value ?? {}));
        const pieces = output.match(/[\s\S]{1,200}/g) ?? [output];
        parts.push({ type: "tool-input-start", id: "call-1", toolName: forced }, ...pieces.map((delta) => ({ type: "tool-input-delta" as const, id: "call-1", delta })));
        parts.push({ type: "tool-input-end", id: "call-1" }, { type: "tool-call", toolCallId: "call-1", toolName: forced, input: output });
      } else {
        output = def && value ? (def.render as (v: unknown) => string)(value) : `${agent} here, on ${task}: the ${word(0)} against the ${word(1)}.`;
        // Four deltas or more, each ending at a word, so a small flush threshold cuts the message mid-stream.
        const deltas = output.match(new RegExp(`[\\s\\S]{1,${Math.max(8, Math.ceil(output.length / 4))}}(?=\\s|$)|\\S+\\s*|\\s+`, "g")) ?? [output];
        parts.push({ type: "text-start", id: "text-1" }, ...deltas.map((delta) => ({ type: "text-delta" as const, id: "text-1", delta })));
        if (fault === "stream-error") {
          parts.splice(4); // a couple of deltas, then the connection breaks
          parts.push({ type: "error", error: new Error(`scripted model: injected stream failure for agent "${agent}" (stream-error fault)`) });
          return { stream: toStream(parts) };
        }
        parts.push({ type: "text-end", id: "text-1" });
      }
      parts.push({ type: "finish", usage: usage(Math.ceil(prompt.length / 4), Math.ceil(output.length / 4)), finishReason: { unified: forced ? "tool-calls" : "stop", raw: undefined } });
      return { stream: toStream(parts) };
    },
  });
}

/** The parts as a stream that hands one part per read, so the deltas arrive as deltas. */
function toStream(parts: LanguageModelV4StreamPart[]): ReadableStream<LanguageModelV4StreamPart> {
  let i = 0;
  return new ReadableStream({
    pull(controller) {
      if (i < parts.length) controller.enqueue(parts[i++]);
      else controller.close();
    },
  });
}
