// `npm run bench`: the performance figures of the hot path and of capacity, each against
// its goal. docs/benchmarks.md describes every row and how to add one.
//
//   npm run bench                      every row
//   npm run bench -- --only=1,3        a subset, by row id
//   npm run bench -- --quick           a short smoke run (lighter settings, ≤ 4 minutes at load ≤ 2)
//   npm run bench -- --profile         also write a CPU profile per row and print its top functions
//   flags: --parties=N (row 4), --viewers=N (row 3), --pg=URL|none (rows on PostgreSQL),
//          --pglite=none (skip the PGlite parts), --out=FILE (default bench-results/latest.json),
//          --next-dir=DIR (the production build, default .next), --markdown (also print the
//          table as markdown)
//
// Each row runs in its own Node process (clean heap, RSS and profile per row) under a
// deadline: a row that has not finished by then is killed and reported as an error.
import { spawn } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { functionTimes, readProfile } from "./bench/cpu-profile";
import { describeMachine, finish, machine } from "./bench/machine";
import { formatTable, markdownTable, type Row } from "./bench/report";
import { DEFAULT_PG, type BenchOptions, type BenchRow } from "./bench/row";
import { loadRow, loadRows, ROW_IDS } from "./bench/rows";

interface Flags {
  /** Row ids, in the table's order. */
  only: string[];
  quick: boolean;
  profile: boolean;
  markdown: boolean;
  parties?: number;
  viewers?: number;
  pg: string | null;
  pglite: boolean;
  out: string;
  nextDir: string;
  /** Internal: run one row (its id) in this process and write its result here. */
  row?: string;
  json?: string;
}

function rowId(id: string): string {
  if (!ROW_IDS.includes(id)) throw new Error(`unknown row ${JSON.stringify(id)}: expected one of ${ROW_IDS.join(", ")}`);
  return id;
}

function parseFlags(argv: string[]): Flags {
  const f: Flags = { only: [...ROW_IDS], quick: false, profile: false, markdown: false, pg: process.env.BENCH_DATABASE_URL ?? DEFAULT_PG, pglite: true, out: "bench-results/latest.json", nextDir: ".next" };
  const int = (k: string, v: string) => {
    const n = Number(v);
    if (!Number.isInteger(n) || n < 1) throw new Error(`--${k} must be a whole number ≥ 1 (got ${JSON.stringify(v)})`);
    return n;
  };
  for (const a of argv) {
    const [k, v = ""] = a.replace(/^--/, "").split(/=(.*)/s, 2);
    if (k === "quick") f.quick = true;
    else if (k === "profile") f.profile = true;
    else if (k === "markdown") f.markdown = true;
    else if (k === "only") {
      const wanted = new Set(v.split(",").filter(Boolean).map(rowId));
      f.only = ROW_IDS.filter((id) => wanted.has(id));
    } else if (k === "parties") f.parties = int(k, v);
    else if (k === "viewers") f.viewers = int(k, v);
    else if (k === "pg") f.pg = v === "none" ? null : v;
    else if (k === "pglite") {
      if (v !== "none") throw new Error(`--pglite only takes "none" (got ${JSON.stringify(v)})`);
      f.pglite = false;
    } else if (k === "out") f.out = v;
    else if (k === "next-dir") f.nextDir = v;
    else if (k === "row") f.row = rowId(v);
    else if (k === "json") f.json = v;
    else throw new Error(`unknown flag ${a} (see the top of scripts/bench.ts)`);
  }
  return f;
}

// Seconds since this process began (a row's process: since the row began): where a slow
// or stuck row spends its time shows in its log.
const log = (m: string) => process.stderr.write(`[bench ${(performance.now() / 1000).toFixed(1)} s] ${m}\n`);

function options(f: Flags): BenchOptions {
  return { quick: f.quick, parties: f.parties, viewers: f.viewers, pgUrl: f.pg, pglite: f.pglite, nextDir: f.nextDir, log };
}

/** Child mode: one row, result as JSON to a file. */
async function child(f: Flags): Promise<void> {
  const r = await (await loadRow(f.row!)).run(options(f));
  writeFileSync(f.json!, JSON.stringify(r));
  // Whatever a row left open (a pool, a timer) must not keep its process alive.
  process.exit(0);
}

/** The row's process group running now: its own group, so a deadline can stop all of it. */
let running: number | undefined;
for (const sig of ["SIGINT", "SIGTERM"] as const) {
  process.once(sig, () => {
    if (running) process.kill(-running, "SIGKILL");
    process.exit(sig === "SIGINT" ? 130 : 143);
  });
}

function runChild(row: BenchRow<unknown>, f: Flags, dir: string): Promise<unknown> {
  const json = path.join(dir, `.row-${row.id}.json`);
  rmSync(json, { force: true });
  const profDir = path.join(dir, "profiles", `row-${row.id}`);
  const nodeArgs = ["--import", "tsx"];
  if (f.profile) {
    rmSync(profDir, { recursive: true, force: true });
    nodeArgs.unshift("--cpu-prof", `--cpu-prof-dir=${profDir}`);
  }
  const pass = process.argv.slice(2).filter((a) => !/^--(only|out|row|json|markdown|profile)\b/.test(a));
  const args = [...nodeArgs, path.join("scripts", "bench.ts"), ...pass, `--row=${row.id}`, `--json=${json}`];
  const deadlineMs = row.deadlineMs(options(f));
  return new Promise((resolve, reject) => {
    const c = spawn(process.execPath, args, { stdio: ["ignore", "inherit", "pipe"], detached: true });
    running = c.pid;
    // The row's own log passes through; its last lines explain a failure.
    let tail: string[] = [];
    c.stderr!.on("data", (d: Buffer) => {
      process.stderr.write(d);
      tail = [...tail, ...d.toString().split("\n").filter(Boolean)].slice(-5);
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      log(`row ${row.id} passed its deadline of ${deadlineMs / 1000} s: stopping it`);
      // The row's process group: a row's own children (servers, viewers) go too.
      try {
        process.kill(-c.pid!, "SIGKILL");
      } catch (e) {
        log(`stopping row ${row.id} failed: ${(e as Error).message}`);
      }
    }, deadlineMs);
    c.on("error", (e) => {
      clearTimeout(timer);
      reject(e);
    });
    c.on("exit", (code, sig) => {
      clearTimeout(timer);
      running = undefined;
      const last = tail.at(-1) ? ` (last output: ${tail.at(-1)})` : "";
      if (timedOut) return reject(new Error(`no result within the row's deadline of ${deadlineMs / 1000} s${last}`));
      if (code !== 0) return reject(new Error(`row ${row.id} exited with ${code ?? sig}${last}`));
      try {
        resolve(JSON.parse(readFileSync(json, "utf8")));
        rmSync(json, { force: true });
      } catch (e) {
        reject(e);
      }
      if (f.profile) printProfile(row.id, profDir);
    });
  });
}

function printProfile(id: string, dir: string) {
  const files = readdirSync(dir).map((x) => path.join(dir, x));
  if (files.length === 0) return;
  const main = files.sort((a, b) => statSync(b).size - statSync(a).size)[0];
  const top = functionTimes(readProfile(main)).filter((t) => !/^\((idle|program)\)/.test(t.name)).slice(0, 15);
  log(`row ${id} profile ${main} — top self time:`);
  for (const t of top) log(`  ${t.self.toFixed(1).padStart(5)}% self ${t.total.toFixed(1).padStart(5)}% total  ${t.name}`);
}

async function main(): Promise<void> {
  const f = parseFlags(process.argv.slice(2));
  if (f.row) return child(f);

  const started = new Date();
  const m = machine();
  const dir = path.dirname(path.resolve(f.out));
  mkdirSync(dir, { recursive: true });
  log(`machine: ${describeMachine(m)}`);
  const results: Record<string, unknown> = {};
  const rows: Row[] = [];
  const timing: Record<string, { seconds: number; load: [number, number] }> = {};
  for (const row of await loadRows(f.only)) {
    const t0 = performance.now();
    const load0 = os.loadavg()[0];
    log(`${row.id}: ${row.title(options(f))}`);
    try {
      const r = await runChild(row, f, dir);
      results[row.id] = r;
      rows.push(...row.table(r, options(f)));
    } catch (e) {
      rows.push({ id: row.id, measure: `row ${row.id}`, value: (e as Error).message.slice(0, 300), goal: "", verdict: "error" });
    }
    const seconds = (performance.now() - t0) / 1000;
    timing[row.id] = { seconds, load: [load0, os.loadavg()[0]].map((x) => Math.round(x * 100) / 100) as [number, number] };
    log(`row ${row.id} took ${seconds.toFixed(1)} s (1-minute load ${timing[row.id].load.join(" → ")})`);
  }
  const done = finish(m);
  const table = formatTable(rows);
  console.log(`\nInception Party bench${f.quick ? " (--quick)" : ""} — ${started.toISOString()}`);
  console.log(`Machine: ${describeMachine(done)}\n`);
  console.log(table);
  const notes = rows.filter((r) => r.note && r.verdict !== "info").map((r) => `  ${r.id}: ${r.note}`);
  if (notes.length) console.log(`\n${notes.join("\n")}`);
  if (f.markdown) console.log(`\n${markdownTable(rows)}`);
  writeFileSync(
    path.resolve(f.out),
    `${JSON.stringify({ startedAt: started.toISOString(), seconds: (Date.now() - started.getTime()) / 1000, quick: f.quick, argv: process.argv.slice(2), machine: done, timing, rows, results }, null, 2)}\n`,
  );
  console.log(`\nWrote ${path.relative(process.cwd(), path.resolve(f.out))}`);
  if (rows.some((r) => r.verdict === "error")) process.exitCode = 1;
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
