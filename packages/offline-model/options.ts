// Options of the built-in offline model. The factory defaults to instant output; the
// app passes realistic pacing (OFFLINE_MODEL_TPS / OFFLINE_MODEL_FIRST_TOKEN_MS).

export interface OfflineModelOptions {
  /** Seeds phrasing variety; the same seed and prompt give the same answer. Default 42. */
  seed?: number;
  /** Streaming speed in tokens (≈ words) per second; 0 = instant. Default 0. */
  tokensPerSecond?: number;
  /** Delay before the first token, in ms. Default 0. */
  firstTokenMs?: number;
  /** Fault rules for tests (see `parseFaults`), e.g. "throw:nadia:1,hostile-markdown". */
  faults?: string;
}

export function resolveOptions(o: OfflineModelOptions = {}) {
  const num = (v: number | undefined, d: number, name: string) => {
    if (v === undefined) return d;
    if (!Number.isFinite(v) || v < 0) throw new RangeError(`offline model option ${name} must be a finite number ≥ 0 (got ${v})`);
    return v;
  };
  return {
    seed: o.seed === undefined ? 42 : Number.isFinite(o.seed) ? Math.trunc(o.seed) : 42,
    tokensPerSecond: num(o.tokensPerSecond, 0, "tokensPerSecond"),
    firstTokenMs: num(o.firstTokenMs, 0, "firstTokenMs"),
  };
}
