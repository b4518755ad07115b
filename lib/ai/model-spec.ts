// What names a model ("offline", "openai:gpt-4.1", "ollama:llama3.2", a person's own
// connection "openai@<connection id>:gpt-4.1", …): one grammar, read by the environment
// check at start-up, the model registry, the API and the dashboard. No dependencies, so
// the environment check (loaded before Next starts) does not pull in the providers and
// the browser can label a model.

export type ModelProvider = "offline" | "openai" | "anthropic" | "openai-compatible" | "ollama" | "lmstudio";

/** The providers a person's own connection may speak (LM Studio is found on the server, or reached as openai-compatible). */
export const CONNECTION_PROVIDERS = ["openai", "anthropic", "openai-compatible", "ollama"] as const;
export type ConnectionProvider = (typeof CONNECTION_PROVIDERS)[number];

export interface ModelSpec {
  provider: ModelProvider;
  modelId: string;
  /** Set for a person's own connection: the model runs with that connection's key and endpoint. */
  connectionId?: string;
}

export const MODEL_SPEC_GRAMMAR = "offline, openai:<model>, anthropic:<model>, openai-compatible:<model>, ollama:<model> or lmstudio:<model>";

// Local and compatible servers name models freely ("qwen2.5:7b", "meta-llama/Llama-3", "hf.co/x/y:Q4").
const FREE_ID = /^[\w./:@+-]{1,200}$/;
const MODEL_ID: Record<Exclude<ModelProvider, "offline">, RegExp> = {
  openai: /^[\w.:-]{1,200}$/,
  anthropic: /^[\w.:-]{1,200}$/,
  "openai-compatible": FREE_ID,
  ollama: FREE_ID,
  lmstudio: FREE_ID,
};
const CONNECTION_ID = /^[\w-]{1,64}$/;

export class ModelConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ModelConfigError";
  }
}

/**
 * The spec's provider, model id and connection, or null when it does not follow the
 * grammar. `connections: false` (the environment) refuses a person's connection spec.
 */
export function readModelSpec(spec: string, o: { connections?: boolean } = {}): ModelSpec | null {
  if (spec === "offline") return { provider: "offline", modelId: "offline" };
  const colon = spec.indexOf(":");
  if (colon <= 0) return null;
  const head = spec.slice(0, colon);
  const modelId = spec.slice(colon + 1);
  const at = head.indexOf("@");
  const provider = at < 0 ? head : head.slice(0, at);
  if (!(provider in MODEL_ID) || !MODEL_ID[provider as keyof typeof MODEL_ID].test(modelId)) return null;
  if (at < 0) return { provider: provider as ModelProvider, modelId };
  const connectionId = head.slice(at + 1);
  if (o.connections === false || !(CONNECTION_PROVIDERS as readonly string[]).includes(provider) || !CONNECTION_ID.test(connectionId)) return null;
  return { provider: provider as ModelProvider, modelId, connectionId };
}

export function parseModelSpec(spec: string): ModelSpec {
  const parsed = readModelSpec(spec);
  if (!parsed) throw new ModelConfigError(`Invalid model spec ${JSON.stringify(spec)}: expected ${MODEL_SPEC_GRAMMAR}`);
  return parsed;
}

/** The spec of a model reached through a person's connection. */
export const connectionModelId = (provider: ConnectionProvider, connectionId: string, modelId: string) => `${provider}@${connectionId}:${modelId}`;

export const PROVIDER_NAMES: Record<ModelProvider, string> = {
  offline: "Built-in",
  openai: "OpenAI",
  anthropic: "Anthropic",
  "openai-compatible": "OpenAI-compatible",
  ollama: "Ollama",
  lmstudio: "LM Studio",
};

/**
 * How a model is shown to a person (team cards, pickers): the model's own name and where
 * it runs. A connection is "your connection", never its name or address: watchers see
 * the dashboard too.
 */
export function modelLabel(spec: string): string {
  const s = readModelSpec(spec);
  if (!s) return spec;
  if (s.provider === "offline") return "Built-in demo model";
  const where = s.connectionId ? `${PROVIDER_NAMES[s.provider]}, own connection` : s.provider === "ollama" || s.provider === "lmstudio" ? `${PROVIDER_NAMES[s.provider]} on the server` : PROVIDER_NAMES[s.provider];
  return `${s.modelId} · ${where}`;
}
