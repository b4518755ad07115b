// What the scripted provider servers share, whatever wire protocol they speak (OpenAI
// chat completions, Anthropic Messages): the answer, asked of the built-in offline model
// with the prompt and tools the request carries (so outputs have today's sizes and
// depend on the prompt); the misbehaviours drawn per request; a provider's prefix cache;
// the token-by-token plan of a streamed answer; and the HTTP plumbing.
import { fillFromSchema, mulberry32 } from "@inception-party/offline-model/testing/internals";
import { createHash } from "node:crypto";
import { once } from "node:events";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import type { LanguageModelV4CallOptions, LanguageModelV4FunctionTool, LanguageModelV4Prompt, LanguageModelV4ToolChoice } from "@ai-sdk/provider";
import { createOfflineModel } from "@inception-party/offline-model";

export const MISBEHAVIOURS = [
  "arbitrary-args",
  "invalid-json",
  "missing-field",
  "text-instead",
  "rate-limit",
  "server-error",
  "overloaded",
  "reset",
  "stall",
  "no-usage",
] as const;
export type Misbehaviour = (typeof MISBEHAVIOURS)[number];

/** Tool-call faults only make sense when a tool was forced; the rest apply to any call. */
const TOOL_FAULTS: ReadonlySet<Misbehaviour> = new Set(["arbitrary-args", "invalid-json", "missing-field", "text-instead"]);

export interface ScriptedServerOptions<Body> {
  /** Seeds both the offline answers and the fault draws. */
  seed?: number;
  /** Probability (0-1) that a request gets each misbehaviour; at most one per request. */
  rates?: Partial<Record<Misbehaviour, number>>;
  /** Or decide per request (wins over `rates`): return a misbehaviour or null. */
  decide?: (req: { n: number; body: Body; forcedTool: string | null }) => Misbehaviour | null;
  /** Seconds sent in Retry-After with a 429 (default 1). */
  retryAfterSeconds?: number;
  /** Streaming pace; 0 = as fast as possible (default). */
  tokensPerSecond?: number;
  /** Time to the first token (the prompt's prefill, default 20 ms): a prefix is cached only after it. */
  firstTokenMs?: number;
  /** Ports to try in order (default 3700-3799); 0 = any free port. */
  ports?: number[];
}

export interface ReportedUsage {
  /** Prompt tokens, cached ones included. */
  prompt: number;
  completion: number;
  /** Prompt tokens served from the cache / written to it. */
  cached: number;
  cacheWrite: number;
}

export interface RecordedRequest<Body> {
  n: number;
  body: Body;
  /** ms since the server started. */
  at: number;
  fault: Misbehaviour | null;
  /** What the response reported as usage; null when it reported none (or never got that far). */
  usage: ReportedUsage | null;
  /** Prompt tokens by the server's count (characters / 4), reported or not. */
  promptTokens: number;
  /**
   * Tokens a provider's prefix cache serves: the longest prefix (whole messages, tools
   * first) of 1,024 tokens or more that an earlier request wrote — one whose response
   * had begun when this one arrived.
   */
  cachedTokens: number;
  /** Tokens this request writes to the cache (explicit cache breakpoints only). */
  cacheWriteTokens: number;
  /** Tokens of the longest prefix any earlier request sent, of any length, at any time (the structural bound). */
  repeatedTokens: number;
}

export interface ScriptedServer<Body> {
  /** Base URL ending in /v1. */
  url: string;
  requests: RecordedRequest<Body>[];
  /** Sum of the usage the server reported (what a client should have recorded). */
  reportedUsage(): ReportedUsage & { calls: number };
  close(): Promise<void>;
}

export interface Answer {
  text: string;
  calls: Array<{ name: string; args: string }>;
  tools: LanguageModelV4FunctionTool[];
}

/** One streamed step of an answer: a piece of text, the start of a tool call, a piece of its arguments. */
export type Piece = { kind: "text"; text: string } | { kind: "call"; index: number; name: string } | { kind: "args"; index: number; text: string };

export const tokensOf = (chars: number) => Math.ceil(chars / 4);
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Providers cache only prefixes of 1,024 tokens or more. */
const CACHE_MIN_TOKENS = 1024;

/** The state of one scripted server: its offline model, fault draws, cache and records. */
export class Script<Body> {
  readonly started = Date.now();
  readonly requests: RecordedRequest<Body>[] = [];
  private readonly offline: ReturnType<typeof createOfflineModel>;
  private readonly rand: () => number;
  // Prefixes a cache holds (written when a response begins) and prefixes merely sent.
  private readonly cachedPrefixes = new Set<string>();
  private readonly sentPrefixes = new Set<string>();

  constructor(readonly o: ScriptedServerOptions<Body>) {
    const seed = o.seed ?? 42;
    this.offline = createOfflineModel({ seed });
    this.rand = mulberry32(seed ^ 0x5eed);
  }

  /**
   * Records a request: its prompt as units (tools first, then each message or block) and,
   * for a protocol with explicit cache breakpoints, the units a breakpoint ends (without
   * them, every prefix is cached, as OpenAI does by itself). Returns the record and the
   * function to call when the response begins (from then on the cache holds its prefixes).
   */
  record(body: Body, forcedTool: string | null, units: string[], breakpoints?: number[]): { rec: RecordedRequest<Body>; began: () => void } {
    const n = this.requests.length + 1;
    const fault = this.draw(forcedTool, n, body);
    let chars = 0;
    let cachedChars = 0;
    let repeatedChars = 0;
    let h = "";
    const hashes: string[] = [];
    const ends: number[] = [];
    const last = breakpoints === undefined ? units.length - 1 : Math.max(-1, ...breakpoints);
    units.forEach((u, i) => {
      h = createHash("sha1").update(h).update(u).digest("hex");
      chars += u.length;
      ends.push(chars);
      // A cache is read up to the last breakpoint (Anthropic looks back from it block by block).
      if (i <= last && this.cachedPrefixes.has(h)) cachedChars = chars;
      if (repeatedChars === chars - u.length && this.sentPrefixes.has(h)) repeatedChars = chars;
      hashes.push(h);
    });
    for (const x of hashes) this.sentPrefixes.add(x);
    const promptTokens = tokensOf(chars);
    const cachedTokens = tokensOf(cachedChars) >= CACHE_MIN_TOKENS ? Math.min(tokensOf(cachedChars), promptTokens) : 0;
    const writes = breakpoints === undefined ? hashes.map((_, i) => i) : breakpoints;
    const upTo = last >= 0 ? tokensOf(ends[last]) : 0;
    const cacheWriteTokens = breakpoints !== undefined && upTo >= CACHE_MIN_TOKENS ? Math.max(0, upTo - cachedTokens) : 0;
    const rec: RecordedRequest<Body> = {
      n,
      body,
      at: Date.now() - this.started,
      fault,
      usage: null,
      promptTokens,
      cachedTokens,
      cacheWriteTokens,
      repeatedTokens: Math.min(tokensOf(repeatedChars), promptTokens),
    };
    this.requests.push(rec);
    const began = () => {
      for (const i of writes) if (tokensOf(ends[i]) >= CACHE_MIN_TOKENS) this.cachedPrefixes.add(hashes[i]);
    };
    return { rec, began };
  }

  private draw(forcedTool: string | null, n: number, body: Body): Misbehaviour | null {
    if (this.o.decide) return this.o.decide({ n, body, forcedTool });
    const r = this.rand();
    let acc = 0;
    for (const kind of MISBEHAVIOURS) {
      acc += this.o.rates?.[kind] ?? 0;
      if (r < acc) return TOOL_FAULTS.has(kind) && !forcedTool ? null : kind;
    }
    return null;
  }

  /** What the offline model answers to this prompt, then bent by the request's misbehaviour. */
  async answer(prompt: LanguageModelV4Prompt, tools: LanguageModelV4FunctionTool[], toolChoice: LanguageModelV4ToolChoice | undefined, fault: Misbehaviour | null): Promise<Answer> {
    const opts: LanguageModelV4CallOptions = { prompt, tools, toolChoice };
    const r = await this.offline.doGenerate(opts);
    let text = "";
    const calls: Answer["calls"] = [];
    for (const c of r.content) {
      if (c.type === "text") text += c.text;
      else if (c.type === "tool-call") calls.push({ name: c.toolName, args: c.input });
    }
    return misbehave(fault, { text, calls, tools });
  }

  /** The answer as streamed pieces (words of text, then each call's arguments in 16-character chunks). */
  pieces(a: Answer): Piece[] {
    return [
      ...(a.text.match(/\s*\S+\s*|\s+/g) ?? []).map((text): Piece => ({ kind: "text", text })),
      ...a.calls.flatMap((c, index): Piece[] => [{ kind: "call", index, name: c.name }, ...(c.args.match(/[\s\S]{1,16}/g) ?? [""]).map((text): Piece => ({ kind: "args", index, text }))]),
    ];
  }

  /**
   * Sends the pieces through `send` at the configured pace. A reset destroys the
   * connection a third of the way in; a stall stops there and keeps it open (the client
   * must give up). Returns false when the answer was cut.
   */
  async stream(res: ServerResponse, fault: Misbehaviour | null, pieces: Piece[], send: (p: Piece) => void): Promise<boolean> {
    const pace = this.o.tokensPerSecond ? 1000 / this.o.tokensPerSecond : 0;
    const breakAt = fault === "reset" || fault === "stall" ? Math.floor(pieces.filter((p) => p.kind !== "call").length / 3) : Infinity;
    let sent = 0;
    for (const p of pieces) {
      if (p.kind !== "call") {
        if (++sent > breakAt) {
          if (fault === "reset") res.socket?.destroy();
          return false;
        }
        if (pace) await sleep(pace);
        if (res.destroyed) return false;
      }
      send(p);
    }
    return true;
  }

  /** The prefill before the first token; the cache holds the prompt from then on. */
  async prefill(began: () => void): Promise<void> {
    await sleep(this.o.firstTokenMs ?? 20);
    began();
  }

  reportedUsage(): ReportedUsage & { calls: number } {
    return this.requests.reduce(
      (t, r) => (r.usage ? { prompt: t.prompt + r.usage.prompt, completion: t.completion + r.usage.completion, cached: t.cached + r.usage.cached, cacheWrite: t.cacheWrite + r.usage.cacheWrite, calls: t.calls + 1 } : t),
      { prompt: 0, completion: 0, cached: 0, cacheWrite: 0, calls: 0 },
    );
  }
}

function misbehave(fault: Misbehaviour | null, a: Answer): Answer {
  if (!fault || a.calls.length === 0) return a;
  const call = a.calls[0];
  const schema = a.tools.find((t) => t.name === call.name)?.inputSchema;
  switch (fault) {
    case "arbitrary-args":
      return { ...a, calls: [{ ...call, args: JSON.stringify(fillFromSchema(schema, { name: "Arbitrary", summary: "Something the model made up." })) }] };
    case "invalid-json":
      return { ...a, calls: [{ ...call, args: call.args.slice(0, Math.max(1, Math.floor(call.args.length / 2))) }] };
    case "missing-field": {
      const value = JSON.parse(call.args) as Record<string, unknown>;
      delete value[Object.keys(value)[0]];
      return { ...a, calls: [{ ...call, args: JSON.stringify(value) }] };
    }
    case "text-instead":
      return { text: `Here is my answer in plain text instead of calling ${call.name}: ${call.args.slice(0, 400)}`, calls: [], tools: a.tools };
    default:
      return a;
  }
}

async function listen(server: Server, ports: number[], name: string): Promise<number> {
  for (const port of ports) {
    try {
      server.listen(port, "127.0.0.1");
      await Promise.race([once(server, "listening"), once(server, "error").then(([e]) => Promise.reject(e))]);
      return (server.address() as AddressInfo).port;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EADDRINUSE") throw e;
    }
  }
  throw new Error(`${name}: no free port among ${ports[0]}-${ports[ports.length - 1]}`);
}

/** A local HTTP server for one scripted provider; a handler that throws answers 500 (or drops the stream). */
export async function serve<Body>(
  name: string,
  script: Script<Body>,
  handle: (req: IncomingMessage, raw: string, res: ServerResponse) => Promise<unknown>,
): Promise<ScriptedServer<Body>> {
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    (async () => {
      let raw = "";
      for await (const chunk of req) raw += chunk;
      await handle(req, raw, res);
    })().catch((e: unknown) => {
      if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: `${name}: ${(e as Error).message}` } }));
      else res.destroy();
    });
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  const port = await listen(server, script.o.ports ?? Array.from({ length: 100 }, (_, i) => 3700 + i), name);
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests: script.requests,
    reportedUsage: () => script.reportedUsage(),
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
