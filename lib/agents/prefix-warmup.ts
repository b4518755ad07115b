// Calls that share a long prompt prefix and start at the same moment (the agents of a
// phase working in parallel, the perspectives of one critique) would all miss a
// provider's prompt cache: a prefix is cached only once a response to it has begun.
// So the first such call goes alone and the others wait for its first token (or its
// end, or a bound), then read the prefix from the cache. Later calls pass at once.

export type WarmupRelease = () => void;

export class PrefixWarmup {
  private readonly begun = new Map<string, Promise<void>>();

  /**
   * Resolves when a call with this prefix may go: at once for the first (which must call
   * the returned function when its response begins or ends), after that one's first
   * token for the others, at most `maxWaitMs` later, or when `signal` aborts.
   */
  async enter(key: string, maxWaitMs: number, signal?: AbortSignal): Promise<WarmupRelease> {
    const first = this.begun.get(key);
    if (!first) {
      let release!: () => void;
      this.begun.set(key, new Promise<void>((r) => (release = r)));
      return release;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    let onAbort: (() => void) | undefined;
    await Promise.race([
      first,
      new Promise<void>((r) => {
        timer = setTimeout(r, maxWaitMs);
        onAbort = r;
        signal?.addEventListener("abort", onAbort, { once: true });
      }),
    ]);
    clearTimeout(timer);
    if (onAbort) signal?.removeEventListener("abort", onAbort);
    return () => {};
  }
}
