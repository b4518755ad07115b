// The test strategy outline: pyramid, coverage targets, the domain's critical
// paths, tooling for the chosen stack, test data and CI stages.
import { ARTIFACT_KINDS } from "@inception-party/protocol";
import type { ProjectContext } from "../context";
import { toolchain } from "../knowledge/family-profiles";
import { getSlot, payProvider } from "../knowledge/stack-plan";
import { bullets, doc, numbered, table } from "../markdown";
import { capitalize, lowerFirst } from "../text-utils";
import { criticalPaths, type CriticalPath } from "./critical-paths";

/** A critical path as the document lists it. */
export const pathLine = (p: CriticalPath) => `**${p.name}** (${p.level}) — ${p.mustHold}.`;

export function writeTestStrategy(ctx: ProjectContext): string {
  const plan = ctx.plan;
  const f = toolchain(plan.family, plan.framework.choice);
  const t = ctx.traits;
  const cli = t.has("cli");
  const paths = criticalPaths(ctx);
  const db = plan.database.choice.split(" with ")[0];
  const pay = payProvider(plan), stripe = pay === "Stripe";
  const pyramid = table(
    ["Layer", "Share", "What it covers", "Tool"],
    [
      ["Unit", "~70%", "Domain rules in the module services: validation, state transitions, calculations, permission checks", f.testRunner],
      ["Integration", "~20%", cli ? "Commands against a temporary home directory and a real local store" : `API routes and repositories against a real ${db} (containers), webhooks, jobs`, cli ? f.testRunner : `${f.testRunner} + Testcontainers`],
      ["End-to-end", "~10%", cli ? "The released binary on each OS" : "The critical paths through the browser, one happy path and the key failure per path", cli ? "CI OS matrix" : f.e2e],
      ...(t.any("ehr_integration", "payments") ? [["Contract", "as needed", `${t.has("ehr_integration") ? "FHIR R4 resources validated against the profiles" : ""}${t.has("payments") ? `${t.has("ehr_integration") ? "; " : ""}${pay} ${stripe ? "event payloads" : "notifications"} from recorded fixtures` : ""}`, t.has("ehr_integration") ? "HAPI FHIR validator" : stripe ? "Stripe CLI fixtures" : "recorded fixtures"]] : []),
      ...(t.has("realtime") || t.has("iot") ? [["Load", "nightly", t.has("realtime") ? "Concurrent sessions with simulated clients" : "Device message bursts", "k6"]] : []),
    ],
  );
  const coverage = bullets([
    "Unit: at least 80% line coverage of `src/`, measured per module; new code may not lower it.",
    "Integration: at least 70% of API routes and repositories exercised against a real database.",
    `Critical paths: 100% — every path below has at least one automated test at the level shown, and a failing one blocks the release.`,
    "Coverage is a floor, not a goal: each bug fix starts with a failing test that reproduces it.",
  ]);
  const critical = numbered(paths.map(pathLine));
  const tools: string[][] = [
    ["Unit and integration runner", f.testRunner],
    ...(cli ? [] : [["Browser end-to-end", f.e2e], ["Real database in tests", `Testcontainers (${db})`]]),
    ["Lint and static analysis", f.lint],
    ...(getSlot(plan, "payments") ? [["Payments", stripe ? "Stripe test mode, test cards and `stripe trigger` / `stripe listen` for webhooks" : `${pay}'s test environment, or its recorded notifications`]] : []),
    ...(getSlot(plan, "fhir") ? [["EHR", "HAPI FHIR test server in a container; Inferno for US Core conformance"]] : []),
    ...(getSlot(plan, "realtime") ? [["Real-time", `socket clients in tests (${f.testRunner}) and k6 WebSocket scenarios`]] : []),
    ...(t.any("education", "ecommerce", "marketplace") ? [["Accessibility", "axe-core checks inside the end-to-end tests (WCAG 2.2 AA)"]] : []),
    ...(t.has("iot") ? [["Devices", "an MQTT device simulator publishing recorded traffic"]] : []),
    ...(cli ? [["Output snapshots", "golden files for `--json` and human-readable output"]] : []),
    ["Security", "dependency audit and secret scanning in CI; OWASP ZAP baseline scan against staging"],
  ];
  const data = bullets([
    "Factories build valid entities with overridable fields; each test creates what it needs and nothing leaks between tests (transaction rollback or a fresh schema per worker).",
    ...(t.has("health") ? ["Synthetic patients only (Synthea-generated FHIR bundles); real PHI never enters a test environment."] : ["Synthetic people and content only; no copy of production data in any test environment."]),
    ...(t.has("payments") ? [stripe ? "Stripe test cards cover success, 3-D Secure challenge and decline (e.g. 4242…, 4000 0027 6000 3184, 4000 0000 0000 9995)." : `Recorded ${pay} notifications cover a payment, a failure and the same notification twice.`] : []),
    ...(t.has("minors") ? ["No real student names, even in fixtures: nicknames come from a word list."] : []),
    "Time is injected (a fake clock) so countdowns, expiries and retention rules are tested deterministically.",
  ]);
  const ci = numbered([
    `Pull request: ${f.commands.map((c) => `\`${c}\``).join(", ")} — unit and integration tests, lint, type checks; must pass to merge.`,
    cli ? "Release candidate: build binaries for macOS, Linux and Windows and run the end-to-end suite on each." : `Main branch: deploy to staging, run migrations, then the ${f.e2e} suite and an accessibility pass against staging.`,
    t.any("realtime", "iot") ? "Nightly: load tests and the full end-to-end suite; results trend on a dashboard." : "Nightly: full end-to-end suite and dependency audit.",
    "Flaky tests are quarantined within a day with an owner, never silently retried forever.",
  ]);
  const intro = `${capitalize(ctx.profile.subject)}. Tests target the behaviour people rely on — ${paths.slice(0, 3).map((p) => lowerFirst(p.name)).join(", ")} — with ${f.testRunner}${cli ? "" : ` and ${f.e2e}`} on ${plan.language.choice} and ${plan.framework.choice.split(" (")[0]}.`;
  return doc(`${ARTIFACT_KINDS["test-strategy-outline"].title} — ${ctx.title}`, intro, [
    ["Test Pyramid", pyramid],
    ["Coverage Targets", coverage],
    ["Critical Paths", critical],
    ["Tooling", table(["Purpose", "Tool"], tools)],
    ["Test Data", data],
    ["CI Integration", ci],
  ]);
}
