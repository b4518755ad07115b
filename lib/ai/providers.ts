// The one place that turns the environment into models. A party keeps the model
// settings it started with (stored with it): a resumed party runs on them, not on what
// the environment says at resume time. Keys and endpoints are never stored with it; they
// come from the environment, or (a person's connection) from the connection it names. Create one registry per party run (offline fault counters are
// per registry).
import { z } from "zod";
import { defaultPersonaConfig, type PersonaConfig } from "../agents/persona-config";
import { env, type Env } from "../env";
import { createModelRegistry, ModelConfigError, type ConnectionSecret, type ModelRegistry } from "./model-registry";

/** What a party stores at creation and runs on for its whole life. */
export const modelSettingsSchema = z.object({
  defaultModel: z.string().min(1),
  /** agent key → model spec: the persona file's models and INCEPTION_AGENT_MODELS, resolved. */
  agentModels: z.record(z.string(), z.string().min(1)).default({}),
  seed: z.number().int().optional(),
});
export type ModelSettings = z.infer<typeof modelSettingsSchema>;

export function parseAgentModels(raw: string | undefined): Record<string, string> {
  if (!raw) return {};
  return Object.fromEntries(
    raw
      .split(",")
      .map((pair) => pair.split("=").map((x) => x.trim()))
      .map(([agent, spec]) => [agent, spec]),
  );
}

/** The settings a party created now starts with. */
export function modelSettingsFromEnv(e: Env = env(), personas: PersonaConfig = defaultPersonaConfig()): ModelSettings {
  const fromFile = Object.fromEntries(Object.entries(personas.personas).flatMap(([k, p]) => (p.model ? [[k, p.model]] : [])));
  return { defaultModel: e.INCEPTION_MODEL, agentModels: { ...fromFile, ...parseAgentModels(e.INCEPTION_AGENT_MODELS) }, seed: e.OFFLINE_MODEL_SEED };
}

/** A party's stored settings (older parties stored only defaultModel and seed). */
export function modelSettingsOf(stored: unknown, e: Env = env()): ModelSettings {
  const r = modelSettingsSchema.safeParse(stored);
  if (r.success) return r.data;
  return modelSettingsFromEnv(e);
}

/** A local server's base URL, or undefined when the deployer turned its probe off. */
export const localBaseUrl = (v: string): string | undefined => (v === "off" ? undefined : v);

/**
 * The registry a party runs on. `connections` holds the owner's connections its settings
 * name (keys opened for this run only) and how they reach their endpoints.
 */
export function modelRegistryFor(settings: ModelSettings, e: Env = env(), own: { connections?: Record<string, ConnectionSecret>; connectionFetch?: typeof fetch } = {}): ModelRegistry {
  return createModelRegistry({
    ...own,
    ollamaBaseUrl: localBaseUrl(e.OLLAMA_BASE_URL),
    lmstudioBaseUrl: localBaseUrl(e.LMSTUDIO_BASE_URL),
    defaultModel: settings.defaultModel,
    agentModels: settings.agentModels,
    openaiApiKey: e.OPENAI_API_KEY,
    anthropicApiKey: e.ANTHROPIC_API_KEY,
    openaiBaseUrl: e.OPENAI_BASE_URL,
    openaiCompatibleBaseUrl: e.OPENAI_COMPATIBLE_BASE_URL,
    openaiCompatibleApiKey: e.OPENAI_COMPATIBLE_API_KEY,
    anthropicBaseUrl: e.ANTHROPIC_BASE_URL,
    offline: {
      seed: settings.seed ?? e.OFFLINE_MODEL_SEED,
      tokensPerSecond: e.OFFLINE_MODEL_TPS,
      firstTokenMs: e.OFFLINE_MODEL_FIRST_TOKEN_MS,
      faults: e.OFFLINE_MODEL_FAULTS,
    },
  });
}

/**
 * Start-up check (server and `npm run discover`): every configured model has what its
 * provider needs. Returns the one line naming the variable, or null when all is well.
 */
export function modelConfigProblem(e: Env = env()): string | null {
  try {
    modelRegistryFor(modelSettingsFromEnv(e), e);
    return null;
  } catch (x) {
    if (x instanceof ModelConfigError) return `Invalid model configuration: ${x.message}`;
    throw x;
  }
}
