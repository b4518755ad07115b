// What names a model ("offline", "openai:gpt-4.1", …): one grammar, read by the
// environment check at start-up and by the model registry. No dependencies, so the
// environment check (loaded before Next starts) does not pull in the providers.

export type ModelProvider = "offline" | "openai" | "anthropic" | "openai-compatible";

export interface ModelSpec {
  provider: ModelProvider;
  modelId: string;
}

export const MODEL_SPEC_GRAMMAR = "offline, openai:<model>, anthropic:<model> or openai-compatible:<model>";

// openai-compatible ids may hold "/" (e.g. "meta-llama/Llama-3").
const MODEL_ID: Record<Exclude<ModelProvider, "offline">, RegExp> = {
  openai: /^[\w.:-]+$/,
  anthropic: /^[\w.:-]+$/,
  "openai-compatible": /^[\w./:-]+$/,
};

export class ModelConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ModelConfigError";
  }
}

/** The spec's provider and model id, or null when it does not follow the grammar. */
export function readModelSpec(spec: string): ModelSpec | null {
  if (spec === "offline") return { provider: "offline", modelId: "offline" };
  const colon = spec.indexOf(":");
  const provider = spec.slice(0, colon);
  const modelId = spec.slice(colon + 1);
  if (colon > 0 && provider in MODEL_ID && MODEL_ID[provider as keyof typeof MODEL_ID].test(modelId)) {
    return { provider: provider as ModelProvider, modelId };
  }
  return null;
}

export function parseModelSpec(spec: string): ModelSpec {
  const parsed = readModelSpec(spec);
  if (!parsed) throw new ModelConfigError(`Invalid model spec ${JSON.stringify(spec)}: expected ${MODEL_SPEC_GRAMMAR}`);
  return parsed;
}
