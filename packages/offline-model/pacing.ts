// Paced emission: wait firstTokenMs, then release ~1-token chunks at
// tokensPerSecond. Timers are batched (one tick every ≥ 25 ms releases everything
// due), so 150 tok/s costs 40 timers a second rather than 150, and the schedule is
// computed from the start time so it never drifts. Abort rejects promptly.

export interface Pace {
  tokensPerSecond: number;
  firstTokenMs: number;
}

const MIN_TICK_MS = 25;

export function abortError(signal?: AbortSignal): Error {
  const err = new DOMException("The offline model call was aborted.", "AbortError");
  if (signal?.reason !== undefined) Object.defineProperty(err, "cause", { value: signal.reason });
  return err;
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.reject(abortError(signal));
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError(signal));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/** Words with their trailing whitespace: "Hello, world\n" → ["Hello, ", "world\n"]. */
export function tokenize(text: string): string[] {
  return text.match(/\s*\S+\s*|\s+/g) ?? [];
}

/** Tool input JSON in pieces of about one token's worth of characters each (4). */
export function chunkJson(json: string, size = 16): string[] {
  return Array.from({ length: Math.ceil(json.length / size) }, (_, i) => json.slice(i * size, (i + 1) * size));
}

/** Calls `emit` for every chunk on schedule. Resolves when all are out; rejects with an AbortError as soon as the signal fires or `isCancelled` turns true. */
export async function paced(chunks: string[], pace: Pace, emit: (chunk: string) => void, signal?: AbortSignal, isCancelled: () => boolean = () => false): Promise<void> {
  if (pace.tokensPerSecond <= 0) {
    for (const c of chunks) {
      if (signal?.aborted || isCancelled()) throw abortError(signal);
      emit(c);
    }
    return;
  }
  const perToken = 1000 / pace.tokensPerSecond;
  const start = performance.now();
  let i = 0;
  while (i < chunks.length) {
    const dueAt = start + i * perToken;
    const wait = Math.max(dueAt - performance.now(), i === 0 ? 0 : MIN_TICK_MS);
    await sleep(wait, signal);
    if (isCancelled()) throw abortError(signal);
    const now = performance.now();
    // Everything due by now goes out in this tick, each chunk as its own delta.
    while (i < chunks.length && start + i * perToken <= now) emit(chunks[i++]);
  }
}
