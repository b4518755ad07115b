// Adds up the JSON reports of vitest and Playwright into the one closing line CI reads.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

const [dir = "test-results", flag] = process.argv.slice(2);
let passed = 0;
let failed = 0;
const read = (f) => (existsSync(f) ? JSON.parse(readFileSync(f, "utf8")) : null);

for (const name of ["vitest-pglite.json", "vitest-postgres.json"]) {
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

const e2e = read(path.join(dir, "e2e.json"));
if (!e2e) {
  console.log("e2e.json: no report (the run did not finish)");
  failed += 1;
} else {
  const s = e2e.stats;
  passed += s.expected + s.flaky;
  failed += s.unexpected;
  console.log(`e2e: ${s.expected + s.flaky} passed, ${s.unexpected} failed, ${s.skipped} skipped`);
  // A test that failed once and passed on its retry is named, never hidden in the count.
  const flaky = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) for (const t of spec.tests ?? []) if (t.status === "flaky") flaky.push(`${spec.file}:${spec.line} › ${spec.title}`);
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of e2e.suites ?? []) walk(suite);
  if (flaky.length) console.log(`e2e: ${flaky.length} passed only on a retry (flaky):\n${flaky.map((f) => `  ${f}`).join("\n")}`);
}

// A failed typecheck or lint counts as one failure so the line never reads green.
if (flag === "--failed-step" && failed === 0) failed = 1;
console.log(`${passed} passed, ${failed} failed`);
