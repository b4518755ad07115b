// An OpenAI-compatible chat-completions server that answers like an imperfect LLM, for
// tests and the bench: real HTTP + SSE (streaming with usage, and not), the answers of
// the offline model bent per request by the misbehaviours of scripted-core.ts (arbitrary
// or broken tool arguments, a missing field, text where the tool was forced, 429 with
// Retry-After, 5xx, 529, a reset mid-stream, a stall, no usage), and prefix caching as
// OpenAI does it by itself (cached_tokens at message boundaries, 1,024 tokens or more,
// written once a response began).
import type { JSONSchema7, LanguageModelV4FunctionTool, LanguageModelV4Message, LanguageModelV4Prompt, LanguageModelV4ToolChoice } from "@ai-sdk/provider";
import { Script, serve, tokensOf, type Piece, type RecordedRequest as Recorded, type ReportedUsage, type ScriptedServer as Server, type ScriptedServerOptions as Options } from "./scripted-core";

export { MISBEHAVIOURS, type Misbehaviour, type ReportedUsage } from "./scripted-core";

interface ChatMessage {
  role: "system" | "user" | "assistant" | "tool";
  content: string | null | Array<{ type: string; text?: string }>;
  tool_calls?: Array<{ id: string; type: "function"; function: { name: string; arguments: string } }>;
  tool_call_id?: string;
}

export interface ChatBody {
  model: string;
  messages: ChatMessage[];
  tools?: Array<{ type: "function"; function: { name: string; description?: string; parameters: JSONSchema7; strict?: boolean } }>;
  tool_choice?: "auto" | "none" | "required" | { type: "function"; function: { name: string } };
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  max_tokens?: number;
}

export type RecordedRequest = Recorded<ChatBody>;
export type ScriptedServerOptions = Options<ChatBody> & {
  /** The key every request must carry (`Authorization: Bearer …`); a wrong or missing one gets 401, as OpenAI answers it. */
  apiKey?: string;
  /** What GET …/models (and, for Ollama, GET /api/tags) lists (default: ["scripted-llm"]). */
  models?: string[];
  /**
   * "ollama" answers like Ollama: its own listing at /api/tags beside the OpenAI-compatible
   * /v1, and each tool call streamed whole in one chunk, as Ollama sends them.
   */
  flavour?: "openai" | "ollama";
};
export type ScriptedServer = Server<ChatBody>;

function text(content: ChatMessage["content"]): string {
  if (content == null) return "";
  if (typeof content === "string") return content;
  return content.map((p) => p.text ?? "").join("\n");
}

/** OpenAI chat messages → the AI SDK prompt the offline model reads. */
export function toPrompt(messages: ChatMessage[]): LanguageModelV4Prompt {
  const names = new Map<string, string>();
  return messages.map((m): LanguageModelV4Message => {
    switch (m.role) {
      case "system":
        return { role: "system", content: text(m.content) };
      case "user":
        return { role: "user", content: [{ type: "text", text: text(m.content) }] };
      case "assistant": {
        const calls = (m.tool_calls ?? []).map((c) => {
          names.set(c.id, c.function.name);
          let input: unknown = c.function.arguments;
          try {
            input = JSON.parse(c.function.arguments);
          } catch {
            // keep the raw text: it is what the client sent back
          }
          return { type: "tool-call" as const, toolCallId: c.id, toolName: c.function.name, input };
        });
        const t = text(m.content);
        return { role: "assistant", content: [...(t ? [{ type: "text" as const, text: t }] : []), ...calls] };
      }
      case "tool":
        return {
          role: "tool",
          content: [{ type: "tool-result", toolCallId: m.tool_call_id ?? "", toolName: names.get(m.tool_call_id ?? "") ?? "", output: { type: "text", value: text(m.content) } }],
        };
    }
  });
}

function toToolChoice(c: ChatBody["tool_choice"]): LanguageModelV4ToolChoice | undefined {
  if (c === undefined) return undefined;
  if (typeof c === "string") return { type: c };
  return { type: "tool", toolName: c.function.name };
}

export async function startScriptedOpenAIServer(o: ScriptedServerOptions = {}): Promise<ScriptedServer> {
  const script = new Script<ChatBody>(o);
  const ollama = o.flavour === "ollama";
  const listed = o.models ?? ["scripted-llm"];
  return serve(ollama ? "scripted Ollama server" : "scripted OpenAI server", script, async (req, raw, res) => {
    const path = (req.url ?? "").split("?")[0];
    if (o.apiKey !== undefined && req.headers.authorization !== `Bearer ${o.apiKey}`) {
      // OpenAI's answer quotes the key back, masked: clients must not pass that on.
      const sent = (req.headers.authorization ?? "").replace(/^Bearer /, "");
      const masked = sent.length > 8 ? `${sent.slice(0, 3)}${"*".repeat(sent.length - 7)}${sent.slice(-4)}` : "";
      res.writeHead(401, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: `Incorrect API key provided: ${masked}. You can find your API key at https://platform.openai.com/account/api-keys.`, type: "invalid_request_error", code: "invalid_api_key" } }));
      return;
    }
    if (req.method === "GET" && ollama && path === "/api/tags") {
      const at = new Date(script.started).toISOString();
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ models: listed.map((name) => ({ name, model: name, modified_at: at, size: 4_000_000_000, digest: name.length.toString(16).padStart(64, "0"), details: { format: "gguf", family: "llama" } })) }));
      return;
    }
    if (req.method === "GET" && path.endsWith("/models")) {
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ object: "list", data: listed.map((id) => ({ id, object: "model", created: Math.floor(script.started / 1000), owned_by: "scripted" })) }));
      return;
    }
    if (req.method !== "POST" || !path.endsWith("/chat/completions")) {
      res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: `no route ${req.method} ${req.url}` } }));
      return;
    }
    const body = JSON.parse(raw) as ChatBody;
    const forcedTool = typeof body.tool_choice === "object" ? body.tool_choice.function.name : body.tool_choice === "required" ? (body.tools?.[0]?.function.name ?? null) : null;
    // OpenAI caches every prefix by itself: tools first, then message by message.
    const { rec, began } = script.record(body, forcedTool, [JSON.stringify(body.tools ?? []), ...body.messages.map((m) => JSON.stringify(m))]);
    const { n, fault } = rec;

    const error = (status: number, type: string, message: string, headers: Record<string, string> = {}) =>
      res.writeHead(status, { "content-type": "application/json", ...headers }).end(JSON.stringify({ error: { message, type, code: type } }));
    if (fault === "rate-limit") return error(429, "rate_limit_exceeded", "Rate limit reached for requests", { "retry-after": String(o.retryAfterSeconds ?? 1) });
    if (fault === "server-error") return error(503, "server_error", "The server had an error while processing your request");
    if (fault === "overloaded") return error(529, "overloaded_error", "Overloaded");

    const tools: LanguageModelV4FunctionTool[] = (body.tools ?? []).map((t) => ({ type: "function", name: t.function.name, description: t.function.description, inputSchema: t.function.parameters }));
    const a = await script.answer(toPrompt(body.messages), tools, toToolChoice(body.tool_choice), fault);
    const completion = tokensOf(a.text.length + a.calls.reduce((s, c) => s + c.args.length + c.name.length, 0));
    const usage: ReportedUsage = { prompt: rec.promptTokens, completion, cached: rec.cachedTokens, cacheWrite: 0 };
    const usageJson = { prompt_tokens: usage.prompt, completion_tokens: usage.completion, total_tokens: usage.prompt + usage.completion, prompt_tokens_details: { cached_tokens: usage.cached } };
    const finish = a.calls.length ? "tool_calls" : "stop";
    const base = { id: `chatcmpl-${n}`, created: Math.floor(script.started / 1000), model: body.model };

    await script.prefill(began);
    if (!body.stream) {
      rec.usage = fault === "no-usage" ? null : usage;
      res.writeHead(200, { "content-type": "application/json" }).end(
        JSON.stringify({
          ...base,
          object: "chat.completion",
          choices: [
            {
              index: 0,
              message: { role: "assistant", content: a.text || null, ...(a.calls.length ? { tool_calls: a.calls.map((c, i) => ({ id: `call_${n}_${i}`, type: "function", function: { name: c.name, arguments: c.args } })) } : {}) },
              finish_reason: finish,
            },
          ],
          ...(fault === "no-usage" ? {} : { usage: usageJson }),
        }),
      );
      return;
    }

    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    const send = (o2: object) => res.write(`data: ${JSON.stringify({ ...base, object: "chat.completion.chunk", ...o2 })}\n\n`);
    const delta = (d: object, finish_reason: string | null = null) => send({ choices: [{ index: 0, delta: d, finish_reason }] });
    delta({ role: "assistant", content: "" });
    // Ollama sends a tool call whole, its arguments in one piece.
    const pieces = ollama ? script.pieces({ ...a, calls: [] }).concat(a.calls.flatMap((c, index): Piece[] => [{ kind: "call", index, name: c.name }, { kind: "args", index, text: c.args }])) : script.pieces(a);
    const complete = await script.stream(res, fault, pieces, (p: Piece) => {
      if (p.kind === "text") delta({ content: p.text });
      else if (p.kind === "call") {
        if (!ollama) delta({ tool_calls: [{ index: p.index, id: `call_${n}_${p.index}`, type: "function", function: { name: p.name, arguments: "" } }] });
      } else if (ollama) delta({ tool_calls: [{ index: p.index, id: `call_${n}_${p.index}`, type: "function", function: { name: a.calls[p.index].name, arguments: p.text } }] });
      else delta({ tool_calls: [{ index: p.index, function: { arguments: p.text } }] });
    });
    if (!complete) return;
    delta({}, finish);
    if (body.stream_options?.include_usage && fault !== "no-usage") {
      rec.usage = usage;
      send({ choices: [], usage: usageJson });
    }
    res.end("data: [DONE]\n\n");
  });
}
