// `npm run bench`: the performance figures of DESIGN.md's hot path, each against its goal.
//
//   npm run bench                      all five rows (a few minutes)
//   npm run bench -- --only=1,3        a subset
//   npm run bench -- --quick           a short smoke run (lighter settings)
//   npm run bench -- --profile         also write a CPU profile per row and print its top functions
//   flags: --parties=N (row 4), --viewers=N (row 3), --pg=URL|none (row 4's PostgreSQL),
//          --pglite=none (row 4 on PostgreSQL only),
//          --out=FILE (default bench-results/latest.json), --next-dir=DIR (row 5's build, default
//          .next), --markdown (also print the table as markdown)
//
// Each row runs in its own Node process (clean heap, RSS and profile per row). Writes the
// table and every raw figure to bench-results/latest.json.
import { spawn } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { functionTimes, readProfile } from "./bench/cpu-profile";
import { describeMachine, finish, machine } from "./bench/machine";
import { formatTable, markdownTable, type Row } from "./bench/report";
import { DEFAULT_PG, rowsFor, runSection, SECTIONS, type Options, type Results, type Section } from "./bench/sections";

interface Flags {
  only: Section[];
  quick: boolean;
  profile: boolean;
  markdown: boolean;
  parties?: number;
  viewers?: number;
  pg: string | null;
  pglite: boolean;
  out: string;
  nextDir: string;
  /** Internal: run one row in this process and write its result here. */
  section?: Section;
  json?: string;
}

function parseFlags(argv: string[]): Flags {
  const f: Flags = { only: [...SECTIONS], quick: false, profile: false, markdown: false, pg: process.env.BENCH_DATABASE_URL ?? DEFAULT_PG, pglite: true, out: "bench-results/latest.json", nextDir: ".next" };
  const int = (k: string, v: string) => {
    const n = Number(v);
    if (!Number.isInteger(n) || n < 1) throw new Error(`--${k} must be a whole number ≥ 1 (got ${JSON.stringify(v)})`);
    return n;
  };
  const section = (v: string): Section => {
    const n = Number(v);
    if (!(SECTIONS as readonly number[]).includes(n)) throw new Error(`unknown row ${JSON.stringify(v)}: expected 1-5`);
    return n as Section;
  };
  for (const a of argv) {
    const [k, v = ""] = a.replace(/^--/, "").split(/=(.*)/s, 2);
    if (k === "quick") f.quick = true;
    else if (k === "profile") f.profile = true;
    else if (k === "markdown") f.markdown = true;
    else if (k === "only") f.only = [...new Set(v.split(",").filter(Boolean).map(section))].sort();
    else if (k === "parties") f.parties = int(k, v);
    else if (k === "viewers") f.viewers = int(k, v);
    else if (k === "pg") f.pg = v === "none" ? null : v;
    else if (k === "pglite") {
      if (v !== "none") throw new Error(`--pglite only takes "none" (got ${JSON.stringify(v)})`);
      f.pglite = false;
    }
    else if (k === "out") f.out = v;
    else if (k === "next-dir") f.nextDir = v;
    else if (k === "section") f.section = section(v);
    else if (k === "json") f.json = v;
    else throw new Error(`unknown flag ${a} (see the top of scripts/bench.ts)`);
  }
  return f;
}

const log = (m: string) => process.stderr.write(`[bench] ${m}\n`);

function options(f: Flags): Options {
  return { quick: f.quick, parties: f.parties, viewers: f.viewers, pgUrl: f.pg, pglite: f.pglite, nextDir: f.nextDir, log };
}

/** Child mode: one row, result as JSON to a file. */
async function child(f: Flags): Promise<void> {
  const r = await runSection(f.section!, options(f));
  writeFileSync(f.json!, JSON.stringify(r));
}

function runChild(n: Section, f: Flags, dir: string): Promise<Results[Section]> {
  const json = path.join(dir, `.row-${n}.json`);
  rmSync(json, { force: true });
  const profDir = path.join(dir, "profiles", `row-${n}`);
  const nodeArgs = ["--import", "tsx"];
  if (f.profile) {
    rmSync(profDir, { recursive: true, force: true });
    nodeArgs.unshift("--cpu-prof", `--cpu-prof-dir=${profDir}`);
  }
  const pass = process.argv.slice(2).filter((a) => !/^--(only|out|section|json|markdown|profile)\b/.test(a));
  const args = [...nodeArgs, path.join("scripts", "bench.ts"), ...pass, `--section=${n}`, `--json=${json}`];
  return new Promise((resolve, reject) => {
    const c = spawn(process.execPath, args, { stdio: ["ignore", "inherit", "inherit"] });
    c.on("error", reject);
    c.on("exit", (code, sig) => {
      if (code !== 0) return reject(new Error(`row ${n} exited with ${code ?? sig}`));
      try {
        resolve(JSON.parse(readFileSync(json, "utf8")) as Results[Section]);
        rmSync(json, { force: true });
      } catch (e) {
        reject(e);
      }
      if (f.profile) printProfile(n, profDir);
    });
  });
}

function printProfile(n: Section, dir: string) {
  const files = readdirSync(dir).map((x) => path.join(dir, x));
  if (files.length === 0) return;
  const main = files.sort((a, b) => statSync(b).size - statSync(a).size)[0];
  const top = functionTimes(readProfile(main)).filter((t) => !/^\((idle|program)\)/.test(t.name)).slice(0, 15);
  log(`row ${n} profile ${main} — top self time:`);
  for (const t of top) log(`  ${t.self.toFixed(1).padStart(5)}% self ${t.total.toFixed(1).padStart(5)}% total  ${t.name}`);
}

async function main(): Promise<void> {
  const f = parseFlags(process.argv.slice(2));
  if (f.section) return child(f);

  const started = new Date();
  const m = machine();
  const dir = path.dirname(path.resolve(f.out));
  mkdirSync(dir, { recursive: true });
  log(`machine: ${describeMachine(m)}`);
  const results: Results = {};
  const rows: Row[] = [];
  for (const n of f.only) {
    const t0 = performance.now();
    try {
      const r = await runChild(n, f, dir);
      (results as Record<number, unknown>)[n] = r;
      rows.push(...rowsFor(n, r));
    } catch (e) {
      rows.push({ id: String(n), measure: `row ${n}`, value: (e as Error).message.slice(0, 200), goal: "", verdict: "error" });
    }
    log(`row ${n} took ${((performance.now() - t0) / 1000).toFixed(1)} s`);
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
    `${JSON.stringify({ startedAt: started.toISOString(), seconds: (Date.now() - started.getTime()) / 1000, quick: f.quick, argv: process.argv.slice(2), machine: done, rows, results }, null, 2)}\n`,
  );
  console.log(`\nWrote ${path.relative(process.cwd(), path.resolve(f.out))}`);
  if (rows.some((r) => r.verdict === "error")) process.exitCode = 1;
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
