import { createServer as createHttpServer, type Server } from "node:http";
import { createServer } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { detectLocalServers, probeOllama, probeOpenAIModels } from "./local-servers";
import { startScriptedOpenAIServer, type ScriptedServer } from "./testing/scripted-openai-server";

let servers: ScriptedServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

/** A port nothing listens on: bound, noted, closed. */
async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", () => r()));
  const port = (s.address() as { port: number }).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

describe("local model servers", () => {
  it("lists an Ollama's chat models from /api/tags (embedding models left out)", async () => {
    const ollama = await startScriptedOpenAIServer({ flavour: "ollama", models: ["llama3.2:latest", "qwen2.5:7b", "nomic-embed-text:latest"], ports: [0] });
    servers.push(ollama);
    const root = ollama.url.replace(/\/v1$/, "");
    expect(await probeOllama(root)).toEqual(["llama3.2:latest", "qwen2.5:7b"]);
    // A base URL given with its /v1 is the same server.
    expect(await probeOllama(ollama.url)).toEqual(["llama3.2:latest", "qwen2.5:7b"]);
  });

  it("lists LM Studio's models from /v1/models", async () => {
    const lm = await startScriptedOpenAIServer({ models: ["qwen2.5-7b-instruct", "text-embedding-nomic-embed-text-v1.5"], ports: [0] });
    servers.push(lm);
    expect(await probeOpenAIModels(lm.url)).toEqual(["qwen2.5-7b-instruct"]);
  });

  it("finds nothing, quietly, where nothing listens or something else answers", async () => {
    const port = await closedPort();
    const other = await startScriptedOpenAIServer({ ports: [0] }); // no /api/tags: not an Ollama
    servers.push(other);
    const found = await detectLocalServers({ ollamaBaseUrl: `http://127.0.0.1:${port}`, lmstudioBaseUrl: `http://127.0.0.1:${port}/v1` });
    expect(found).toEqual([
      { provider: "ollama", baseUrl: `http://127.0.0.1:${port}`, models: null },
      { provider: "lmstudio", baseUrl: `http://127.0.0.1:${port}/v1`, models: null },
    ]);
    expect(await probeOllama(other.url.replace(/\/v1$/, ""))).toBeNull();
  });

  it("asks a server that is slow to answer again, with more time, instead of missing it", async () => {
    // An Ollama whose first answer comes after the probe's time is up (a busy machine).
    let asked = 0;
    const slow: Server = createHttpServer((_req, res) => {
      asked++;
      setTimeout(() => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ models: [{ name: "llama3.2:latest" }] })), asked === 1 ? 400 : 0);
    });
    await new Promise<void>((r) => slow.listen(0, "127.0.0.1", () => r()));
    try {
      const url = `http://127.0.0.1:${(slow.address() as { port: number }).port}`;
      expect(await probeOllama(url, 200)).toEqual(["llama3.2:latest"]);
      expect(asked).toBe(2);
    } finally {
      slow.closeAllConnections();
      await new Promise<void>((r) => slow.close(() => r()));
    }
  });

  it("gives up on a server that never answers after the second try", async () => {
    let asked = 0;
    const mute: Server = createHttpServer(() => void asked++);
    await new Promise<void>((r) => mute.listen(0, "127.0.0.1", () => r()));
    try {
      const url = `http://127.0.0.1:${(mute.address() as { port: number }).port}`;
      const t0 = Date.now();
      expect(await probeOllama(url, 100)).toBeNull();
      expect(asked).toBe(2);
      expect(Date.now() - t0).toBeLessThan(2_000);
    } finally {
      mute.closeAllConnections();
      await new Promise<void>((r) => mute.close(() => r()));
    }
  });
});
