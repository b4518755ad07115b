// Row 7 — three instances as one: three production servers (`next start`) on one
// PostgreSQL behind a round-robin proxy, parties at the realistic pace created, answered
// and watched through it, one instance SIGKILLed mid-run (tests/support/three-instances.ts,
// the same scenario as the e2e test). Needs a production build and a PostgreSQL server.
import { existsSync } from "node:fs";
import path from "node:path";
import { runThreeInstances, type ThreeInstanceResult } from "../../tests/support/three-instances";
import { reachable } from "./concurrency";
import { benchPort } from "./ports";
import { fmt, type Row } from "./report";
import { defineRow, type BenchOptions } from "./row";
import { percentile } from "./stats";

const PORTS = [0, 1, 2].map((i) => benchPort("threeInstances", i));
const LEASE_MS = 5000;

const settings = (quick: boolean) =>
  quick
    ? { parties: 6, pace: { tokensPerSecond: 600, firstTokenMs: 100 }, killAfterMs: 6000, timeoutMs: 150_000 }
    : { parties: 30, pace: { tokensPerSecond: 150, firstTokenMs: 500 }, killAfterMs: 20_000, timeoutMs: 600_000 };

type Outcome = { result: ThreeInstanceResult } | { skipped: string };

function rows(o: Outcome, b: BenchOptions): Row[] {
  const measure = `Three instances behind a round-robin proxy, ${settings(b.quick).parties} parties, one instance SIGKILLed`;
  if ("skipped" in o) return [{ id: "7", measure, value: o.skipped, goal: "", verdict: "skipped" }];
  const r = o.result;
  const ok = r.completed === r.parties && r.viewerMismatches.length === 0 && r.logProblems.length === 0 && r.killed.parties > 0 && r.takeoverMs.length === r.killed.parties;
  const worst = Math.max(...r.takeoverMs);
  const afterExpiry = Math.max(...r.afterExpiryMs);
  return [
    {
      id: "7",
      measure,
      value: `${r.completed}/${r.parties} completed in ${fmt.ms(r.seconds * 1000)}; every viewer = log: ${r.viewerMismatches.length === 0 ? "yes" : `no (${r.viewerMismatches.length})`}`,
      goal: "all, viewers = log",
      verdict: ok ? "pass" : "miss",
      measured: r.completed,
      note: [...r.notCompleted, ...r.viewerMismatches, ...r.logProblems].slice(0, 3).join("; ").slice(0, 600),
    },
    {
      id: "7b",
      measure: `  takeover of the killed instance's ${r.killed.parties} parties: after their lease expired max; after the kill max / p50 (LEASE_MS ${r.leaseMs})`,
      value: `${fmt.ms(afterExpiry)}; ${fmt.ms(worst)} / ${fmt.ms(percentile(r.takeoverMs, 50))}`,
      // A lease renewed just before the kill holds LEASE_MS: no takeover can come sooner.
      goal: "≤ 1 s after the lease expired (≤ LEASE_MS + 1 s after the kill)",
      verdict: afterExpiry <= 1000 ? "pass" : "miss",
      measured: afterExpiry,
    },
    {
      id: "",
      measure: "  requests per instance through the proxy; answered 502 while an instance was down; viewer reconnects",
      value: `${Object.values(r.served).join(" / ")}; ${r.badGateway}; ${r.viewerReconnects}`,
      goal: "",
      verdict: "info",
    },
  ];
}

export const threeInstancesRow = defineRow<Outcome>({
  id: "7",
  title: (o) => `three production servers on PostgreSQL behind a round-robin proxy, ${settings(o.quick).parties} parties, one SIGKILLed`,
  deadlineMs: (o) => (o.quick ? 4 : 15) * 60_000,
  async run(o) {
    if (!existsSync(path.join(".next", "BUILD_ID"))) return { skipped: "skipped: run npm run build first" };
    if (!o.pgUrl) return { skipped: "skipped: --pg=none" };
    if (!(await reachable(o.pgUrl))) return { skipped: `skipped: ${o.pgUrl.replace(/\/\/[^@/]*@/, "//")} not reachable` };
    const s = settings(o.quick);
    return { result: await runThreeInstances({ pgUrl: o.pgUrl, ports: PORTS, leaseMs: LEASE_MS, ...s, log: (m) => o.log(`7: ${m}`) }) };
  },
  table: rows,
});
