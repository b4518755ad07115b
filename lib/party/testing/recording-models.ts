// The offline models with every prompt recorded as it goes out, for tests that check
// what reached an agent.
import type { LanguageModelV4, LanguageModelV4Prompt } from "@ai-sdk/provider";
import type { ModelLookup } from "../agent-step";
import { offlineModels } from "./drive-party";

/** The whole prompt as text, system messages included. */
export const wholePrompt = (prompt: LanguageModelV4Prompt): string =>
  prompt.map((p) => (p.role === "system" ? p.content : p.content.map((c) => (c.type === "text" ? c.text : "")).join(""))).join("\n");

/** Only the user messages' text: what the agent was asked, without its instructions. */
export const userPrompt = (prompt: LanguageModelV4Prompt): string =>
  prompt.flatMap((p) => (p.role === "user" ? p.content.flatMap((c) => (c.type === "text" ? [c.text] : [])) : [])).join("\n");

export interface Recording {
  models: ModelLookup;
  /** Every prompt, in the order the calls went out. */
  all: string[];
  /** Every prompt, per agent, in order. */
  byAgent: Map<string, string[]>;
}

export function recordingModels(asText: (prompt: LanguageModelV4Prompt) => string = wholePrompt): Recording {
  const inner = offlineModels();
  const rec: Recording = { all: [], byAgent: new Map(), models: inner };
  rec.models = {
    modelFor(agent) {
      const { model, spec } = inner.modelFor(agent);
      const m = model as LanguageModelV4;
      const wrapped: LanguageModelV4 = {
        ...m,
        doGenerate: m.doGenerate.bind(m),
        doStream: (opts) => {
          const text = asText(opts.prompt);
          rec.all.push(text);
          rec.byAgent.set(agent, [...(rec.byAgent.get(agent) ?? []), text]);
          return m.doStream(opts);
        },
      };
      return { model: wrapped, spec };
    },
  };
  return rec;
}
