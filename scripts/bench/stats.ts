// Order statistics for the bench: nearest-rank percentiles over a sample.

/** Nearest-rank percentile (p in 0..100) of `values`; NaN for an empty sample. */
export function percentile(values: ArrayLike<number>, p: number): number {
  if (values.length === 0) return Number.NaN;
  if (!(p >= 0 && p <= 100)) throw new RangeError(`percentile must be within 0..100 (got ${p})`);
  const sorted = Float64Array.from(values).sort();
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1];
}

export interface Summary {
  n: number;
  min: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  mean: number;
}

export function summarize(values: ArrayLike<number>): Summary {
  const sorted = Float64Array.from(values).sort();
  const n = sorted.length;
  const at = (p: number) => (n === 0 ? Number.NaN : sorted[Math.max(1, Math.ceil((p / 100) * n)) - 1]);
  let sum = 0;
  for (const v of sorted) sum += v;
  return { n, min: n ? sorted[0] : Number.NaN, p50: at(50), p95: at(95), p99: at(99), max: n ? sorted[n - 1] : Number.NaN, mean: n ? sum / n : Number.NaN };
}

export function median(values: ArrayLike<number>): number {
  return percentile(values, 50);
}

/** Rounds for display and JSON: 3 significant decimals at most. */
export function round(v: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(v * f) / f;
}
