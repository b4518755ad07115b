// The built-in offline model: a real AI SDK LanguageModelV4 that answers Inception
// Party turns without a network. It reads the TASK/AGENT headers and tagged sections
// of the prompt, writes the turn's content from the project description and answers,
// and plays the three-step turn protocol: Discuss streams the message and calls
// `ready_to_summarize`, Summarize streams one line, Serialize calls the finalization
// tool with the same structured output the message was rendered from.
import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4Content,
  LanguageModelV4GenerateResult,
  LanguageModelV4StreamPart,
  LanguageModelV4StreamResult,
  LanguageModelV4Usage,
} from "@ai-sdk/provider";
import { FaultState, parseFaults } from "./faults";
import { resolveOptions, type OfflineModelOptions } from "./options";
import { abortError, chunkJson, paced, sleep, tokenize, type Pace } from "./pacing";
import { OfflineModelError, planCall, type PlannerState, type Segment } from "./plan-call";

export { OfflineModelError } from "./plan-call";

const PROVIDER = "offline";
const MODEL_ID = "offline-1";

function usage(promptChars: number, outputChars: number): LanguageModelV4Usage {
  const input = Math.ceil(promptChars / 4);
  const output = Math.ceil(outputChars / 4);
  return {
    inputTokens: { total: input, noCache: input, cacheRead: 0, cacheWrite: 0 },
    outputTokens: { total: output, text: output, reasoning: 0 },
  };
}

function outputChars(segments: Segment[]): number {
  return segments.reduce((n, s) => n + (s.kind === "text" ? s.text.length : s.kind === "tool" ? s.input.length : 0), 0);
}

export function createOfflineModel(options: OfflineModelOptions = {}): LanguageModelV4 {
  const { seed, tokensPerSecond, firstTokenMs } = resolveOptions(options);
  const state: PlannerState = { seed, faults: new FaultState(parseFaults(options.faults)), calls: 0 };
  const pace: Pace = { tokensPerSecond, firstTokenMs };

  /** Generate is the stream read to its end: one way to pace, to fail and to finish. */
  async function doGenerate(opts: LanguageModelV4CallOptions): Promise<LanguageModelV4GenerateResult> {
    const reader = (await doStream(opts)).stream.getReader();
    const content: LanguageModelV4Content[] = [];
    let response: LanguageModelV4GenerateResult["response"];
    for (let r = await reader.read(); !r.done; r = await reader.read()) {
      const part = r.value;
      if (part.type === "error") throw part.error;
      if (part.type === "response-metadata") response = { id: part.id, modelId: part.modelId, timestamp: part.timestamp };
      if (part.type === "text-start") content.push({ type: "text", text: "" });
      if (part.type === "text-delta") (content.at(-1) as { text: string }).text += part.delta;
      if (part.type === "tool-call") content.push({ type: "tool-call", toolCallId: part.toolCallId, toolName: part.toolName, input: part.input });
      if (part.type === "finish") return { content, finishReason: part.finishReason, usage: part.usage, providerMetadata: part.providerMetadata, warnings: [], response };
    }
    throw new OfflineModelError("offline model: the stream ended without a finish");
  }

  async function doStream(opts: LanguageModelV4CallOptions): Promise<LanguageModelV4StreamResult> {
    const signal = opts.abortSignal;
    if (signal?.aborted) throw abortError(signal);
    const p = planCall(opts, state);
    let cancelled = false;
    let closed = false;

    const stream = new ReadableStream<LanguageModelV4StreamPart>({
      start(controller) {
        const enqueue = (part: LanguageModelV4StreamPart) => {
          if (!closed && !cancelled) controller.enqueue(part);
        };
        const run = async () => {
          // A hung call: nothing at all until the caller gives up.
          if (p.fault === "hang") await new Promise<never>((_, reject) => signal?.addEventListener("abort", () => reject(abortError(signal)), { once: true }));
          enqueue({ type: "stream-start", warnings: [] });
          enqueue({ type: "response-metadata", id: p.callId, modelId: MODEL_ID, timestamp: new Date() });
          await sleep(pace.firstTokenMs, signal);
          const breakAfter = p.fault === "stream-error" ? 3 : Infinity;
          let emitted = 0;
          let tool = 0;
          const isCancelled = () => cancelled;
          for (const [i, s] of p.segments.entries()) {
            if (s.kind === "error") {
              enqueue({ type: "error", error: s.error });
              continue;
            }
            // Text streams token by token, a tool call's input JSON chunk by chunk.
            const text = s.kind === "text";
            const id = text ? `txt-${i}` : `${p.callId}_${tool++}`;
            const part = (text ? tokenize(s.text) : chunkJson(s.input)).slice(0, Math.max(0, breakAfter - emitted));
            enqueue(text ? { type: "text-start", id } : { type: "tool-input-start", id, toolName: s.name });
            await paced(part, pace, (delta) => enqueue(text ? { type: "text-delta", id, delta } : { type: "tool-input-delta", id, delta }), signal, isCancelled);
            emitted += part.length;
            if (emitted >= breakAfter) break;
            if (text) enqueue({ type: "text-end", id });
            else {
              enqueue({ type: "tool-input-end", id });
              enqueue({ type: "tool-call", toolCallId: id, toolName: s.name, input: s.input });
            }
          }
          if (p.fault === "stream-error") {
            enqueue({ type: "error", error: new OfflineModelError("offline model: injected stream failure (stream-error fault)") });
            enqueue({ type: "finish", usage: usage(p.promptChars, 0), finishReason: { unified: "error", raw: "stream-error" } });
          } else {
            enqueue({ type: "finish", usage: usage(p.promptChars, outputChars(p.segments)), finishReason: { unified: p.finish, raw: p.finish }, providerMetadata: { offline: p.meta } });
          }
          if (!closed && !cancelled) {
            closed = true;
            controller.close();
          }
        };
        run().catch((e: unknown) => {
          if (closed || cancelled) return;
          closed = true;
          controller.error(e);
        });
      },
      cancel() {
        cancelled = true;
      },
    });
    return { stream, request: { body: { offline: true } }, response: { headers: {} } };
  }

  return {
    specificationVersion: "v4",
    provider: PROVIDER,
    modelId: MODEL_ID,
    supportedUrls: {},
    doGenerate,
    doStream,
  };
}
