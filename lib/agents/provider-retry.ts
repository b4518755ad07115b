// Transient provider faults (429, 5xx, 529 overloaded, a connection reset) are ridden
// out inside one model call: exponential backoff with full jitter, or the provider's
// Retry-After when it names one, until a time bound. Only what is left after that
// counts as an agent failure, for the party's retry/degrade policy to handle.
import { APICallError } from "ai";

export interface RetryPolicy {
  /** Give up once this much time has passed since the first attempt (waits included). */
  maxElapsedMs: number;
  /** First backoff step; doubles each attempt. */
  baseDelayMs: number;
  /** No single wait is longer than this, unless the provider's Retry-After asks for it. */
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { maxElapsedMs: 120_000, baseDelayMs: 1_000, maxDelayMs: 20_000 };

const TRANSIENT_STATUS = new Set([408, 409, 425, 429, 500, 502, 503, 504, 520, 522, 524, 529]);
const TRANSIENT_CODES = new Set(["ECONNRESET", "ECONNREFUSED", "ETIMEDOUT", "EPIPE", "EAI_AGAIN", "UND_ERR_SOCKET", "UND_ERR_CONNECT_TIMEOUT"]);
// Errors a provider reports inside a stream (no HTTP status): Anthropic's overloaded_error, rate limits.
const TRANSIENT_TEXT = /overloaded|rate.?limit|too many requests|temporarily unavailable|server_error|terminated|socket hang up|other side closed|fetch failed/i;

function chain(e: unknown): unknown[] {
  const out: unknown[] = [];
  for (let x = e, i = 0; x != null && i < 5; i++) {
    out.push(x);
    x = (x as { cause?: unknown }).cause;
  }
  return out;
}

function describe(e: unknown): string {
  if (e instanceof Error) return e.message;
  if (e && typeof e === "object") return JSON.stringify(e);
  return String(e);
}

/** True for faults worth waiting out: rate limits, overload, server errors, dropped connections. */
export function isTransient(e: unknown): boolean {
  for (const x of chain(e)) {
    if (APICallError.isInstance(x)) {
      if (x.statusCode !== undefined) return TRANSIENT_STATUS.has(x.statusCode) || x.isRetryable;
      if (x.isRetryable) return true;
    }
    const code = (x as { code?: unknown })?.code;
    if (typeof code === "string" && TRANSIENT_CODES.has(code)) return true;
    // A provider error object streamed as data: { type: "overloaded_error", message: "Overloaded" }.
    if (TRANSIENT_TEXT.test(describe(x))) return true;
  }
  return false;
}

/** The wait the provider asked for (retry-after-ms, or retry-after in seconds or as a date), if any. */
export function retryAfterMs(e: unknown, now = Date.now()): number | undefined {
  for (const x of chain(e)) {
    if (!APICallError.isInstance(x) || !x.responseHeaders) continue;
    const h = Object.fromEntries(Object.entries(x.responseHeaders).map(([k, v]) => [k.toLowerCase(), v]));
    const ms = Number.parseFloat(h["retry-after-ms"] ?? "");
    if (Number.isFinite(ms) && ms >= 0) return ms;
    const raw = h["retry-after"];
    if (raw === undefined) continue;
    const s = Number.parseFloat(raw);
    if (Number.isFinite(s) && s >= 0) return s * 1000;
    const at = Date.parse(raw);
    if (Number.isFinite(at)) return Math.max(0, at - now);
  }
  return undefined;
}

/** Full jitter (0.5×–1× of the exponential step); a named Retry-After is honoured, plus up to 10%. */
export function backoffDelay(policy: RetryPolicy, attempt: number, e: unknown, random = Math.random): number {
  const asked = retryAfterMs(e);
  if (asked !== undefined) return asked + asked * 0.1 * random();
  const step = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return step / 2 + (step / 2) * random();
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const t = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(signal?.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
