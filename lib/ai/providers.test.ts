import { afterEach, describe, expect, it, vi } from "vitest";

// env() caches its first parse, so each case loads a fresh copy of the modules.
async function fromEnv(vars: Record<string, string>, personaModels?: Record<string, string>) {
  for (const [k, v] of Object.entries(vars)) vi.stubEnv(k, v);
  vi.resetModules();
  const { modelRegistryFromEnv } = await import("./providers");
  return modelRegistryFromEnv(personaModels);
}

describe("modelRegistryFromEnv", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it("reads INCEPTION_MODEL and OPENAI_BASE_URL, with persona overrides on top", async () => {
    const r = await fromEnv(
      { INCEPTION_MODEL: "openai-compatible:llama3", OPENAI_BASE_URL: "http://127.0.0.1:11434/v1", OPENAI_API_KEY: "" },
      { oscar: "offline" },
    );
    expect(r.specFor("liam")).toBe("openai-compatible:llama3");
    expect(r.modelFor("oscar").spec).toBe("offline");
  });

  it("names the missing variable", async () => {
    await expect(fromEnv({ INCEPTION_MODEL: "anthropic:claude-sonnet-4-5", ANTHROPIC_API_KEY: "" })).rejects.toThrow(
      "INCEPTION_MODEL=anthropic:claude-sonnet-4-5 needs ANTHROPIC_API_KEY",
    );
  });
});
