import { generateText, streamText } from "ai";
import { afterEach, describe, expect, it } from "vitest";
import { connectionModel } from "./model-registry";
import { redactingModel, redactText } from "./redact";
import { startScriptedOpenAIServer, type ScriptedServer } from "./testing/scripted-openai-server";

const KEY = "sk-proj-someone-elses-key-00001234";
let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe("a connection's errors never carry its key", () => {
  it("cuts the key and masked echoes of it out of text", () => {
    expect(redactText(`bad key ${KEY} and sk-pr**********1234.`, KEY)).toBe("bad key [redacted] and [redacted]");
  });

  it("scrubs a provider's refusal that quotes the key back, thrown or streamed", async () => {
    server = await startScriptedOpenAIServer({ apiKey: "the-right-key-000000", ports: [0] });
    const plain = connectionModel({ provider: "openai-compatible", baseUrl: server.url, apiKey: KEY }, "scripted-llm", globalThis.fetch);
    // Without the wrapper the provider's message carries the masked key…
    const raw = await generateText({ model: plain, prompt: "hi", maxRetries: 0 }).catch((e: Error) => e);
    expect(String((raw as Error).message)).toContain("1234");
    // …with it, neither the key nor its masked echo is left.
    const model = redactingModel(plain, KEY);
    const thrown = await generateText({ model, prompt: "hi", maxRetries: 0 }).catch((e: Error) => e);
    expect(thrown).toBeInstanceOf(Error);
    const seen = JSON.stringify({ m: (thrown as Error).message, s: (thrown as Error).stack, b: (thrown as { responseBody?: string }).responseBody });
    expect(seen).not.toMatch(/\*{4}|1234/);
    // The error stays what it was, so the retry policy still reads its status.
    expect((thrown as { statusCode?: number }).statusCode).toBe(401);
    const parts: unknown[] = [];
    for await (const p of streamText({ model, prompt: "hi", maxRetries: 0, onError: () => {} }).fullStream) if (p.type === "error") parts.push(p.error);
    expect(parts).toHaveLength(1);
    expect(JSON.stringify({ m: (parts[0] as Error).message, b: (parts[0] as { responseBody?: string }).responseBody })).not.toMatch(/\*{4}|1234/);
  });
});
