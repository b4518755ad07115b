// The end of a CI run (.ci/run): how long each step took, then the JSON reports of
// vitest and Playwright added up into the one closing line CI reads, `N passed, N failed`.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

const [dir = "test-results", flag] = process.argv.slice(2);
const VITEST_REPORTS = ["vitest-unit.json", "vitest-pglite.json", "vitest-postgres.json"];
let passed = 0;
let failed = 0;
const read = (f) => (existsSync(f) ? JSON.parse(readFileSync(f, "utf8")) : null);

/** steps.tsv: name, start ms, end ms, CPU s, outcome. Steps that ran side by side overlap. */
function printSteps(file) {
  if (!existsSync(file)) return;
  const steps = readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => {
      const [name, start, end, cpu, outcome] = l.split("\t");
      return { name, start: Number(start), end: Number(end), cpu: Number(cpu), outcome };
    })
    .sort((a, b) => a.start - b.start);
  if (!steps.length) return;
  const t0 = steps[0].start;
  const width = Math.max(...steps.map((s) => s.name.length));
  const mmss = (ms) => {
    const secs = Math.round(ms / 1000);
    return `${Math.floor(secs / 60)}:${String(secs % 60).padStart(2, "0")}`;
  };
  console.log(`steps (wall m:ss, CPU s of the step and its children, started at m:ss into the run):`);
  for (const s of steps) {
    console.log(`  ${s.name.padEnd(width)}  ${mmss(s.end - s.start).padStart(6)}  ${String(s.cpu).padStart(5)} CPU s  at ${mmss(s.start - t0).padStart(5)}  ${s.outcome}`);
  }
  const end = Math.max(...steps.map((s) => s.end));
  console.log(`  ${"whole run".padEnd(width)}  ${mmss(end - t0).padStart(6)}  ${String(steps.reduce((n, s) => n + s.cpu, 0)).padStart(5)} CPU s`);
}

printSteps(path.join(dir, "steps.tsv"));

for (const name of VITEST_REPORTS) {
  const r = read(path.join(dir, name));
  if (!r) {
    console.log(`${name}: no report (the run did not finish)`);
    failed += 1;
    continue;
  }
  passed += r.numPassedTests;
  failed += r.numFailedTests + (r.success || r.numFailedTests ? 0 : 1);
  console.log(`${name}: ${r.numPassedTests} passed, ${r.numFailedTests} failed`);
}

// The browser suite's report (one run of every project, playwright.config.ts).
for (const name of ["e2e.json"]) {
  const e2e = read(path.join(dir, name));
  if (!e2e) {
    console.log(`${name}: no report (the run did not finish)`);
    failed += 1;
    continue;
  }
  const s = e2e.stats;
  passed += s.expected + s.flaky;
  failed += s.unexpected;
  console.log(`${name}: ${s.expected + s.flaky} passed, ${s.unexpected} failed, ${s.skipped} skipped`);
  // A test that failed once and passed on its retry is named, never hidden in the count.
  const flaky = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) for (const t of spec.tests ?? []) if (t.status === "flaky") flaky.push(`${spec.file}:${spec.line} › ${spec.title}`);
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of e2e.suites ?? []) walk(suite);
  if (flaky.length) console.log(`${name}: ${flaky.length} passed only on a retry (flaky):\n${flaky.map((f) => `  ${f}`).join("\n")}`);
}

// A failed typecheck or lint counts as one failure so the line never reads green.
if (flag === "--failed-step" && failed === 0) failed = 1;
console.log(`${passed} passed, ${failed} failed`);
