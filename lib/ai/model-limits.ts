// What a model may write per call and what its tokens cost. Prices come from
// @pydantic/genai-prices (a maintained price table with cache-read/-write rates, tiers
// and date ranges); output limits from the providers' model pages, below. A model not
// in them gets a default large enough for the biggest document (60,000 characters of
// markdown inside a JSON tool call is about 17,000 tokens) and an unknown price.
import { calcPrice } from "@pydantic/genai-prices";
import { parseModelSpec, type ModelSpec } from "./model-registry";

export interface TokenCounts {
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
}

/** Enough for the largest artifact as a tool call, with room for a reasoning model's thinking. */
export const DEFAULT_MAX_OUTPUT_TOKENS = 32_000;

// Output-token ceilings lower than the default, by model id prefix (longest match wins).
// Sources: platform.openai.com/docs/models (each model's "Max output tokens") and
// docs.anthropic.com/en/docs/about-claude/models/overview ("Max output"). Newer Claude
// ids are capped by the Anthropic SDK itself, which knows their limits.
const OUTPUT_LIMITS: Array<[provider: ModelSpec["provider"], prefix: string, max: number]> = [
  ["openai", "gpt-3.5-turbo", 4_096],
  ["openai", "gpt-4-turbo", 4_096],
  ["openai", "gpt-4o", 16_384],
  ["openai", "gpt-4o-mini", 16_384],
  ["openai", "gpt-4", 8_192],
  ["openai", "gpt-4.1", 32_768],
  ["anthropic", "claude-3-haiku", 4_096],
  ["anthropic", "claude-3-opus", 4_096],
  ["anthropic", "claude-3-sonnet", 4_096],
  ["anthropic", "claude-3-5", 8_192],
];

export function maxOutputTokensFor(spec: string, override?: number): number {
  if (override) return override;
  const s = parseModelSpec(spec);
  let best: [number, number] | undefined; // [prefix length, max]
  for (const [provider, prefix, max] of OUTPUT_LIMITS) {
    if (provider === s.provider && s.modelId.startsWith(prefix) && (!best || prefix.length > best[0])) best = [prefix.length, max];
  }
  return Math.min(best?.[1] ?? DEFAULT_MAX_OUTPUT_TOKENS, DEFAULT_MAX_OUTPUT_TOKENS);
}

const PRICE_PROVIDER: Partial<Record<ModelSpec["provider"], string>> = { openai: "openai", anthropic: "anthropic" };

/**
 * US dollars for one usage record, or null when the model's price is unknown (an
 * openai-compatible server, a model missing from the table). The offline model is free.
 */
export function costUsd(spec: string, u: TokenCounts, at = new Date()): number | null {
  const s = parseModelSpec(spec);
  if (s.provider === "offline") return 0;
  const providerId = PRICE_PROVIDER[s.provider];
  if (!providerId) return null;
  const r = calcPrice(
    { input_tokens: u.inputTokens, output_tokens: u.outputTokens, cache_read_tokens: u.cacheReadTokens, cache_write_tokens: u.cacheWriteTokens },
    s.modelId,
    { providerId, timestamp: at },
  );
  return r ? Math.round(r.total_price * 1e6) / 1e6 : null;
}

// The shortest prompt prefix a provider caches, by model id prefix (longest match wins).
// Sources: platform.openai.com/docs/guides/prompt-caching (1,024 tokens, automatic) and
// docs.anthropic.com/en/docs/build-with-claude/prompt-caching ("Cache limitations").
const CACHE_MIN_TOKENS: Array<[provider: ModelSpec["provider"], prefix: string, min: number]> = [
  ["anthropic", "claude-3-haiku", 2_048],
  ["anthropic", "claude-3-5-haiku", 2_048],
  ["anthropic", "claude-haiku-4-5", 4_096],
  ["anthropic", "claude-sonnet-4-6", 2_048],
  ["anthropic", "claude-opus-4-5", 4_096],
  ["anthropic", "claude-opus-4-6", 4_096],
];

/**
 * Tokens a shared prompt prefix needs before the model's provider caches it; null when
 * nothing is cached (the offline model). OpenAI, Anthropic and most OpenAI-compatible
 * servers (vLLM, gateways in front of the big providers) start at 1,024.
 */
export function promptCacheMinTokens(spec: string): number | null {
  const s = parseModelSpec(spec);
  if (s.provider === "offline") return null;
  let best: [number, number] | undefined;
  for (const [provider, prefix, min] of CACHE_MIN_TOKENS) {
    if (provider === s.provider && s.modelId.startsWith(prefix) && (!best || prefix.length > best[0])) best = [prefix.length, min];
  }
  return best?.[1] ?? 1_024;
}
