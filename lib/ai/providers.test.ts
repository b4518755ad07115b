import { describe, expect, it } from "vitest";
import { defaultPersonaConfig } from "../agents/persona-config";
import { parseEnv } from "../env";
import { modelConfigProblem, modelRegistryFor, modelSettingsFromEnv, modelSettingsOf } from "./providers";

const envOf = (vars: Record<string, string>) => parseEnv({ NODE_ENV: "test", ...vars });

describe("model settings from the environment", () => {
  it("reads INCEPTION_MODEL, the persona file's models and INCEPTION_AGENT_MODELS (which wins)", () => {
    const personas = defaultPersonaConfig();
    personas.personas.oscar.model = "offline";
    const e = envOf({ INCEPTION_MODEL: "openai-compatible:llama3", OPENAI_COMPATIBLE_BASE_URL: "http://127.0.0.1:11434/v1", INCEPTION_AGENT_MODELS: "critic=offline, zara = offline" });
    const s = modelSettingsFromEnv(e, personas);
    expect(s).toEqual({ defaultModel: "openai-compatible:llama3", agentModels: { oscar: "offline", critic: "offline", zara: "offline" }, seed: 42 });
    const r = modelRegistryFor(s, e);
    expect(r.specFor("liam")).toBe("openai-compatible:llama3");
    expect(r.specFor("critic")).toBe("offline");
  });

  it("a party keeps the settings it started with; old parties fall back to the environment", () => {
    const e = envOf({ INCEPTION_MODEL: "offline" });
    const stored = { defaultModel: "openai-compatible:m", agentModels: { nadia: "offline" }, seed: 7 };
    expect(modelSettingsOf(stored, e)).toEqual(stored);
    const r = modelRegistryFor(modelSettingsOf(stored, envOf({ OPENAI_COMPATIBLE_BASE_URL: "http://127.0.0.1:1/v1" })), envOf({ OPENAI_COMPATIBLE_BASE_URL: "http://127.0.0.1:1/v1" }));
    expect(r.specFor("liam")).toBe("openai-compatible:m");
    expect(modelSettingsOf({ defaultModel: "offline", seed: 3 }, e)).toEqual({ defaultModel: "offline", agentModels: {}, seed: 3 });
  });
});

describe("start-up check", () => {
  it.each([
    [{ INCEPTION_MODEL: "openai-compatible:x" }, "Invalid model configuration: INCEPTION_MODEL=openai-compatible:x needs OPENAI_COMPATIBLE_BASE_URL"],
    [{ INCEPTION_MODEL: "openai:gpt-4.1" }, "Invalid model configuration: INCEPTION_MODEL=openai:gpt-4.1 needs OPENAI_API_KEY"],
    [{ INCEPTION_MODEL: "anthropic:claude-sonnet-4-5" }, "Invalid model configuration: INCEPTION_MODEL=anthropic:claude-sonnet-4-5 needs ANTHROPIC_API_KEY"],
    [{ INCEPTION_AGENT_MODELS: "critic=anthropic:claude-haiku-4-5" }, "Invalid model configuration: INCEPTION_AGENT_MODELS critic=anthropic:claude-haiku-4-5 needs ANTHROPIC_API_KEY"],
  ])("refuses %j in one line naming the variable", (vars, line) => {
    expect(modelConfigProblem(envOf(vars))).toBe(line);
  });

  it("passes the zero-config default and a complete configuration", () => {
    expect(modelConfigProblem(envOf({}))).toBeNull();
    expect(modelConfigProblem(envOf({ INCEPTION_MODEL: "openai-compatible:x", OPENAI_BASE_URL: "http://127.0.0.1:1/v1" }))).toBeNull();
  });

  it("rejects a malformed INCEPTION_AGENT_MODELS at parse time", () => {
    expect(() => envOf({ INCEPTION_AGENT_MODELS: "critic" })).toThrow(/^Invalid environment variable INCEPTION_AGENT_MODELS: must be agent=model pairs/);
  });
});
