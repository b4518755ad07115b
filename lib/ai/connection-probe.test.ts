import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { testConnection } from "./connection-probe";
import { startScriptedOpenAIServer, type ScriptedServer } from "./testing/scripted-openai-server";

const KEY = "sk-proj-correct-horse-battery-9876";
let scripted: ScriptedServer | undefined;
let raw: Server | undefined;
afterEach(async () => {
  await scripted?.close();
  if (raw) await new Promise<void>((r) => raw!.close(() => r()));
  scripted = raw = undefined;
});

async function rawServer(handler: Parameters<typeof createServer>[1]): Promise<string> {
  raw = createServer(handler);
  await new Promise<void>((r) => raw!.listen(0, "127.0.0.1", () => r()));
  return `http://127.0.0.1:${(raw.address() as AddressInfo).port}/v1`;
}

const opts = { fetch: globalThis.fetch, timeoutMs: 2_000 };

describe("testing a connection", () => {
  it("lists the models, makes one tiny call and times its first token", async () => {
    scripted = await startScriptedOpenAIServer({ apiKey: KEY, models: ["big-model", "small-model"], ports: [0] });
    const r = await testConnection({ provider: "openai-compatible", baseUrl: scripted.url, apiKey: KEY }, opts);
    expect(r).toMatchObject({ ok: true, models: ["big-model", "small-model"], model: "big-model", firstTokenMs: expect.any(Number) });
    const chat = scripted.requests.filter((q) => q.body.messages);
    expect(chat).toHaveLength(1);
    expect(chat[0].body).toMatchObject({ model: "big-model", max_tokens: 16, stream: true });
  });

  it("a wrong key: auth_failed, in plain words, without the key or its masked echo", async () => {
    scripted = await startScriptedOpenAIServer({ apiKey: KEY, ports: [0] });
    const wrong = "sk-proj-wrong-key-000000000000ABCD";
    const r = await testConnection({ provider: "openai-compatible", baseUrl: scripted.url, apiKey: wrong }, opts);
    expect(r).toEqual({ ok: false, code: "auth_failed", message: "The key was refused." });
  });

  it("a model the server does not have: not_found naming it", async () => {
    scripted = await startScriptedOpenAIServer({ ports: [0] });
    const r = await testConnection({ provider: "openai-compatible", baseUrl: scripted.url, apiKey: null }, { ...opts, model: "gpt-9" });
    expect(r).toMatchObject({ ok: false, code: "not_found", message: expect.stringContaining('no model named "gpt-9"') });
  });

  it("nothing listening: unreachable", async () => {
    const url = await rawServer((_q, s) => s.end());
    await new Promise<void>((r) => raw!.close(() => r()));
    raw = undefined;
    const r = await testConnection({ provider: "openai-compatible", baseUrl: url, apiKey: null }, opts);
    expect(r).toMatchObject({ ok: false, code: "unreachable", message: expect.stringMatching(/^Could not reach 127\.0\.0\.1:\d+/) });
  });

  it("no answer in time: timeout", async () => {
    const url = await rawServer(() => {
      /* never answers */
    });
    const r = await testConnection({ provider: "openai-compatible", baseUrl: url, apiKey: null }, { ...opts, timeoutMs: 300 });
    expect(r).toMatchObject({ ok: false, code: "timeout", message: expect.stringContaining("did not answer within") });
  });

  it("something that is not a model API: bad_response or not_found, never a crash", async () => {
    const html = await rawServer((_q, s) => s.writeHead(200, { "content-type": "text/html" }).end("<html>router login</html>"));
    expect(await testConnection({ provider: "openai-compatible", baseUrl: html, apiKey: null }, opts)).toMatchObject({ ok: false, code: "bad_response" });
    await new Promise<void>((r) => raw!.close(() => r()));
    const missing = await rawServer((_q, s) => s.writeHead(404).end());
    expect(await testConnection({ provider: "openai-compatible", baseUrl: missing, apiKey: null }, opts)).toMatchObject({ ok: false, code: "not_found" });
  });

  it("an Ollama: lists /api/tags, chats through /v1", async () => {
    scripted = await startScriptedOpenAIServer({ flavour: "ollama", models: ["llama3.2:latest"], ports: [0] });
    const r = await testConnection({ provider: "ollama", baseUrl: scripted.url.replace(/\/v1$/, ""), apiKey: null }, opts);
    expect(r).toMatchObject({ ok: true, models: ["llama3.2:latest"], model: "llama3.2:latest" });
  });
});
