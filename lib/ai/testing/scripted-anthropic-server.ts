// An Anthropic Messages server that answers like an imperfect LLM, for tests: real HTTP +
// SSE (message_start … message_stop), the answers of the offline model bent per request
// by the misbehaviours of scripted-core.ts (arbitrary or broken tool arguments, a missing
// field, text where the tool was forced, 429 with retry-after, 500, 529 overloaded, a
// reset mid-stream, a stall), and prompt caching as Anthropic does it: only up to the
// blocks the request marks with cache_control, prefixes of 1,024 tokens or more, read
// (cache_read_input_tokens) once a response to them has begun, else written
// (cache_creation_input_tokens). The Messages protocol always reports usage, so the
// "no-usage" misbehaviour answers normally here.
import type { JSONSchema7, LanguageModelV4FunctionTool, LanguageModelV4Message, LanguageModelV4Prompt, LanguageModelV4ToolChoice } from "@ai-sdk/provider";
import { Script, serve, tokensOf, type Piece, type ReportedUsage, type ScriptedServer, type ScriptedServerOptions } from "./scripted-core";

interface Block {
  type: string;
  text?: string;
  id?: string;
  name?: string;
  input?: unknown;
  tool_use_id?: string;
  content?: string | Array<{ type: string; text?: string }>;
  is_error?: boolean;
  cache_control?: unknown;
}

export interface MessagesBody {
  model: string;
  max_tokens: number;
  system?: string | Block[];
  messages: Array<{ role: "user" | "assistant"; content: string | Block[] }>;
  tools?: Array<{ name: string; description?: string; input_schema: JSONSchema7; cache_control?: unknown }>;
  tool_choice?: { type: "auto" | "any" | "none" | "tool"; name?: string };
  stream?: boolean;
}

export type AnthropicServer = ScriptedServer<MessagesBody>;

const blocks = (c: string | Block[]): Block[] => (typeof c === "string" ? [{ type: "text", text: c }] : c);
const resultText = (c: Block["content"]) => (c === undefined ? "" : typeof c === "string" ? c : c.map((p) => p.text ?? "").join("\n"));

/** Messages API request → the AI SDK prompt the offline model reads. */
export function toPrompt(body: MessagesBody): LanguageModelV4Prompt {
  const names = new Map<string, string>();
  const out: LanguageModelV4Message[] = [];
  const system = body.system === undefined ? "" : blocks(body.system).map((b) => b.text ?? "").join("\n");
  if (system) out.push({ role: "system", content: system });
  for (const m of body.messages) {
    const bs = blocks(m.content);
    if (m.role === "assistant") {
      out.push({
        role: "assistant",
        content: bs.flatMap((b): Array<{ type: "text"; text: string } | { type: "tool-call"; toolCallId: string; toolName: string; input: unknown }> => {
          if (b.type === "text") return [{ type: "text" as const, text: b.text ?? "" }];
          if (b.type === "tool_use") {
            names.set(b.id ?? "", b.name ?? "");
            return [{ type: "tool-call" as const, toolCallId: b.id ?? "", toolName: b.name ?? "", input: b.input }];
          }
          return [];
        }),
      });
      continue;
    }
    // A user turn carries tool results first, then text.
    const results = bs.filter((b) => b.type === "tool_result");
    if (results.length) {
      out.push({
        role: "tool",
        content: results.map((b) => ({ type: "tool-result" as const, toolCallId: b.tool_use_id ?? "", toolName: names.get(b.tool_use_id ?? "") ?? "", output: { type: "text" as const, value: resultText(b.content) } })),
      });
    }
    const texts = bs.filter((b) => b.type === "text");
    if (texts.length) out.push({ role: "user", content: texts.map((b) => ({ type: "text" as const, text: b.text ?? "" })) });
  }
  return out;
}

function toToolChoice(c: MessagesBody["tool_choice"]): LanguageModelV4ToolChoice | undefined {
  if (!c) return undefined;
  if (c.type === "tool") return { type: "tool", toolName: c.name ?? "" };
  return { type: c.type === "any" ? "required" : c.type };
}

/** The prompt as cache units (tools, each system block, each message block) and the units a cache_control marks. */
function cacheUnits(body: MessagesBody): { units: string[]; breakpoints: number[] } {
  const units: string[] = [JSON.stringify(body.tools ?? [])];
  const breakpoints: number[] = body.tools?.some((t) => t.cache_control) ? [0] : [];
  // The marker says where to cache, it is not part of what is cached.
  const add = (b: Block) => {
    units.push(JSON.stringify({ ...b, cache_control: undefined }));
    if (b.cache_control) breakpoints.push(units.length - 1);
  };
  if (body.system !== undefined) blocks(body.system).forEach(add);
  for (const m of body.messages) blocks(m.content).forEach((b) => add({ ...b, role: m.role } as Block));
  return { units, breakpoints };
}

const sse = (type: string, data: object) => `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;

export async function startScriptedAnthropicServer(o: ScriptedServerOptions<MessagesBody> = {}): Promise<AnthropicServer> {
  const script = new Script<MessagesBody>(o);
  return serve("scripted Anthropic server", script, async (req, raw, res) => {
    if (req.method !== "POST" || !req.url?.endsWith("/messages")) {
      res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ type: "error", error: { type: "not_found_error", message: `no route ${req.method} ${req.url}` } }));
      return;
    }
    const body = JSON.parse(raw) as MessagesBody;
    const forcedTool = body.tool_choice?.type === "tool" ? (body.tool_choice.name ?? null) : body.tool_choice?.type === "any" ? (body.tools?.[0]?.name ?? null) : null;
    const { units, breakpoints } = cacheUnits(body);
    const { rec, began } = script.record(body, forcedTool, units, breakpoints);
    const { n, fault } = rec;

    const error = (status: number, type: string, message: string, headers: Record<string, string> = {}) =>
      res.writeHead(status, { "content-type": "application/json", ...headers }).end(JSON.stringify({ type: "error", error: { type, message } }));
    if (fault === "rate-limit") return error(429, "rate_limit_error", "Number of request tokens has exceeded your per-minute rate limit", { "retry-after": String(o.retryAfterSeconds ?? 1) });
    if (fault === "server-error") return error(500, "api_error", "Internal server error");
    if (fault === "overloaded") return error(529, "overloaded_error", "Overloaded");

    const tools: LanguageModelV4FunctionTool[] = (body.tools ?? []).map((t) => ({ type: "function", name: t.name, description: t.description, inputSchema: t.input_schema }));
    const a = await script.answer(toPrompt(body), tools, toToolChoice(body.tool_choice), fault);
    const completion = tokensOf(a.text.length + a.calls.reduce((s, c) => s + c.args.length + c.name.length, 0));
    const usage: ReportedUsage = { prompt: rec.promptTokens, completion, cached: rec.cachedTokens, cacheWrite: rec.cacheWriteTokens };
    // input_tokens counts only what was neither read from nor written to the cache.
    const startUsage = { input_tokens: usage.prompt - usage.cached - usage.cacheWrite, cache_read_input_tokens: usage.cached, cache_creation_input_tokens: usage.cacheWrite, output_tokens: 1 };
    const stop = a.calls.length ? "tool_use" : "end_turn";
    const id = `msg_${n}`;
    const callId = (i: number) => `toolu_${n}_${i}`;

    await script.prefill(began);
    if (!body.stream) {
      rec.usage = usage;
      const content = [...(a.text ? [{ type: "text", text: a.text }] : []), ...a.calls.map((c, i) => ({ type: "tool_use", id: callId(i), name: c.name, input: JSON.parse(c.args) as unknown }))];
      res.writeHead(200, { "content-type": "application/json" }).end(
        JSON.stringify({ id, type: "message", role: "assistant", model: body.model, content, stop_reason: stop, stop_sequence: null, usage: { ...startUsage, output_tokens: completion } }),
      );
      return;
    }

    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    res.write(sse("message_start", { message: { id, type: "message", role: "assistant", model: body.model, content: [], stop_reason: null, stop_sequence: null, usage: startUsage } }));
    let index = -1;
    const open = (block: object) => res.write(sse("content_block_start", { index: ++index, content_block: block }));
    const close = () => {
      if (index >= 0) res.write(sse("content_block_stop", { index }));
    };
    let inText = false;
    const complete = await script.stream(res, fault, script.pieces(a), (p: Piece) => {
      if (p.kind === "text") {
        if (!inText) open({ type: "text", text: "" });
        inText = true;
        res.write(sse("content_block_delta", { index, delta: { type: "text_delta", text: p.text } }));
      } else if (p.kind === "call") {
        close();
        inText = false;
        open({ type: "tool_use", id: callId(p.index), name: p.name, input: {} });
      } else {
        res.write(sse("content_block_delta", { index, delta: { type: "input_json_delta", partial_json: p.text } }));
      }
    });
    if (!complete) return;
    close();
    rec.usage = usage;
    res.write(sse("message_delta", { delta: { stop_reason: stop, stop_sequence: null }, usage: { output_tokens: completion } }));
    res.end(sse("message_stop", {}));
  });
}
