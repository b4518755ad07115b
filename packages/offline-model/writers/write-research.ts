// classic.research: the constitution generator's four research tracks (classic
// mode's research phase, docs/protocols.md) — domain practices, compliance, performance benchmarks, testing standards.
import type { ResearchOutput } from "@inception-party/protocol";
import type { ProjectContext } from "../context";
import { criticalPaths } from "./critical-paths";
import { technicalConsiderations } from "./vision-facts";

export function writeResearch(ctx: ProjectContext): ResearchOutput {
  const t = ctx.traits;
  const practices = [
    ...(t.has("marketplace") ? ["Two-sided marketplaces launch one area at a time and recruit supply first; reviews and verified profiles carry trust"] : []),
    ...(t.has("health") ? ["Triage follows established acuity scales (e.g. ESI five levels); software supports, the clinician decides"] : []),
    ...(t.has("game") ? ["Classroom quiz tools let students join without accounts and keep rounds under 15 minutes"] : []),
    ...(t.has("incident_ops") ? ["Incident response separates command, operations and communication roles; runbooks are versioned and reviewed after each use"] : []),
    ...(t.has("iot") ? ["Fleet telemetry is batched at the edge and ingested idempotently; alerts use hysteresis to avoid flapping"] : []),
    ...technicalConsiderations(ctx).slice(0, 3),
  ];
  const compliance = ctx.regulations.map((r) => `${r.name}: ${r.obligations[0]}`);
  const perf = [
    t.has("realtime") ? "Real-time updates under 500 ms p95 end to end; a single Node or Go process holds thousands of idle WebSockets" : "API p95 under 300 ms for reads at launch volume",
    "Core Web Vitals: LCP under 2.5 s and INP under 200 ms on a mid-range phone",
    ...(t.has("iot") ? ["Ingest sustains 10× the expected message rate with back-pressure"] : []),
    ...(t.has("search") ? ["Search results in under 200 ms for the expected corpus with database full-text indexes"] : []),
  ];
  const testing = [
    "Coverage thresholds: unit ≥ 80%, integration ≥ 70%, critical paths 100%",
    ...criticalPaths(ctx).slice(0, 3).map((p) => `Critical path: ${p.name} — ${p.level} test`),
    "Integration tests against a real database in containers; synthetic data only",
  ];
  return { domain_practices: practices, compliance, performance: perf, testing };
}
