import { generateText } from "ai";
import { describe, expect, it } from "vitest";
import { createModelRegistry, parseModelSpec, type ModelRegistryConfig } from "./model-registry";
import { MODEL_SPEC_GRAMMAR } from "./model-spec";

const OFFLINE = { seed: 1, tokensPerSecond: 0, firstTokenMs: 0 };
const config = (c: Partial<ModelRegistryConfig>): ModelRegistryConfig => ({ defaultModel: "offline", offline: OFFLINE, ...c });

describe("parseModelSpec", () => {
  it.each([
    ["offline", "offline", "offline"],
    ["openai:gpt-4.1", "openai", "gpt-4.1"],
    ["anthropic:claude-sonnet-4-5", "anthropic", "claude-sonnet-4-5"],
    ["openai-compatible:test-model", "openai-compatible", "test-model"],
    ["openai-compatible:meta-llama/Llama-3.1-8B", "openai-compatible", "meta-llama/Llama-3.1-8B"],
    ["openai-compatible:qwen2.5:7b", "openai-compatible", "qwen2.5:7b"],
  ])("%s → %s / %s", (spec, provider, modelId) => {
    expect(parseModelSpec(spec)).toEqual({ provider, modelId });
  });

  it.each(["", "Offline", "offline:x", "openai", "openai:", ":gpt-4", "gpt-4.1", "azure:gpt-4", "openai:gpt 4", "anthropic:a/b"])(
    "rejects %j naming the spec and the grammar",
    (spec) => {
      expect(() => parseModelSpec(spec)).toThrow(
        `Invalid model spec ${JSON.stringify(spec)}: expected ${MODEL_SPEC_GRAMMAR}`,
      );
    },
  );
});

describe("createModelRegistry", () => {
  it("uses the persona override over the default, and the default for everyone else", () => {
    const r = createModelRegistry(
      config({ personaModels: { oscar: "openai-compatible:m1" }, openaiBaseUrl: "http://127.0.0.1:1/v1" }),
    );
    expect(r.specFor("oscar")).toBe("openai-compatible:m1");
    expect(r.modelFor("oscar").spec).toBe("openai-compatible:m1");
    expect(r.specFor("liam")).toBe("offline");
    expect(r.specFor("constructor")).toBe("offline");
  });

  it("creates one model per spec and shares it", () => {
    const r = createModelRegistry(
      config({
        defaultModel: "openai-compatible:m1",
        personaModels: { oscar: "offline", zara: "offline", liam: "openai-compatible:m1", mia: "openai-compatible:m2" },
        openaiBaseUrl: "http://127.0.0.1:1/v1",
      }),
    );
    expect(r.modelFor("oscar").model).toBe(r.modelFor("zara").model);
    expect(r.modelFor("oscar").model).toBe(r.modelFor("oscar").model);
    expect(r.modelFor("liam").model).toBe(r.modelFor("anyone").model);
    expect(r.modelFor("mia").model).not.toBe(r.modelFor("liam").model);
    expect(r.modelFor("oscar").model).not.toBe(r.modelFor("liam").model);
  });

  it.each([
    [config({ defaultModel: "openai:gpt-4.1" }), "INCEPTION_MODEL=openai:gpt-4.1 needs OPENAI_API_KEY"],
    [config({ defaultModel: "anthropic:claude-x" }), "INCEPTION_MODEL=anthropic:claude-x needs ANTHROPIC_API_KEY"],
    [config({ defaultModel: "openai-compatible:m", openaiApiKey: "k" }), "INCEPTION_MODEL=openai-compatible:m needs OPENAI_COMPATIBLE_BASE_URL"],
    [config({ agentModels: { critic: "anthropic:claude-x" } }), "INCEPTION_AGENT_MODELS critic=anthropic:claude-x needs ANTHROPIC_API_KEY"],
    [config({ personaModels: { oscar: "anthropic:claude-x" } }), 'persona "oscar" model anthropic:claude-x needs ANTHROPIC_API_KEY'],
    [config({ defaultModel: "gpt-4" }), 'INCEPTION_MODEL: Invalid model spec "gpt-4": expected offline, openai:<model>'],
    [config({ personaModels: { zara: "azure:x" } }), 'persona "zara": Invalid model spec "azure:x"'],
  ])("fails at creation with a clear message (%#)", (c, message) => {
    expect(() => createModelRegistry(c)).toThrow(message);
  });

  it("shares one offline model, and so its fault counters, across personas", async () => {
    const r = createModelRegistry(config({ personaModels: { oscar: "offline" }, offline: { ...OFFLINE, faults: "throw:*:1" } }));
    const call = (persona: string) => generateText({ model: r.modelFor(persona).model, prompt: "hello", maxRetries: 0 });
    await expect(call("oscar")).rejects.toThrow(/injected failure/);
    // The one injected failure is used up: the other persona's call goes through.
    await expect(call("liam")).resolves.toMatchObject({ finishReason: expect.any(String) });
  });

  it("names OFFLINE_MODEL_FAULTS when a fault rule is bad", () => {
    expect(() => createModelRegistry(config({ offline: { ...OFFLINE, faults: "explode:oscar" } }))).toThrow(
      /^OFFLINE_MODEL_FAULTS: Invalid offline model fault rule "explode:oscar"/,
    );
  });

  it("INCEPTION_AGENT_MODELS gives any agent a model, over the persona file", () => {
    const r = createModelRegistry(config({ personaModels: { oscar: "offline" }, agentModels: { oscar: "openai-compatible:m2", constitution_generator: "openai-compatible:m1" }, openaiCompatibleBaseUrl: "http://127.0.0.1:1/v1" }));
    expect(r.specFor("oscar")).toBe("openai-compatible:m2");
    expect(r.specFor("constitution_generator")).toBe("openai-compatible:m1");
    expect(r.specFor("critic")).toBe("offline");
  });

  it("sends the OpenAI key only where OPENAI_BASE_URL points", async () => {
    const seen: Array<{ url: string; auth: string | null }> = [];
    const fakeFetch = (async (url: RequestInfo | URL, init?: RequestInit) => {
      seen.push({ url: String(url), auth: new Headers(init?.headers).get("authorization") });
      throw new Error("no network in tests");
    }) as typeof fetch;
    const base = { openaiApiKey: "sk-openai", openaiBaseUrl: "http://openai-proxy.test/v1", fetch: fakeFetch };
    const own = createModelRegistry(config({ defaultModel: "openai-compatible:m", openaiCompatibleBaseUrl: "http://127.0.0.1:9/v1", ...base }));
    const legacy = createModelRegistry(config({ defaultModel: "openai-compatible:m", ...base }));
    for (const r of [own, legacy]) await expect(generateText({ model: r.modelFor("x").model, prompt: "hi", maxRetries: 0 })).rejects.toThrow(/no network/);
    expect(seen).toEqual([
      { url: "http://127.0.0.1:9/v1/chat/completions", auth: null },
      { url: "http://openai-proxy.test/v1/chat/completions", auth: "Bearer sk-openai" },
    ]);
  });

  it("needs no API key for openai-compatible", () => {
    const r = createModelRegistry(config({ defaultModel: "openai-compatible:m", openaiBaseUrl: "http://127.0.0.1:1/v1" }));
    expect(r.modelFor("x").spec).toBe("openai-compatible:m");
  });

  it("passes keys, base URL and fetch to the OpenAI and Anthropic providers", async () => {
    const seen: Array<{ url: string; headers: Headers }> = [];
    const fakeFetch = (async (url: RequestInfo | URL, init?: RequestInit) => {
      seen.push({ url: String(url), headers: new Headers(init?.headers) });
      throw new Error("no network in tests");
    }) as typeof fetch;
    const r = createModelRegistry(
      config({
        personaModels: { a: "openai:gpt-4.1", b: "anthropic:claude-x" },
        openaiApiKey: "sk-o",
        anthropicApiKey: "sk-a",
        openaiBaseUrl: "http://proxy.test/v1",
        anthropicBaseUrl: "http://anthropic-proxy.test/v1",
        fetch: fakeFetch,
      }),
    );
    for (const persona of ["a", "b"]) {
      await expect(generateText({ model: r.modelFor(persona).model, prompt: "hi", maxRetries: 0 })).rejects.toThrow(/no network in tests/);
    }
    expect(seen.map((s) => s.url)).toEqual(["http://proxy.test/v1/responses", "http://anthropic-proxy.test/v1/messages"]);
    expect(seen[0].headers.get("authorization")).toBe("Bearer sk-o");
    expect(seen[1].headers.get("x-api-key")).toBe("sk-a");
  });
});
