// Test support: the offline team, except that one agent's revision turns hand back drafts
// the test wrote — a rewrite that loses lines, or one that adds nothing asked for — so the
// revision guard meets the drafts a real model can produce.
import type { LanguageModelV4CallOptions, LanguageModelV4StreamPart } from "@ai-sdk/provider";
import { convertArrayToReadableStream, MockLanguageModelV4 } from "ai/test";
import type { ModelLookup } from "../agent-step";
import { TASKS, type RevisedArtifactOutput } from "@inception-party/protocol";
import { offlineModels } from "./drive-party";

const usage = { inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 10, text: 10, reasoning: 0 } };
const finish = (reason: "stop" | "tool-calls"): LanguageModelV4StreamPart => ({ type: "finish", usage, finishReason: { unified: reason, raw: reason } });
const text = (t: string): LanguageModelV4StreamPart[] => [
  { type: "text-start", id: "t" },
  { type: "text-delta", id: "t", delta: t },
  { type: "text-end", id: "t" },
  finish("stop"),
];

export interface ScriptedReviser {
  models: ModelLookup;
  /** How many drafts were asked for (one per revision turn). */
  turns: () => number;
}

/** `agent`'s n-th revision turn submits drafts[n-1] (the last one again once they run out). */
export function scriptedReviser(agent: string, drafts: RevisedArtifactOutput[]): ScriptedReviser {
  const inner = offlineModels();
  let serialized = 0;
  const model = new MockLanguageModelV4({
    doStream: async (o: LanguageModelV4CallOptions) => {
      let parts: LanguageModelV4StreamPart[];
      if (o.toolChoice?.type === "tool") {
        const draft = drafts[Math.min(serialized++, drafts.length - 1)];
        parts = [{ type: "tool-call", toolCallId: `c${serialized}`, toolName: TASKS["artifact.revise"].tool, input: JSON.stringify(draft) }, finish("tool-calls")];
      } else if (o.prompt.some((m) => m.role === "assistant")) {
        parts = text("The document, revised.");
      } else {
        parts = text("ARTIFACT REVISED:\n\nChanges: as asked.");
      }
      return { stream: convertArrayToReadableStream<LanguageModelV4StreamPart>([{ type: "stream-start", warnings: [] }, ...parts]) };
    },
  });
  return {
    models: { modelFor: (a) => (a === agent ? { model, spec: "openai-compatible:scripted-reviser" } : inner.modelFor(a)) },
    turns: () => serialized,
  };
}
