// Model servers on the deployer's own machine, found by asking them: Ollama lists its
// models at /api/tags (and chats through its OpenAI-compatible /v1), LM Studio at
// /v1/models. A probe is one short request each, in parallel: when nothing listens the
// connection is refused at once, and a host that does not answer is given up on quickly,
// so start-up never waits long and nothing alarming is logged.
import { z } from "zod";

export type LocalProvider = "ollama" | "lmstudio";

export interface LocalServer {
  provider: LocalProvider;
  baseUrl: string;
  /** The models it serves now; null when nothing answered like that server. */
  models: string[] | null;
}

export const OLLAMA_DEFAULT_BASE_URL = "http://127.0.0.1:11434";
export const LMSTUDIO_DEFAULT_BASE_URL = "http://127.0.0.1:1234/v1";
/**
 * Long enough for a local server on a busy machine (800 ms missed one at load 13): a port
 * nothing listens on refuses at once, so only a server that is there but slow waits this long.
 */
export const PROBE_TIMEOUT_MS = 2_500;

const ollamaTags = z.object({ models: z.array(z.object({ name: z.string().min(1) }).loose()) }).loose();
const openAIModels = z.object({ data: z.array(z.object({ id: z.string().min(1) }).loose()) }).loose();

// Embedding models cannot chat: they are not offered.
const chatCapable = (id: string) => !/embed/i.test(id);
const trimSlash = (u: string) => u.replace(/\/+$/, "");

const timedOut = (e: unknown) => e instanceof Error && (e.name === "TimeoutError" || e.name === "AbortError");

/**
 * One GET, asked again once, with twice the time, when the first ran out of time: a server
 * that is there but slow (a busy machine, a model loading) is found rather than missed. A
 * refusal or any other answer is final at once, so where nothing listens this costs nothing.
 */
async function getJson(url: string, timeoutMs: number, fetchFn: typeof fetch, headers: Record<string, string> = {}): Promise<unknown> {
  const once = async (ms: number) => {
    const res = await fetchFn(url, { headers: { accept: "application/json", ...headers }, signal: AbortSignal.timeout(ms) });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    return res.json();
  };
  try {
    return await once(timeoutMs);
  } catch (e) {
    if (!timedOut(e)) throw e;
    return once(2 * timeoutMs);
  }
}

/** Ollama's models, or null when no Ollama answers there. */
export async function probeOllama(baseUrl: string, timeoutMs = PROBE_TIMEOUT_MS, fetchFn: typeof fetch = fetch): Promise<string[] | null> {
  try {
    const r = ollamaTags.safeParse(await getJson(`${trimSlash(baseUrl).replace(/\/v1$/, "")}/api/tags`, timeoutMs, fetchFn));
    return r.success ? r.data.models.map((m) => m.name).filter(chatCapable) : null;
  } catch {
    return null;
  }
}

/** The models of an OpenAI-style /models listing (LM Studio), or null when nothing answers like one. */
export async function probeOpenAIModels(baseUrl: string, timeoutMs = PROBE_TIMEOUT_MS, fetchFn: typeof fetch = fetch): Promise<string[] | null> {
  try {
    const r = openAIModels.safeParse(await getJson(`${trimSlash(baseUrl)}/models`, timeoutMs, fetchFn));
    return r.success ? r.data.data.map((m) => m.id).filter(chatCapable) : null;
  } catch {
    return null;
  }
}

/** Probes both servers at once; resolves within about 3 × `timeoutMs` whatever they do (a slow one is asked twice). */
export async function detectLocalServers(o: { ollamaBaseUrl: string; lmstudioBaseUrl: string; timeoutMs?: number; fetch?: typeof fetch }): Promise<LocalServer[]> {
  const t = o.timeoutMs ?? PROBE_TIMEOUT_MS;
  const [ollama, lmstudio] = await Promise.all([probeOllama(o.ollamaBaseUrl, t, o.fetch), probeOpenAIModels(o.lmstudioBaseUrl, t, o.fetch)]);
  return [
    { provider: "ollama", baseUrl: o.ollamaBaseUrl, models: ollama },
    { provider: "lmstudio", baseUrl: o.lmstudioBaseUrl, models: lmstudio },
  ];
}
