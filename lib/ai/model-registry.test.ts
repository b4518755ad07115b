import { once } from "node:events";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { generateText } from "ai";
import { afterEach, describe, expect, it } from "vitest";
import { AgentTurnError, runAgentTurn } from "../agents/agent-turn";
import { TASKS } from "../protocol/tasks";
import { createModelRegistry, parseModelSpec, type ModelRegistryConfig } from "./model-registry";

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
        `Invalid model spec ${JSON.stringify(spec)}: expected offline, openai:<model>, anthropic:<model> or openai-compatible:<model>`,
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
    [config({ defaultModel: "openai-compatible:m", openaiApiKey: "k" }), "INCEPTION_MODEL=openai-compatible:m needs OPENAI_BASE_URL"],
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
        fetch: fakeFetch,
      }),
    );
    for (const persona of ["a", "b"]) {
      await expect(generateText({ model: r.modelFor(persona).model, prompt: "hi", maxRetries: 0 })).rejects.toThrow(/no network in tests/);
    }
    expect(seen.map((s) => s.url)).toEqual(["http://proxy.test/v1/responses", "https://api.anthropic.com/v1/messages"]);
    expect(seen[0].headers.get("authorization")).toBe("Bearer sk-o");
    expect(seen[1].headers.get("x-api-key")).toBe("sk-a");
  });
});

// ---- A fake OpenAI-compatible server, speaking chat-completions SSE over real HTTP ----

interface Reply {
  text?: string[];
  toolCall?: { name: string; args: string[] };
  usage: { prompt: number; completion: number };
}
interface ChatBody {
  model: string;
  messages: Array<{ role: string; content: unknown }>;
  tools?: Array<{ type: string; function: { name: string; parameters: unknown } }>;
  tool_choice?: unknown;
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
}
type Script = (body: ChatBody, n: number) => Reply | "hang";

const servers: Array<{ close: () => Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function fakeOpenAI(script: Script, afterTextPiece?: (i: number) => Promise<void>) {
  const requests: ChatBody[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => void handle(req, res));
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    let raw = "";
    for await (const chunk of req) raw += chunk;
    if (req.method !== "POST" || req.url !== "/v1/chat/completions") {
      res.writeHead(404).end();
      return;
    }
    const body = JSON.parse(raw) as ChatBody;
    requests.push(body);
    const reply = script(body, requests.length);
    if (reply === "hang") return; // never answer: the client must time out
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    const base = { id: `chatcmpl-${requests.length}`, object: "chat.completion.chunk", created: 1, model: body.model };
    const send = (o: object) => res.write(`data: ${JSON.stringify({ ...base, ...o })}\n\n`);
    const delta = (d: object, finish_reason: string | null = null) => send({ choices: [{ index: 0, delta: d, finish_reason }] });

    delta({ role: "assistant", content: "" });
    for (const [i, piece] of (reply.text ?? []).entries()) {
      delta({ content: piece });
      await afterTextPiece?.(i);
    }
    if (reply.toolCall) {
      const { name, args } = reply.toolCall;
      delta({ tool_calls: [{ index: 0, id: `call_${requests.length}`, type: "function", function: { name, arguments: "" } }] });
      for (const piece of args) delta({ tool_calls: [{ index: 0, function: { arguments: piece } }] });
    }
    delta({}, reply.toolCall ? "tool_calls" : "stop");
    if (body.stream_options?.include_usage) {
      const { prompt, completion } = reply.usage;
      send({ choices: [], usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion } });
    }
    res.end("data: [DONE]\n\n");
  }

  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  const fake = {
    requests,
    model: createModelRegistry(
      config({ defaultModel: "openai-compatible:test-model", openaiBaseUrl: `http://127.0.0.1:${port}/v1` }),
    ).modelFor("oscar").model,
    close: async () => {
      for (const s of sockets) s.destroy();
      server.close();
      await once(server, "close");
    },
  };
  servers.push(fake);
  return fake;
}

const toolNames = (b: ChatBody) => (b.tools ?? []).map((t) => t.function.name);
const DISCUSS = ["I agree ", "with the ", "revised stack: ", "Postgres fits ", "the data."];
const SUMMARY = "Agrees: Postgres fits the data.";

/** Discuss → text (+ ready_to_summarize), Summarize → one line, Serialize → `serialize(n)`. */
function partyScript(serialize: (attempt: number) => string[]): Script {
  let attempt = 0;
  return (body) => {
    if (!body.tools) return { text: [SUMMARY], usage: { prompt: 20, completion: 8 } };
    if (toolNames(body).includes("ready_to_summarize")) {
      return { text: DISCUSS, toolCall: { name: "ready_to_summarize", args: ["{}"] }, usage: { prompt: 10, completion: 12 } };
    }
    return { toolCall: { name: toolNames(body)[0], args: serialize(++attempt) }, usage: { prompt: 30, completion: 6 } };
  };
}

const POSITION = TASKS["stack.position"];
const turn = (model: Parameters<typeof runAgentTurn>[0]["model"], extra: { onDelta?: (t: string) => void; timeoutMs?: number } = {}) =>
  runAgentTurn({
    model,
    task: POSITION,
    system: "You are Oscar, the ops engineer.",
    prompt: "The revised proposal uses Postgres. Do you agree?",
    timeoutMs: 5_000,
    ...extra,
  });

describe("runAgentTurn against a real OpenAI-compatible HTTP server", () => {
  it("streams Discuss, summarizes, serializes through the forced tool and counts usage", async () => {
    const deltas: string[] = [];
    // Lockstep: the server sends the next piece only after the previous one reached
    // onDelta, so a client that buffered the response would hang instead of passing.
    const until = async (ok: () => boolean) => {
      while (!ok()) await new Promise((r) => setTimeout(r, 1));
    };
    const srv = await fakeOpenAI(
      partyScript(() => ['{"agr', 'ees": tr', 'ue, "note": "Postgres ', 'fits the data."}']),
      (i) => until(() => deltas.length > i),
    );

    const r = await turn(srv.model, { onDelta: (t) => deltas.push(t) });

    expect(deltas).toEqual(DISCUSS);
    expect(r.text).toBe(DISCUSS.join(""));
    expect(r.summary).toBe(SUMMARY);
    expect(r.output).toEqual({ agrees: true, note: "Postgres fits the data." });
    expect(r.serializeAttempts).toBe(1);
    expect(r.usage).toEqual({ inputTokens: 10 + 20 + 30, outputTokens: 12 + 8 + 6 });

    const [discuss, summarize, serialize] = srv.requests;
    expect(srv.requests).toHaveLength(3);
    for (const b of srv.requests) {
      expect(b).toMatchObject({ model: "test-model", stream: true, stream_options: { include_usage: true } });
      expect(b.messages[0]).toEqual({ role: "system", content: "You are Oscar, the ops engineer." });
    }
    expect(toolNames(discuss)).toEqual(["ready_to_summarize"]);
    expect(discuss.tool_choice).toBe("auto");
    // The summary comes from the second call, which sees the Discuss text and offers no tools.
    expect(summarize.tools).toBeUndefined();
    expect(summarize.messages).toContainEqual({ role: "assistant", content: DISCUSS.join("") });
    expect(serialize.tools?.[0].function.name).toBe("submit_position");
    expect(serialize.tools).toHaveLength(1);
    expect(serialize.tools?.[0].function.parameters).toMatchObject({ required: ["agrees", "note"] });
    expect(serialize.tool_choice).toEqual({ type: "function", function: { name: "submit_position" } });
    expect(serialize.messages).toContainEqual({ role: "assistant", content: SUMMARY });
  });

  it("feeds validation feedback back after invalid tool arguments, then succeeds", async () => {
    const srv = await fakeOpenAI(
      partyScript((n) => (n === 1 ? ['{"agree": ', '"yes"}'] : ['{"agrees": false, ', '"note": "Too much ops."}'])),
    );

    const r = await turn(srv.model);

    expect(r.output).toEqual({ agrees: false, note: "Too much ops." });
    expect(r.serializeAttempts).toBe(2);
    expect(srv.requests).toHaveLength(4);
    expect(r.usage).toEqual({ inputTokens: 10 + 20 + 30 + 30, outputTokens: 12 + 8 + 6 + 6 });
    const retry = srv.requests[3];
    expect(retry.tool_choice).toEqual({ type: "function", function: { name: "submit_position" } });
    const last = retry.messages[retry.messages.length - 1];
    expect(last.role).toBe("user");
    const fb = JSON.parse(last.content as string);
    expect(fb.result).toBe("validation_failed");
    expect(fb.issues.missing.map((m: { field: string }) => m.field)).toContain("agrees");
    expect(fb.issues.unknown).toContain("agree");
  });

  it("turns a server that never answers into a timeout", async () => {
    const srv = await fakeOpenAI(() => "hang");
    const started = Date.now();
    const err = await turn(srv.model, { timeoutMs: 300 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AgentTurnError);
    expect((err as AgentTurnError).kind).toBe("timeout");
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(srv.requests).toHaveLength(1);
  });
});
