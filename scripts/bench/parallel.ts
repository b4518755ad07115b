// Row 1 — parallel efficiency: one full party on the offline model at a realistic pace,
// every model call timed; wall time against the critical-path lower bound of the
// protocols and against one model voicing every persona in turn.
import { createModelRegistry } from "../../lib/ai/model-registry";
import { EventBus } from "../../lib/events/bus";
import type { MemoryPartyStore } from "../../lib/party/testing/memory-store";
import { criticalPath, type CriticalPath } from "./critical-path";
import { driveInMemory } from "./drive";
import { CallRecorder, type CallRecord } from "./timed-models";
import { StoreTimer } from "./timed-store";
import { fmt, judge, type Row } from "./report";
import { defineRow } from "./row";

export interface ParallelResult {
  pace: { firstTokenMs: number; tokensPerSecond: number };
  outcome: string;
  wallMs: number;
  boundMs: number;
  sequentialMs: number;
  ratio: number;
  speedup: number;
  ceiling: number;
  calls: number;
  turns: number;
  phases: Array<{ phase: string; calls: number; boundMs: number; sequentialMs: number; wallMs: number; gapMs: number }>;
  /** Time between consecutive calls of one turn (orchestrator + SDK work), ms. */
  intraTurnGapMs: { total: number; max: number };
  /** Rows the party would leave in the database (events, checkpoints, projections). */
  rows: Record<string, number>;
  rowsPerPartySecond: number;
  /** Store commits (transactions on a database) per second of the run, and how many were delta batches. */
  commitsPerSecond: number;
  deltaCommitsPerSecond: number;
  records: CallRecord[];
  cp: CriticalPath;
}

/**
 * The rows lib/db would write for this party: one per event and per step checkpoint, and
 * the projections of event-log.ts (phases, members, artifacts, inputs, usage).
 */
export function databaseRows(store: MemoryPartyStore, partyId: string): Record<string, number> {
  const log = store.events.get(partyId) ?? [];
  const count = (t: string) => log.filter((e) => e.type === t).length;
  const tasks = log.flatMap((e) => (e.type === "task-create" ? e.data.tasks : []));
  const members = new Set(log.flatMap((e) => (e.type === "agent-spawn" ? [`${e.data.phase}/${e.data.agent}`] : [])));
  const artifacts = new Set(log.flatMap((e) => (e.type === "artifact-write" ? [e.data.path] : [])));
  const checkpoints = [...store.checkpoints.keys()].filter((k) => k.startsWith(`${partyId}\0`)).length;
  return {
    parties: 1,
    events: log.length,
    phases: tasks.length,
    team_members: members.size,
    artifacts: artifacts.size,
    input_requests: count("input-request"),
    step_checkpoints: checkpoints,
    runner_leases: 1,
    token_usage: count("usage"),
  };
}

export async function benchParallel(o: { firstTokenMs: number; tokensPerSecond: number; seed?: number }): Promise<ParallelResult> {
  const timer = new StoreTimer();
  const partyId = "bench-parallel";
  const rec = new CallRecorder(() => timer.phaseOf(partyId));
  const models = rec.wrap(createModelRegistry({ defaultModel: "offline", offline: { seed: o.seed ?? 7, tokensPerSecond: o.tokensPerSecond, firstTokenMs: o.firstTokenMs } }));
  const d = await driveInMemory({ partyId, models, wrapStore: (s) => timer.wrap(s), live: new EventBus() });
  const calls = rec.calls;
  const cp = criticalPath(calls.map((c) => ({ phase: c.phase, group: c.turn, start: c.start, end: c.end })));
  const phases = cp.phases.map((p) => {
    const cs = calls.filter((c) => c.phase === p.phase);
    const wall = Math.max(...cs.map((c) => c.end)) - Math.min(...cs.map((c) => c.start));
    return { phase: p.phase, calls: p.calls, boundMs: p.bound, sequentialMs: p.sequential, wallMs: wall, gapMs: wall - p.bound };
  });
  let gapTotal = 0;
  let gapMax = 0;
  const byTurn = new Map<string, CallRecord[]>();
  for (const c of calls) byTurn.set(c.turn, [...(byTurn.get(c.turn) ?? []), c]);
  for (const cs of byTurn.values()) {
    for (let i = 1; i < cs.length; i++) {
      const g = cs[i].start - cs[i - 1].end;
      gapTotal += g;
      gapMax = Math.max(gapMax, g);
    }
  }
  const rows = databaseRows(d.store, partyId);
  const totalRows = Object.values(rows).reduce((a, b) => a + b, 0);
  return {
    pace: { firstTokenMs: o.firstTokenMs, tokensPerSecond: o.tokensPerSecond },
    outcome: d.outcome.status,
    wallMs: d.wallMs,
    boundMs: cp.bound,
    sequentialMs: cp.sequential,
    ratio: d.wallMs / cp.bound,
    speedup: cp.sequential / d.wallMs,
    ceiling: cp.sequential / cp.bound,
    calls: calls.length,
    turns: byTurn.size,
    phases,
    intraTurnGapMs: { total: gapTotal, max: gapMax },
    rows,
    rowsPerPartySecond: totalRows / (d.wallMs / 1000),
    commitsPerSecond: timer.commit.length / (d.wallMs / 1000),
    deltaCommitsPerSecond: timer.deltaCommits.length / (d.wallMs / 1000),
    records: calls,
    cp,
  };
}

function parallelRows(p: ParallelResult): Row[] {
  const pace = `${p.pace.firstTokenMs} ms first token, ${p.pace.tokensPerSecond} tok/s`;
  const total = Object.values(p.rows).reduce((a, b) => a + b, 0);
  return [
    {
      id: "1a",
      measure: `Parallel efficiency: wall / critical-path bound (${pace})`,
      value: `${fmt.x(p.ratio)} (${fmt.ms(p.wallMs)} / ${fmt.ms(p.boundMs)})`,
      goal: "≤ 1.10×",
      verdict: p.outcome === "completed" ? judge(p.ratio, 1.1) : "error",
      measured: p.ratio,
      note: `${p.calls} model calls in ${p.turns} turns; party ${p.outcome}`,
    },
    {
      id: "1b",
      measure: "Speed-up over sequential (one model voicing every persona)",
      value: `${fmt.x(p.speedup)} (sequential ${fmt.ms(p.sequentialMs)})`,
      goal: `ceiling ${fmt.x(p.ceiling)} (sequential / bound)`,
      verdict: "info",
      measured: p.speedup,
    },
    {
      id: "1c",
      measure: `Rows per party per second at this pace (row 1's party: events, checkpoints, projections)`,
      value: `${p.rowsPerPartySecond.toFixed(1)} (${total} rows in ${fmt.ms(p.wallMs)}; ${p.commitsPerSecond.toFixed(1)} commits/s)`,
      goal: "≤ 60",
      verdict: judge(p.rowsPerPartySecond, 60),
      measured: p.rowsPerPartySecond,
    },
  ];
}

export const parallelRow = defineRow<ParallelResult>({
  id: "1",
  title: (o) => `one party on the offline model at ${pace(o.quick).firstTokenMs} ms first token, ${pace(o.quick).tokensPerSecond} tok/s`,
  deadlineMs: (o) => (o.quick ? 3 : 10) * 60_000,
  run: (o) => benchParallel(pace(o.quick)),
  table: parallelRows,
});

function pace(quick: boolean) {
  return quick ? { firstTokenMs: 100, tokensPerSecond: 750 } : { firstTokenMs: 500, tokensPerSecond: 150 };
}
