// Row 6 as the bench shows it: the plan of counts per database, the goals, and the table
// lines of a capacity run (the measurement itself is capacity.ts).
import { reachable, type Target } from "./concurrency";
import { benchCapacity, LIMITS, PACE, type CapacityResult } from "./capacity";
import { fmt, judge, type Row } from "./report";
import { defineRow, type BenchOptions } from "./row";

export interface CapacityRun {
  runs: CapacityResult[];
  skipped: string[];
  errors: string[];
}

/** The counts to step through, the warm-up and the measured window per step. */
export function capacityPlan(kind: Target["kind"], quick: boolean) {
  // --quick: one step at the goal's count, for pass/miss within the four minutes (a
  // shorter window than the full run's: fewer samples of the same figures).
  if (quick) return kind === "pglite" ? { steps: [10], warmupS: 6, windowS: 10 } : { steps: [100], warmupS: 6, windowS: 10 };
  return kind === "pglite" ? { steps: [2, 5, 10, 15, 20, 30], warmupS: 15, windowS: 40 } : { steps: [10, 25, 50, 100, 150], warmupS: 15, windowS: 40 };
}

const GOALS = { pglite: 10, postgres: 100 } as const;

function capacityRows({ runs, skipped, errors }: CapacityRun): Row[] {
  const rows: Row[] = [];
  for (const c of runs) {
    const name = c.database === "pglite" ? "PGlite" : "PostgreSQL";
    const goal = GOALS[c.database];
    const at = c.steps.find((s) => s.parties === goal);
    const problems = [
      c.failedParties.length ? `${c.failedParties.length} parties failed: ${c.failedParties.slice(0, 2).join("; ")}` : "",
      Object.keys(c.errors).length ? `runner: ${Object.entries(c.errors).map(([e, n]) => `${n}× ${e}`).join("; ")}` : "",
      c.viewerErrors ? `${c.viewerErrors} viewer errors` : "",
      c.misaligned ? `${c.misaligned} parties' live deltas could not be matched to their emission` : "",
    ].filter(Boolean);
    const missedAt = c.steps.find((s) => !s.held);
    rows.push({
      id: `6-${c.database}`,
      measure: `Capacity on ${name}: live parties one instance holds (write p95 ≤ ${LIMITS.writeP95Ms} ms, live delta p95 ≤ ${LIMITS.liveP95Ms} ms; ${PACE.firstTokenMs} ms first token, ${PACE.tokensPerSecond} tok/s)`,
      value: `${c.capacity}${missedAt ? ` (over a limit at ${missedAt.parties})` : ` (every step held, up to ${c.steps.at(-1)?.parties ?? 0})`}`,
      goal: `≥ ${goal}${c.database === "postgres" ? `, write p95 ≤ 1 s at ${goal}` : ""}`,
      verdict: problems.length ? "error" : c.database === "postgres" ? (c.capacity >= goal && (at?.writeMs.p95 ?? Infinity) <= 1000 ? "pass" : "miss") : judge(c.capacity, goal, "higher"),
      measured: c.capacity,
      note: problems.join(" — ").slice(0, 600),
    });
    for (const s of c.steps) {
      rows.push({
        id: "",
        measure: `  ${s.parties} parties: write p50/p95 · live delta p50/p95 · commits/s · rows/s · CPU · peak RSS`,
        value: `${fmt.ms(s.writeMs.p50)}/${fmt.ms(s.writeMs.p95)} · ${fmt.ms(s.liveMs.p50)}/${fmt.ms(s.liveMs.p95)} · ${s.commitsPerSecond.toFixed(0)} · ${s.rowsPerSecond.toFixed(0)}${s.tupleWritesPerSecond !== null ? ` (${s.tupleWritesPerSecond.toFixed(0)} tuple writes)` : ""} · ${s.cores.toFixed(2)} cores · ${s.peakRssMb.toFixed(0)} MB`,
        goal: "",
        verdict: "info",
        measured: s.writeMs.p95,
      });
    }
  }
  for (const s of skipped) rows.push({ id: "6", measure: "Capacity", value: s, goal: "", verdict: "skipped" });
  for (const s of errors) rows.push({ id: "6", measure: "Capacity", value: s.slice(0, 200), goal: "", verdict: "error" });
  return rows;
}

async function targets(o: BenchOptions): Promise<{ targets: Target[]; skipped: string[] }> {
  const targets: Target[] = o.pglite ? [{ kind: "pglite" }] : [];
  const skipped: string[] = o.pglite ? [] : ["pglite: --pglite=none"];
  if (!o.pgUrl) skipped.push("postgres: --pg=none");
  else if (await reachable(o.pgUrl)) targets.push({ kind: "postgres", serverUrl: o.pgUrl });
  else skipped.push(`postgres: ${o.pgUrl.replace(/\/\/[^@/]*@/, "//")} not reachable`);
  return { targets, skipped };
}

const planSeconds = (kind: Target["kind"], quick: boolean) => {
  const p = capacityPlan(kind, quick);
  return p.steps.length * (p.warmupS + p.windowS);
};

export const capacityRow = defineRow<CapacityRun>({
  id: "6",
  title: () => `capacity: live parties at ${PACE.firstTokenMs} ms first token, ${PACE.tokensPerSecond} tok/s, stepped up until a limit is passed`,
  // Each planned step, plus room for setup and for the last step's parties to stop.
  deadlineMs: (o) => (planSeconds("pglite", o.quick) + planSeconds("postgres", o.quick) + 120) * 1000,
  async run(o) {
    const { targets: list, skipped } = await targets(o);
    const runs: CapacityResult[] = [];
    const errors: string[] = [];
    for (const target of list) {
      const plan = capacityPlan(target.kind, o.quick);
      o.log(`6: ${target.kind}, steps ${plan.steps.join(", ")} (warm-up ${plan.warmupS} s, window ${plan.windowS} s)`);
      try {
        runs.push(await benchCapacity({ target, ...plan, log: o.log }));
      } catch (e) {
        errors.push(`${target.kind}: ${(e as Error).message}`);
      }
    }
    return { runs, skipped, errors };
  },
  table: capacityRows,
});
