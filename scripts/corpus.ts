// `npm run corpus`: plays every corpus scenario as a whole party (real orchestrator, instant
// offline model, in-memory store), scores what it wrote, and prints precision and recall
// per scenario and in total, the tuned and the held-out part separately.
// docs/offline-model.md ("Measuring precision and recall") explains the figures.
//
//   npm run corpus                          tuned rows and totals, held-out totals only
//   npm run corpus -- --only tuned          one part (tuned | held-out)
//   npm run corpus -- --scenario "barber"   one scenario (name or part of it), every check
//   npm run corpus -- --json                machine-readable output
//   npm run corpus -- --show-held-out       also the held-out rows and failures (for the
//                                           corpus's maintainer; nobody fixing the model)
import { CORPUS, failureKind, scoreParty, type Claim, type Fact, type ScenarioScore, type Split, type SplitScenario } from "@inception-party/offline-model/corpus";
import { playScenario, type RemarkDelivery } from "../lib/party/testing/play-corpus";

interface Flags {
  json: boolean;
  only: Split | null;
  scenario: string | null;
  showHeldOut: boolean;
}

function parseFlags(argv: string[]): Flags {
  const f: Flags = { json: false, only: null, scenario: null, showHeldOut: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      const v = a.includes("=") ? a.slice(a.indexOf("=") + 1) : argv[++i];
      if (v === undefined) fail(`${a} needs a value`);
      return v;
    };
    if (a === "--json") f.json = true;
    else if (a === "--show-held-out") f.showHeldOut = true;
    else if (a.startsWith("--only")) {
      const v = value();
      if (v !== "tuned" && v !== "held-out") fail(`--only must be tuned or held-out, not "${v}"`);
      f.only = v as Split;
    } else if (a.startsWith("--scenario")) f.scenario = value().toLowerCase();
    else fail(`unknown flag ${a} (flags: --json, --only tuned|held-out, --scenario NAME, --show-held-out)`);
  }
  return f;
}

function fail(message: string): never {
  console.error(`corpus: ${message}`);
  process.exit(2);
}

interface Row {
  split: Split;
  status: string;
  remark: RemarkDelivery;
  seconds: number;
  score: ScenarioScore;
}

const pct = (ok: number, total: number) => (total === 0 ? "  n/a" : `${((100 * ok) / total).toFixed(1).padStart(5)}%`);

function failures(score: ScenarioScore): (Claim | Fact)[] {
  return [...score.claims.filter((c) => !c.ok), ...score.facts.filter((f) => !f.ok)];
}

function describe(x: Claim | Fact): string {
  if ("source" in x) return `${failureKind(x)}: “${x.value}” in ${x.source} — ${x.why}`;
  return `${failureKind(x)}: ${x.what} — ${x.why}`;
}

function totals(rows: Row[]) {
  const sum = (f: (r: Row) => number) => rows.reduce((n, r) => n + f(r), 0);
  const p = { ok: sum((r) => r.score.precision.ok), total: sum((r) => r.score.precision.total) };
  const rc = { ok: sum((r) => r.score.recall.ok), total: sum((r) => r.score.recall.total) };
  const kinds = new Map<string, number>();
  for (const r of rows) for (const x of failures(r.score)) kinds.set(failureKind(x), (kinds.get(failureKind(x)) ?? 0) + 1);
  return {
    scenarios: rows.length,
    completed: rows.filter((r) => r.status === "completed").length,
    remarksSaid: rows.filter((r) => r.remark.said).length,
    precision: { ...p, value: p.total ? p.ok / p.total : null },
    recall: { ...rc, value: rc.total ? rc.ok / rc.total : null },
    topFailures: [...kinds.entries()].sort((a, b) => b[1] - a[1]).slice(0, 10).map(([kind, count]) => ({ kind, count })),
  };
}

async function main() {
  const flags = parseFlags(process.argv.slice(2));
  let chosen: SplitScenario[] = CORPUS.filter((c) => !flags.only || c.split === flags.only);
  if (flags.scenario) {
    chosen = chosen.filter((c) => c.scenario.name.toLowerCase().includes(flags.scenario!));
    if (chosen.length === 0) fail(`no scenario matches "${flags.scenario}" (names: ${CORPUS.map((c) => c.scenario.name).join("; ")})`);
    if (chosen.some((c) => c.split === "held-out") && !flags.showHeldOut) fail("that is a held-out scenario: its details are shown only with --show-held-out");
  }
  const rows: Row[] = [];
  for (const { split, scenario } of chosen) {
    const t0 = performance.now();
    const played = await playScenario(scenario);
    const score = scoreParty(scenario, played.output);
    rows.push({ split, status: played.status, remark: played.remark, seconds: (performance.now() - t0) / 1000, score });
    if (!flags.json) process.stderr.write(`  played ${split === "held-out" && !flags.showHeldOut ? "a held-out scenario" : scenario.name} (${rows.at(-1)!.seconds.toFixed(1)} s)\n`);
  }
  const shown = (r: Row) => r.split === "tuned" || flags.showHeldOut;
  const splits = (["tuned", "held-out"] as const).filter((s) => rows.some((r) => r.split === s));

  if (flags.json) {
    const out = {
      totals: Object.fromEntries(
        splits.map((s) => {
          const { topFailures, ...figures } = totals(rows.filter((r) => r.split === s));
          // What failed in the held-out part is a detail: only its figures are shown.
          return [s, s === "held-out" && !flags.showHeldOut ? figures : { ...figures, topFailures }];
        }),
      ),
      scenarios: rows.filter(shown).map((r) => ({ name: r.score.name, split: r.split, status: r.status, remark: r.remark, precision: r.score.precision, recall: r.score.recall, claims: r.score.claims, facts: r.score.facts })),
    };
    console.log(JSON.stringify(out, null, 2));
    return;
  }

  for (const split of splits) {
    const mine = rows.filter((r) => r.split === split);
    const t = totals(mine);
    console.log(`\n== ${split} (${mine.length} scenarios) ==`);
    if (mine.some(shown)) {
      console.log(`${"scenario".padEnd(52)} ${"precision".padEnd(16)} ${"recall".padEnd(16)} remark`);
      for (const r of mine) {
        const p = r.score.precision;
        const rc = r.score.recall;
        const said = r.remark.said ? `said in phase ${r.remark.phase}` : `never said (${r.remark.refusals.length} refusals)`;
        console.log(`${r.score.name.slice(0, 52).padEnd(52)} ${pct(p.ok, p.total)} ${`${p.ok}/${p.total}`.padEnd(9)} ${pct(rc.ok, rc.total)} ${`${rc.ok}/${rc.total}`.padEnd(9)} ${said}${r.status === "completed" ? "" : ` — party ${r.status}`}`);
        const fs = failures(r.score);
        const limit = flags.scenario ? fs.length : 3;
        for (const x of fs.slice(0, limit)) console.log(`    - ${describe(x)}`);
        if (fs.length > limit) console.log(`    … ${fs.length - limit} more (--scenario "${r.score.name}" lists all)`);
      }
    }
    console.log(`TOTAL ${split}: precision ${pct(t.precision.ok, t.precision.total)} (${t.precision.ok}/${t.precision.total}), recall ${pct(t.recall.ok, t.recall.total)} (${t.recall.ok}/${t.recall.total}); ${t.completed}/${t.scenarios} parties completed, ${t.remarksSaid}/${t.scenarios} remarks said`);
    if (mine.some(shown)) {
      console.log("most common failures:");
      for (const k of t.topFailures) console.log(`  ${String(k.count).padStart(4)}  ${k.kind}`);
    }
  }
  if (rows.some((r) => r.status !== "completed")) process.exitCode = 1;
}

await main();
