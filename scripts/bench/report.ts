// Rows of the bench table: a measured value, its goal, and pass / miss / info.
export type Verdict = "pass" | "miss" | "info" | "skipped" | "error";

export interface Row {
  id: string;
  measure: string;
  value: string;
  goal: string;
  verdict: Verdict;
  /** The number the verdict was decided on, for the JSON. */
  measured?: number | null;
  note?: string;
}

export function judge(value: number, limit: number, better: "lower" | "higher" = "lower"): Verdict {
  if (!Number.isFinite(value)) return "miss";
  return (better === "lower" ? value <= limit : value >= limit) ? "pass" : "miss";
}

/** Fixed-width text table; long cells are not cut. */
export function formatTable(rows: readonly Row[]): string {
  const head = { id: "#", measure: "Measure", value: "Measured", goal: "Goal", verdict: "Result" };
  const all = [head, ...rows.map((r) => ({ id: r.id, measure: r.measure, value: r.value, goal: r.goal, verdict: r.verdict.toUpperCase() }))];
  const keys = ["id", "measure", "value", "goal", "verdict"] as const;
  const width = Object.fromEntries(keys.map((k) => [k, Math.max(...all.map((r) => r[k].length))])) as Record<(typeof keys)[number], number>;
  const line = (r: (typeof all)[number]) => keys.map((k) => r[k].padEnd(width[k])).join("  ").trimEnd();
  const rule = keys.map((k) => "-".repeat(width[k])).join("  ");
  return [line(head), rule, ...all.slice(1).map(line)].join("\n");
}

/** Markdown table for the README. */
export function markdownTable(rows: readonly Row[]): string {
  const esc = (s: string) => s.replaceAll("|", "\\|");
  return [
    "| # | Measure | Measured | Goal | Result |",
    "|---|---|---|---|---|",
    ...rows.map((r) => `| ${r.id} | ${esc(r.measure)} | ${esc(r.value)} | ${esc(r.goal)} | ${r.verdict} |`),
  ].join("\n");
}

export const fmt = {
  ms: (v: number) => (v >= 10_000 ? `${(v / 1000).toFixed(1)} s` : v >= 100 ? `${v.toFixed(0)} ms` : `${v.toFixed(1)} ms`),
  us: (v: number) => `${v.toFixed(1)} µs`,
  x: (v: number) => `${v.toFixed(2)}×`,
};
