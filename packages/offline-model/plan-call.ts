// What one model call answers, decided before anything is streamed: the step of the
// turn, any injected fault, and the content segments — message text, tool
// call or error — computed from the prompt. Streaming and pacing live elsewhere.
import type { LanguageModelV4CallOptions, LanguageModelV4FinishReason } from "@ai-sdk/provider";
import { isTaskKey, taskForTool, TASKS, type TaskKey } from "@inception-party/protocol";
import { detectStage, READY_TOOL, type Stage } from "./call-stage";
import { ProjectContext } from "./context";
import type { FaultKind, FaultState } from "./faults";
import { HOSTILE_PARTS } from "./hostile";
import { fillFromSchema, UnsupportedSchemaError } from "./json-schema";
import { hashString } from "./prng";
import { afterReadySignal, hasValidationFeedback, lastInputText, promptToText, readPrompt } from "./prompt-text";
import { computeTurn, corruptOutput } from "./respond";
import { writeFallback } from "./writers/write-fallback";
import { writeSummaryLine } from "./writers/write-summary-line";

export type Segment = { kind: "text"; text: string } | { kind: "tool"; name: string; input: string } | { kind: "error"; error: Error };

export interface CallPlan {
  callId: string;
  /** Surfaced as providerMetadata.offline, for logs and debugging. */
  meta: { task: string; agent: string; stage: Stage["kind"]; seed: number; afterValidationFeedback: boolean };
  segments: Segment[];
  finish: LanguageModelV4FinishReason["unified"];
  fault?: FaultKind;
  promptChars: number;
}

/** Per model instance: the seed, the fault counters and a call counter for ids. */
export interface PlannerState {
  seed: number;
  faults: FaultState;
  calls: number;
  /** Turns this model wrote, by agent, task, artifact and the text of the message: a turn's Summarize and Serialize calls carry the message but not its input sections, so the model goes on from what it said (as a real model reads its own message back). */
  said?: Map<number, { ctx: ProjectContext; turn: ReturnType<typeof computeTurn> }>;
}

const REMEMBERED_TURNS = 200;

function firstAssistantText(prompt: LanguageModelV4CallOptions["prompt"]): string | undefined {
  const m = prompt.find((x) => x.role === "assistant");
  if (!m || m.role !== "assistant") return undefined;
  return m.content.map((p) => (p.type === "text" ? p.text : "")).join("");
}

export class OfflineModelError extends Error {
  override name = "OfflineModelError";
}

export function planCall(opts: LanguageModelV4CallOptions, state: PlannerState): CallPlan {
  const { seed, faults } = state;
  const text = promptToText(opts.prompt);
  const parsed = readPrompt(text);
  const agent = (parsed.header.agent ?? "unknown").toLowerCase();
  const stage: Stage = detectStage(opts, parsed.header.task);
  const fault = faults.next(agent, stage.kind === "serialize");
  const n = ++state.calls;
  const callId = `call_${hashString(`${seed}|${parsed.header.task}|${agent}|${stage.kind}`).toString(36)}_${n}`;
  const meta = { task: parsed.header.task ?? "", agent, stage: stage.kind, seed, afterValidationFeedback: hasValidationFeedback(opts.prompt) };
  const base = { fault, promptChars: text.length, callId, meta };
  const say = (reply: string): CallPlan => ({ ...base, segments: [{ kind: "text", text: reply }], finish: "stop" });
  const call = (name: string, input: unknown): CallPlan => ({ ...base, segments: [{ kind: "tool", name, input: JSON.stringify(input) }], finish: "tool-calls" });
  if (fault === "throw") throw new OfflineModelError(`offline model: injected failure for agent "${agent}" (throw fault)`);

  // A header naming a task we know, or a finalization tool we know, selects the writer.
  let task: TaskKey | undefined = parsed.header.task && isTaskKey(parsed.header.task) ? parsed.header.task : undefined;
  if (!task && stage.kind === "serialize") {
    const def = taskForTool(stage.tool.name);
    task = def ? ((Object.keys(TASKS) as TaskKey[]).find((k) => TASKS[k] === def) ?? undefined) : undefined;
  }
  const hostile = faults.config.hostileMarkdown;

  if (!task) {
    if (stage.kind === "serialize") {
      try {
        const value = fillFromSchema(stage.tool.inputSchema, { name: "Offline answer", summary: "Answered by the offline model from the prompt text." });
        return call(stage.tool.name, value);
      } catch (e) {
        const why = e instanceof UnsupportedSchemaError ? e.message : String(e);
        return { ...base, segments: [{ kind: "error", error: new OfflineModelError(`offline model cannot fill tool "${stage.tool.name}": ${why}`) }], finish: "error" };
      }
    }
    if (stage.kind === "summarize") return say("Offline model reply");
    const reply = writeFallback(text, lastInputText(opts.prompt));
    return say(hostile ? `${reply}\n\n${HOSTILE_PARTS.join("\n\n")}` : reply);
  }

  const said = (state.said ??= new Map());
  const own = stage.kind === "discuss" ? undefined : firstAssistantText(opts.prompt);
  const memo = own === undefined ? undefined : said.get(hashString(`${agent}\0${task}\0${parsed.header.artifact ?? ""}\0${own}`));
  const ctx = memo?.ctx ?? new ProjectContext({ ...parsed, header: { ...parsed.header, task } }, seed);
  const turn = memo?.turn ?? computeTurn(ctx, task, hostile);
  if (stage.kind === "discuss") {
    said.set(hashString(`${agent}\0${task}\0${parsed.header.artifact ?? ""}\0${turn.text}`), { ctx, turn });
    if (said.size > REMEMBERED_TURNS) said.delete(said.keys().next().value!);
  }
  switch (stage.kind) {
    case "discuss": {
      // A multi-step caller that executed ready_to_summarize comes back once more; do not repeat the whole message and the signal (that would loop).
      if (afterReadySignal(opts.prompt, READY_TOOL)) return say("Ready to summarize.");
      const segments: Segment[] = [{ kind: "text", text: turn.text }];
      if (stage.readyTool) segments.push({ kind: "tool", name: READY_TOOL, input: "{}" });
      return { ...base, segments, finish: stage.readyTool ? "tool-calls" : "stop" };
    }
    case "summarize":
      return say(writeSummaryLine(ctx, turn.output));
    case "json":
      return say(JSON.stringify(turn.output));
    case "plain":
      return say(turn.text);
    case "serialize": {
      // After validation feedback the output is recomputed from the same context and is valid by construction; only an invalid-args fault still
      // within its count corrupts it.
      return call(stage.tool.name, fault === "invalid-args" ? corruptOutput(turn.output) : turn.output);
    }
  }
}
