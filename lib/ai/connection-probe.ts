// Whether a connection works, as a person would find out by trying it: list its models
// (a plain request to the provider's listing), then one tiny streamed call through the
// AI SDK's own provider for it, timing the first token. A failure is one of five plain
// reasons the page can show; the key never appears in what comes back.
import { APICallError, streamText } from "ai";
import { z } from "zod";
import { ANTHROPIC_DEFAULT_BASE_URL, connectionModel, OPENAI_DEFAULT_BASE_URL, type ConnectionSecret } from "./model-registry";
import { PROVIDER_NAMES } from "./model-spec";
import { PrivateNetworkError } from "./private-network";
import { redactText } from "./redact";

export const CONNECTION_FAILURES = ["auth_failed", "unreachable", "not_found", "timeout", "bad_response"] as const;
export type ConnectionFailureCode = (typeof CONNECTION_FAILURES)[number];

export class ConnectionTestError extends Error {
  constructor(
    readonly code: ConnectionFailureCode,
    message: string,
  ) {
    super(message);
    this.name = "ConnectionTestError";
  }
}

export type ConnectionTestResult = { ok: true; models: string[]; model: string; firstTokenMs: number } | { ok: false; code: ConnectionFailureCode; message: string };

/** At most this many models are kept per connection (a gateway may list hundreds). */
export const MAX_LISTED_MODELS = 300;

const openAIList = z.object({ data: z.array(z.object({ id: z.string().min(1) }).loose()) }).loose();
const ollamaList = z.object({ models: z.array(z.object({ name: z.string().min(1) }).loose()) }).loose();

const trimSlash = (u: string) => u.replace(/\/+$/, "");

/** Where the connection's API lives (its own base URL, or the provider's). */
export function apiBase(c: Pick<ConnectionSecret, "provider" | "baseUrl">): string {
  if (c.provider === "openai") return trimSlash(c.baseUrl ?? OPENAI_DEFAULT_BASE_URL);
  if (c.provider === "anthropic") return trimSlash(c.baseUrl ?? ANTHROPIC_DEFAULT_BASE_URL);
  if (c.provider === "ollama") return trimSlash(c.baseUrl ?? "").replace(/\/v1$/, "");
  return trimSlash(c.baseUrl ?? "");
}

// OpenAI lists image, audio, embedding and moderation models too: only chat models are offered.
const OPENAI_NOT_CHAT = /(embed|whisper|tts|dall-e|image|audio|realtime|transcribe|moderation|davinci|babbage|search|computer-use|sora)/i;
const chatModels = (provider: ConnectionSecret["provider"], ids: string[]) =>
  ids.filter((id) => !/embed/i.test(id) && (provider !== "openai" || (/^(gpt-|o\d|chatgpt-)/.test(id) && !OPENAI_NOT_CHAT.test(id))));

/** A small, cheap model to try when the person named none (the provider's usual small one, else the first). */
export function pickTestModel(provider: ConnectionSecret["provider"], models: string[]): string {
  const prefer = provider === "openai" ? ["gpt-4.1-mini", "gpt-4o-mini", "gpt-4.1-nano", "gpt-4.1"] : provider === "anthropic" ? ["haiku"] : [];
  for (const p of prefer) {
    const m = models.find((x) => x === p) ?? models.find((x) => x.includes(p));
    if (m) return m;
  }
  return [...models].sort()[0];
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

function causes(e: unknown): unknown[] {
  const out: unknown[] = [];
  for (let x = e, i = 0; x && i < 6; i++, x = (x as { cause?: unknown }).cause) out.push(x);
  return out;
}

/** Any failure → one of the five reasons, in words a person reads. */
export function classifyFailure(e: unknown, c: Pick<ConnectionSecret, "provider" | "baseUrl" | "apiKey">, what: { timeoutMs: number; model?: string }): ConnectionTestError {
  if (e instanceof ConnectionTestError) return e;
  const host = hostOf(apiBase(c) || "the server");
  const chain = causes(e);
  const scrub = (t: string) => (c.apiKey ? redactText(t, c.apiKey) : t);
  const priv = chain.find((x) => x instanceof PrivateNetworkError);
  if (priv) return new ConnectionTestError("unreachable", `${(priv as Error).message}.`);
  if (chain.some((x) => x instanceof Error && (x.name === "TimeoutError" || x.name === "AbortError"))) {
    return new ConnectionTestError("timeout", `${host} did not answer within ${Math.round(what.timeoutMs / 1000)} seconds.`);
  }
  const status = chain.map((x) => (APICallError.isInstance(x) ? x.statusCode : (x as { status?: number })?.status)).find((s) => typeof s === "number");
  if (status === 401 || status === 403) return new ConnectionTestError("auth_failed", "The key was refused.");
  if (status === 404) {
    return new ConnectionTestError("not_found", what.model ? `There is no model named "${what.model}" at ${host}.` : `${host} answered, but has no model API there: check the base URL.`);
  }
  if (typeof status === "number") {
    const body = chain.map((x) => (APICallError.isInstance(x) ? x.responseBody : undefined)).find(Boolean);
    const detail = body ? `: ${scrub(body).slice(0, 200)}` : "";
    if (status === 429) return new ConnectionTestError("bad_response", `${host} is limiting requests for this key right now (HTTP 429)${detail}`);
    return new ConnectionTestError("bad_response", `${host} answered with an error (HTTP ${status})${detail}`);
  }
  const code = chain.map((x) => (x as { code?: unknown })?.code).find((x) => typeof x === "string") as string | undefined;
  if (code && /^(ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|ECONNRESET|UND_ERR_SOCKET|UND_ERR_CONNECT_TIMEOUT|CERT_|ERR_TLS|DEPTH_ZERO|SELF_SIGNED|UNABLE_TO)/.test(code)) {
    return new ConnectionTestError("unreachable", `Could not reach ${host} (${code}).`);
  }
  if (chain.some((x) => x instanceof TypeError && /fetch failed/i.test(x.message)) || (APICallError.isInstance(e) && /Cannot connect/.test(e.message))) {
    return new ConnectionTestError("unreachable", `Could not reach ${host}.`);
  }
  const msg = e instanceof Error ? e.message : String(e);
  return new ConnectionTestError("bad_response", `${host} answered, but not as ${PROVIDER_NAMES[c.provider]} does (${scrub(msg).slice(0, 200)}).`);
}

async function getJson(url: string, headers: Record<string, string>, fetchFn: typeof fetch, timeoutMs: number): Promise<unknown> {
  const res = await fetchFn(url, { headers: { accept: "application/json", ...headers }, signal: AbortSignal.timeout(timeoutMs) });
  if (!res.ok) throw Object.assign(new Error(`HTTP ${res.status}`), { status: res.status });
  try {
    return await res.json();
  } catch {
    throw new ConnectionTestError("bad_response", `${hostOf(url)} answered, but its model list is not JSON: check the base URL.`);
  }
}

/** The connection's chat models, as its provider lists them. */
export async function listConnectionModels(c: ConnectionSecret, fetchFn: typeof fetch, timeoutMs: number): Promise<string[]> {
  const base = apiBase(c);
  const bad = () => new ConnectionTestError("bad_response", `${hostOf(base)} answered, but not with a model list: check the base URL.`);
  if (c.provider === "ollama") {
    const r = ollamaList.safeParse(await getJson(`${base}/api/tags`, {}, fetchFn, timeoutMs));
    if (!r.success) throw bad();
    return chatModels(c.provider, r.data.models.map((m) => m.name)).slice(0, MAX_LISTED_MODELS);
  }
  const headers: Record<string, string> =
    c.provider === "anthropic" ? { "x-api-key": c.apiKey ?? "", "anthropic-version": "2023-06-01" } : c.apiKey ? { authorization: `Bearer ${c.apiKey}` } : {};
  const r = openAIList.safeParse(await getJson(`${base}/models${c.provider === "anthropic" ? "?limit=1000" : ""}`, headers, fetchFn, timeoutMs));
  if (!r.success) throw bad();
  return chatModels(c.provider, r.data.data.map((m) => m.id)).slice(0, MAX_LISTED_MODELS);
}

/** One tiny streamed call; resolves with the time to its first token (ms). */
export async function tinyCall(c: ConnectionSecret, modelId: string, fetchFn: typeof fetch, timeoutMs: number): Promise<number> {
  const started = performance.now();
  let first: number | null = null;
  const r = streamText({
    model: connectionModel(c, modelId, fetchFn),
    prompt: "Reply with the single word: ready",
    maxOutputTokens: 16,
    maxRetries: 0,
    abortSignal: AbortSignal.timeout(timeoutMs),
    // The error is read from the stream below; the SDK's default would log it.
    onError: () => {},
  });
  for await (const part of r.fullStream) {
    if (part.type === "error") throw part.error;
    if (first === null && (part.type === "text-delta" || part.type === "reasoning-delta" || part.type === "tool-input-delta" || part.type === "finish-step")) first = performance.now() - started;
  }
  return Math.round(first ?? performance.now() - started);
}

/**
 * Lists the models, then makes one tiny call on `model` (or a small one it picks).
 * Never throws: a failure is a result with its reason.
 */
export async function testConnection(c: ConnectionSecret, o: { fetch: typeof fetch; timeoutMs: number; model?: string }): Promise<ConnectionTestResult> {
  let model = o.model;
  try {
    let models: string[];
    try {
      models = await listConnectionModels(c, o.fetch, o.timeoutMs);
    } catch (e) {
      // Some gateways serve chat but no listing: a named model can still be tried.
      const failure = classifyFailure(e, c, { timeoutMs: o.timeoutMs });
      if (failure.code !== "not_found" || !model) throw failure;
      models = [model];
    }
    if (models.length === 0) throw new ConnectionTestError("not_found", `${hostOf(apiBase(c))} lists no models to chat with.`);
    if (model && !models.includes(model)) throw new ConnectionTestError("not_found", `There is no model named "${model}" at ${hostOf(apiBase(c))}.`);
    model ??= pickTestModel(c.provider, models);
    const firstTokenMs = await tinyCall(c, model, o.fetch, o.timeoutMs);
    return { ok: true, models, model, firstTokenMs };
  } catch (e) {
    const f = classifyFailure(e, c, { timeoutMs: o.timeoutMs, model });
    return { ok: false, code: f.code, message: f.message };
  }
}
