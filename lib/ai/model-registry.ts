// Model specs ("offline", "openai:gpt-4.1", ...) → AI SDK language models. No env access:
// providers.ts feeds it from env(), tests feed it directly (with a fake `fetch`).
//
// A registry is meant to live for one party run. Each distinct spec becomes ONE model
// instance, shared by every persona using it: for the offline model this means its
// fault counters (`throw:oscar:1`, ...) count across the whole run, not per turn.
import { createAnthropic } from "@ai-sdk/anthropic";
import { createOpenAI } from "@ai-sdk/openai";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import type { LanguageModel } from "ai";
import { ModelConfigError, parseModelSpec, type ConnectionProvider, type ModelSpec } from "./model-spec";
import { createOfflineModel } from "@inception-party/offline-model";
import { redactingModel } from "./redact";

export { ModelConfigError, parseModelSpec, type ModelSpec } from "./model-spec";

/** A person's connection as the registry needs it: the key already decrypted, for this run only. */
export interface ConnectionSecret {
  provider: ConnectionProvider;
  baseUrl: string | null;
  apiKey: string | null;
}

export interface ModelRegistryConfig {
  defaultModel: string;
  /** persona key → spec (the persona file); wins over defaultModel. */
  personaModels?: Record<string, string>;
  /** agent key → spec (INCEPTION_AGENT_MODELS: any agent, personas or not); wins over both. */
  agentModels?: Record<string, string>;
  openaiApiKey?: string;
  anthropicApiKey?: string;
  /** The OpenAI endpoint for openai: (default api.openai.com). */
  openaiBaseUrl?: string;
  /** The endpoint for openai-compatible:; falls back to openaiBaseUrl (and then sends openaiApiKey there). */
  openaiCompatibleBaseUrl?: string;
  /** Sent to the openai-compatible endpoint when it has its own base URL. */
  openaiCompatibleApiKey?: string;
  /** The Anthropic endpoint (default api.anthropic.com/v1). */
  anthropicBaseUrl?: string;
  /** Ollama on the deployer's side (OLLAMA_BASE_URL), for ollama:<model>; chat goes to its /v1. */
  ollamaBaseUrl?: string;
  /** LM Studio's OpenAI-compatible endpoint (LMSTUDIO_BASE_URL, ending in /v1), for lmstudio:<model>. */
  lmstudioBaseUrl?: string;
  /** The party owner's connections by id, for <provider>@<id>:<model>. */
  connections?: Record<string, ConnectionSecret>;
  /** How connections reach their endpoints (refusing the server's private network unless allowed); default: `fetch`. */
  connectionFetch?: typeof fetch;
  offline: { seed: number; tokensPerSecond: number; firstTokenMs: number; faults?: string };
  fetch?: typeof fetch;
}

export interface ModelRegistry {
  modelFor(personaKey: string): { model: LanguageModel; spec: string };
  specFor(personaKey: string): string;
}

export const OPENAI_DEFAULT_BASE_URL = "https://api.openai.com/v1";
export const ANTHROPIC_DEFAULT_BASE_URL = "https://api.anthropic.com/v1";

/** Throws ModelConfigError (bad spec, missing key or base URL) before any model runs. */
export function createModelRegistry(config: ModelRegistryConfig): ModelRegistry {
  const personaModels = config.personaModels ?? {};
  const agentModels = config.agentModels ?? {};
  // [where the spec came from, how to quote it in an error, spec]
  const sources: Array<[string, string, string]> = [
    ["INCEPTION_MODEL", `INCEPTION_MODEL=${config.defaultModel}`, config.defaultModel],
    ...Object.entries(personaModels).map(([k, s]): [string, string, string] => [`persona "${k}"`, `persona "${k}" model ${s}`, s]),
    ...Object.entries(agentModels).map(([k, s]): [string, string, string] => [`INCEPTION_AGENT_MODELS ${k}`, `INCEPTION_AGENT_MODELS ${k}=${s}`, s]),
  ];

  const models = new Map<string, LanguageModel>();
  for (const [where, quoted, spec] of sources) {
    if (models.has(spec)) continue;
    let parsed: ModelSpec;
    try {
      parsed = parseModelSpec(spec);
    } catch (e) {
      throw new ModelConfigError(`${where}: ${(e as Error).message}`);
    }
    models.set(spec, createModel(parsed, config, (envVar) => `${quoted} needs ${envVar}`));
  }

  // Own-property lookup: a persona key like "constructor" must not hit Object.prototype.
  const specFor = (agent: string) =>
    Object.hasOwn(agentModels, agent) ? agentModels[agent] : Object.hasOwn(personaModels, agent) ? personaModels[agent] : config.defaultModel;
  return {
    specFor,
    modelFor(personaKey) {
      const spec = specFor(personaKey);
      return { model: models.get(spec)!, spec };
    },
  };
}

/** Ollama's OpenAI-compatible endpoint under its base URL ("http://host:11434" → ".../v1"). */
export const ollamaChatUrl = (base: string) => `${base.replace(/\/+$/, "").replace(/\/v1$/, "")}/v1`;

function createModel(spec: ModelSpec, config: ModelRegistryConfig, needs: (envVar: string) => string): LanguageModel {
  const { fetch } = config;
  if (spec.connectionId) {
    const c = Object.hasOwn(config.connections ?? {}, spec.connectionId) ? config.connections![spec.connectionId] : undefined;
    if (!c || c.provider !== spec.provider) throw new ModelConfigError(`The connection this party runs on (${spec.provider}, ${spec.modelId}) was removed or its key can no longer be read.`);
    const model = connectionModel(c, spec.modelId, config.connectionFetch ?? globalThis.fetch);
    return c.apiKey ? redactingModel(model, c.apiKey) : model;
  }
  switch (spec.provider) {
    case "offline":
      try {
        return createOfflineModel({ ...config.offline });
      } catch (e) {
        // A bad fault rule: name the variable it came from.
        throw new ModelConfigError(`OFFLINE_MODEL_FAULTS: ${(e as Error).message}`);
      }
    case "openai": {
      if (!config.openaiApiKey) throw new ModelConfigError(needs("OPENAI_API_KEY"));
      // Explicit base URL so the SDK never falls back to reading process.env itself.
      const baseURL = config.openaiBaseUrl ?? OPENAI_DEFAULT_BASE_URL;
      return createOpenAI({ apiKey: config.openaiApiKey, baseURL, fetch })(spec.modelId);
    }
    case "anthropic": {
      if (!config.anthropicApiKey) throw new ModelConfigError(needs("ANTHROPIC_API_KEY"));
      // Explicit base URL so the SDK never reads process.env itself.
      return createAnthropic({ apiKey: config.anthropicApiKey, baseURL: config.anthropicBaseUrl ?? ANTHROPIC_DEFAULT_BASE_URL, fetch })(spec.modelId);
    }
    case "openai-compatible": {
      const own = config.openaiCompatibleBaseUrl;
      const baseURL = own ?? config.openaiBaseUrl;
      if (!baseURL) throw new ModelConfigError(needs("OPENAI_COMPATIBLE_BASE_URL"));
      return createOpenAICompatible({
        name: "openai-compatible",
        baseURL,
        // The OpenAI key goes only where OPENAI_BASE_URL points, never to another host.
        apiKey: own ? config.openaiCompatibleApiKey : config.openaiApiKey,
        // Ask for the final usage chunk so turns can count tokens.
        includeUsage: true,
        fetch,
      })(spec.modelId);
    }
    case "ollama": {
      if (!config.ollamaBaseUrl) throw new ModelConfigError(needs("OLLAMA_BASE_URL"));
      return createOpenAICompatible({ name: "ollama", baseURL: ollamaChatUrl(config.ollamaBaseUrl), includeUsage: true, fetch })(spec.modelId);
    }
    case "lmstudio": {
      if (!config.lmstudioBaseUrl) throw new ModelConfigError(needs("LMSTUDIO_BASE_URL"));
      return createOpenAICompatible({ name: "lmstudio", baseURL: config.lmstudioBaseUrl, includeUsage: true, fetch })(spec.modelId);
    }
  }
}

/** A model on a person's connection: the AI SDK's own provider for its kind, with its key and endpoint. */
export function connectionModel(c: ConnectionSecret, modelId: string, fetch: typeof globalThis.fetch): LanguageModel {
  const apiKey = c.apiKey ?? undefined;
  switch (c.provider) {
    case "openai":
      return createOpenAI({ apiKey: apiKey ?? "", baseURL: c.baseUrl ?? OPENAI_DEFAULT_BASE_URL, fetch })(modelId);
    case "anthropic":
      return createAnthropic({ apiKey: apiKey ?? "", baseURL: c.baseUrl ?? ANTHROPIC_DEFAULT_BASE_URL, fetch })(modelId);
    case "openai-compatible":
      return createOpenAICompatible({ name: "openai-compatible", baseURL: c.baseUrl ?? "", apiKey, includeUsage: true, fetch })(modelId);
    case "ollama":
      return createOpenAICompatible({ name: "ollama", baseURL: ollamaChatUrl(c.baseUrl ?? ""), apiKey, includeUsage: true, fetch })(modelId);
  }
}
