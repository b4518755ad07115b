import { describe, expect, it } from "vitest";
import { costUsd, DEFAULT_MAX_OUTPUT_TOKENS, maxOutputTokensFor, promptCacheMinTokens } from "./model-limits";

const u = { inputTokens: 1_000_000, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 };

describe("model limits and prices", () => {
  it("caps output at a model's documented limit, else the default large enough for the biggest document", () => {
    expect(maxOutputTokensFor("openai:gpt-4o-mini")).toBe(16_384);
    expect(maxOutputTokensFor("anthropic:claude-3-5-sonnet-latest")).toBe(8_192);
    expect(maxOutputTokensFor("openai-compatible:llama3")).toBe(DEFAULT_MAX_OUTPUT_TOKENS);
    expect(maxOutputTokensFor("openai:gpt-4o", 2_000)).toBe(2_000);
  });

  it("prices known models, costs nothing offline, and is null (unknown, not zero) elsewhere", () => {
    expect(costUsd("offline", u)).toBe(0);
    expect(costUsd("openai-compatible:llama3", u)).toBeNull();
    expect(costUsd("openai:no-such-model-xyz", u)).toBeNull();
    const full = costUsd("openai:gpt-4o-mini", u)!;
    expect(full).toBeGreaterThan(0);
    // Cached prompt tokens cost less than fresh ones.
    expect(costUsd("openai:gpt-4o-mini", { ...u, cacheReadTokens: 1_000_000 })!).toBeLessThan(full);
  });

  it("knows the shortest prefix a provider caches", () => {
    expect(promptCacheMinTokens("offline")).toBeNull();
    expect(promptCacheMinTokens("openai:gpt-4.1")).toBe(1_024);
    expect(promptCacheMinTokens("openai-compatible:llama3")).toBe(1_024);
    expect(promptCacheMinTokens("anthropic:claude-sonnet-4-5")).toBe(1_024);
    expect(promptCacheMinTokens("anthropic:claude-3-5-haiku-latest")).toBe(2_048);
    expect(promptCacheMinTokens("anthropic:claude-haiku-4-5")).toBe(4_096);
  });
});
