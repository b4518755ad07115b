// The one place that turns the environment into models. Create one registry per party
// run (see model-registry.ts for why: offline fault counters are per registry).
import { env } from "../env";
import { createModelRegistry, type ModelRegistry } from "./model-registry";

/** personaModels: persona key → spec (from persona config); wins over INCEPTION_MODEL. */
export function modelRegistryFromEnv(personaModels?: Record<string, string>): ModelRegistry {
  const e = env();
  return createModelRegistry({
    defaultModel: e.INCEPTION_MODEL,
    personaModels,
    openaiApiKey: e.OPENAI_API_KEY,
    anthropicApiKey: e.ANTHROPIC_API_KEY,
    openaiBaseUrl: e.OPENAI_BASE_URL,
    offline: {
      seed: e.OFFLINE_MODEL_SEED,
      tokensPerSecond: e.OFFLINE_MODEL_TPS,
      firstTokenMs: e.OFFLINE_MODEL_FIRST_TOKEN_MS,
      faults: e.OFFLINE_MODEL_FAULTS,
    },
  });
}
