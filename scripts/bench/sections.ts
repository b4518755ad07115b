// The five measurements, their settings (full and --quick) and their table rows.
import path from "node:path";
import { benchConcurrency, reachable, type ConcurrencyResult, type Target } from "./concurrency";
import { benchFanout, type FanoutResult } from "./fanout";
import { pageWeight, type PageWeight } from "./page-weight";
import { benchParallel, type ParallelResult } from "./parallel";
import { fmt, judge, type Row } from "./report";
import { benchTokenCost, type TokenCostResult } from "./token-cost";

export const SECTIONS = [1, 2, 3, 4, 5] as const;
export type Section = (typeof SECTIONS)[number];

export interface Options {
  quick: boolean;
  /** Parties for row 4 (default 100, quick 5). */
  parties?: number;
  viewers?: number;
  /** PostgreSQL server for row 4, or null to skip it. */
  pgUrl: string | null;
  /** Row 4 on in-memory PGlite too (default). */
  pglite?: boolean;
  nextDir: string;
  log: (m: string) => void;
}

export const FLUSH_MS = 75;
export const DEFAULT_PG = "postgresql://postgres@127.0.0.1:5432/postgres";

export type Results = {
  1?: ParallelResult;
  2?: TokenCostResult;
  3?: FanoutResult;
  4?: { runs: ConcurrencyResult[]; skipped: string[]; errors: string[] };
  5?: PageWeight | null;
};

export async function runSection(n: Section, o: Options): Promise<Results[Section]> {
  switch (n) {
    case 1: {
      const pace = o.quick ? { firstTokenMs: 100, tokensPerSecond: 750 } : { firstTokenMs: 500, tokensPerSecond: 150 };
      o.log(`1: one party on the offline model at ${pace.firstTokenMs} ms first token, ${pace.tokensPerSecond} tok/s`);
      return benchParallel(pace);
    }
    case 2: {
      const s = o.quick ? { tokensPerBatch: 1000, batches: 20, warmup: 5 } : { tokensPerBatch: 2000, batches: 100, warmup: 10 };
      o.log(`2: ${s.batches} batches of ${s.tokensPerBatch} tokens, pipeline and model alone alternating (bare model, then AI SDK)`);
      return benchTokenCost(s);
    }
    case 3: {
      const s = { viewers: o.viewers ?? 200, seconds: o.quick ? 2 : 5 };
      o.log(`3: ${s.viewers} SSE viewers over HTTP, 3 agents at 150 tok/s for ${s.seconds} s`);
      return benchFanout(s);
    }
    case 4: {
      const parties = o.parties ?? (o.quick ? 5 : 100);
      const targets: Target[] = o.pglite === false ? [] : [{ kind: "pglite" }];
      const skipped: string[] = o.pglite === false ? ["pglite: --pglite=none"] : [];
      if (o.pgUrl) {
        if (await reachable(o.pgUrl)) targets.push({ kind: "postgres", serverUrl: o.pgUrl });
        else skipped.push(`postgres: ${o.pgUrl.replace(/\/\/[^@/]*@/, "//")} not reachable`);
      } else skipped.push("postgres: --pg=none");
      const runs: ConcurrencyResult[] = [];
      const errors: string[] = [];
      for (const target of targets) {
        o.log(`4: ${parties} parties at once on one runner, instant model, ${target.kind}`);
        try {
          runs.push(await benchConcurrency({ parties, target, log: o.log }));
        } catch (e) {
          errors.push(`${target.kind}: ${(e as Error).message}`);
        }
      }
      return { runs, skipped, errors };
    }
    case 5:
      return pageWeight(path.resolve(o.nextDir), "/parties/[id]");
  }
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

function tokenRows(t: TokenCostResult): Row[] {
  return [
    {
      id: "2",
      measure: "Orchestrator CPU per streamed token p50 / p99 (instant model → writer → bus → SSE frame → 1 viewer)",
      value: `${fmt.us(t.cpuUs.p50)} / ${fmt.us(t.cpuUs.p99)}`,
      goal: "p99 ≤ 10 µs",
      verdict: judge(t.cpuUs.p99, 10),
      measured: t.cpuUs.p99,
    },
    {
      id: "2b",
      measure: "  same through the AI SDK's streamText (as an agent turn reads it), SDK run subtracted p50 / p99",
      value: `${fmt.us(t.sdkCpuUs.p50)} / ${fmt.us(t.sdkCpuUs.p99)}`,
      goal: "",
      verdict: "info",
      measured: t.sdkCpuUs.p99,
    },
    {
      id: "2c",
      measure: "  instant model + AI SDK streamText alone (not orchestrator) p50 / p99",
      value: `${fmt.us(t.sdkAloneCpuUs.p50)} / ${fmt.us(t.sdkAloneCpuUs.p99)}`,
      goal: "",
      verdict: "info",
      measured: t.sdkAloneCpuUs.p50,
    },
  ];
}

function fanoutRows(f: FanoutResult): Row[] {
  const ok = f.connected === f.viewers && f.errors === 0;
  return [
    {
      id: "3",
      measure: `Fan-out, ${f.viewers} SSE viewers: live delta emission → receipt p50 / p95 / p99`,
      value: `${fmt.ms(f.liveMs.p50)} / ${fmt.ms(f.liveMs.p95)} / ${fmt.ms(f.liveMs.p99)}`,
      goal: `p95 ≤ ${FLUSH_MS + 50} ms (flush + 50)`,
      verdict: ok ? judge(f.liveMs.p95, FLUSH_MS + 50) : "error",
      measured: f.liveMs.p95,
      note: ok ? `${f.tokens} tokens in ${f.seconds.toFixed(1)} s to each viewer` : `${f.connected}/${f.viewers} connected, ${f.errors} errors`,
    },
    {
      id: "3b",
      measure: "  same token in its stored message-delta batch (what a replay sees) p50 / p95",
      value: `${fmt.ms(f.loggedMs.p50)} / ${fmt.ms(f.loggedMs.p95)}`,
      goal: "",
      verdict: "info",
      measured: f.loggedMs.p95,
    },
    {
      id: "3c",
      measure: "  server CPU per write to a viewer (a write carries one event-loop turn of frames); CPU used while streaming",
      value: `${fmt.us(f.serverCpuUsPerFrame)}; ${f.serverCores.toFixed(2)} core (event loop busy ${(f.serverElu * 100).toFixed(0)}%)`,
      goal: "",
      verdict: "info",
      measured: f.serverCpuUsPerFrame,
    },
  ];
}

function concurrencyRows({ runs, skipped, errors: failures = [] }: NonNullable<Results[4]>): Row[] {
  const rows: Row[] = [];
  for (const c of runs) {
    const tag = `${c.parties} parties, ${c.database === "pglite" ? "PGlite (memory)" : "PostgreSQL"}`;
    const errors = Object.values(c.errors).reduce((a, b) => a + b, 0);
    const errorText = Object.entries(c.errors)
      .map(([e, k]) => `${k}× ${e}`)
      .join("; ");
    const notCompleted = c.failed.length ? `not completed: ${c.failed.slice(0, 3).join("; ")}${c.failed.length > 3 ? ` … (${c.failed.length})` : ""}` : "";
    rows.push(
      {
        id: `4-${c.database}`,
        measure: `Concurrency, ${tag}: completed`,
        value: `${c.completed}/${c.parties} in ${fmt.ms(c.wallSeconds * 1000)}${errors ? `, ${errors} runner errors` : ""}${c.rekicks ? `, ${c.rekicks} re-runs` : ""}`,
        goal: "all, no error",
        verdict: c.completed === c.parties && errors === 0 ? "pass" : "miss",
        measured: c.completed,
        note: [errorText, notCompleted].filter(Boolean).join(" — ").slice(0, 600),
      },
      { id: "", measure: "  step latency (beginStep / commit) p50 / p95", value: `${fmt.ms(c.stepMs.p50)} / ${fmt.ms(c.stepMs.p95)}`, goal: "", verdict: "info", measured: c.stepMs.p95 },
      {
        id: "",
        measure: "  rows per party per second (instant model)",
        value: `${c.rowsPerPartySecond.toFixed(1)} (${c.rowsPerParty.toFixed(0)} rows/party${c.tupleWritesPerPartySecond !== null ? `; ${c.tupleWritesPerPartySecond.toFixed(1)} tuple writes/party/s` : ""})`,
        goal: "≤ 60",
        verdict: judge(c.rowsPerPartySecond, 60),
        measured: c.rowsPerPartySecond,
      },
      { id: "", measure: "  peak RSS", value: `${c.peakRssMb.toFixed(0)} MB`, goal: "", verdict: "info", measured: c.peakRssMb },
    );
  }
  for (const s of skipped) rows.push({ id: "4", measure: "Concurrency", value: s, goal: "", verdict: "skipped" });
  for (const s of failures) rows.push({ id: "4", measure: "Concurrency", value: s.slice(0, 200), goal: "", verdict: "error" });
  return rows;
}

function pageRows(w: PageWeight | null): Row[] {
  const measure = "First-load JS of /parties/[id] (gzip)";
  if (!w) return [{ id: "5", measure, value: "skipped: run npm run build first", goal: "≤ 200 kB", verdict: "skipped" }];
  const kb = w.gzip / 1000;
  return [{ id: "5", measure, value: `${kb.toFixed(1)} kB (${w.files.length} files, ${(w.bytes / 1000).toFixed(0)} kB raw)`, goal: "≤ 200 kB", verdict: judge(kb, 200), measured: kb }];
}

export function rowsFor(n: Section, r: Results[Section]): Row[] {
  switch (n) {
    case 1:
      return parallelRows(r as ParallelResult);
    case 2:
      return tokenRows(r as TokenCostResult);
    case 3:
      return fanoutRows(r as FanoutResult);
    case 4:
      return concurrencyRows(r as NonNullable<Results[4]>);
    case 5:
      return pageRows((r as PageWeight | null) ?? null);
  }
}
