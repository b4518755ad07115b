// The shared exit (docs/protocols.md): both modes write a discovery_context with the same
// fields and types, zero coverage and re_artifacts for a new project.
import { describe, expect, it } from "vitest";
import { SCENARIO_LIST } from "@inception-party/offline-model/testing/party-fixtures";
import type { ProposalOutput } from "@inception-party/protocol";
import { architectureSummary, discoveryContext } from "./documents";
import { driveParty } from "./testing/drive-party";
import { DISCOVERY_CONTEXT_SHAPE, discoveryContextOf, shapeOf } from "./testing/log-checks";

const stack: ProposalOutput = {
  architecture_pattern: "Modular monolith",
  language: { choice: "TypeScript", rationale: "one language end to end" },
  runtime: "Node.js 22",
  framework: { choice: "Next.js", rationale: "server rendering and API routes" },
  database: { choice: "PostgreSQL", rationale: "relational data" },
  additional: [{ choice: "Stripe", rationale: "payments" }],
  test_runner: "Vitest",
  package_manager: "npm",
};

describe("discoveryContext", () => {
  const base = { completedAt: "2026-01-01T00:00:00.000Z", stack, architectureSummary: "A modular monolith.", highPriorityGaps: 4, permissionsReviewed: true, userNextAction: "feature" };

  it("has exactly the discovery_context fields, with the new-project defaults", () => {
    const dc = discoveryContext(base);
    expect(shapeOf(dc)).toEqual(DISCOVERY_CONTEXT_SHAPE);
    expect(Object.keys(dc)).toEqual(Object.keys(DISCOVERY_CONTEXT_SHAPE));
    expect(dc).toEqual({
      completed_at: "2026-01-01T00:00:00.000Z",
      version: "1.0",
      tech_stack: { primary_language: "TypeScript", runtime: "Node.js 22", frameworks: ["Next.js", "Stripe"], test_runner: "Vitest", package_manager: "npm" },
      coverage_summary: { unit_test_pct: 0, integration_test_pct: 0, critical_path_coverage: 0, total_tests: 0, meets_constitution: false, high_priority_gaps: 4 },
      architecture_summary: "A modular monolith.",
      constitution_path: "docs/isdlc/constitution.md",
      discovery_report_path: "",
      re_artifacts: { ac_count: 0, domains: 0, traceability_csv: "" },
      permissions_reviewed: true,
      walkthrough_completed: true,
      user_next_action: "feature",
    });
  });

  it("adds iteration_config only when the person customized it", () => {
    expect(discoveryContext({ ...base, iterationConfig: { implementation: 8, testing: 6, circuit_breaker: 3 } }).iteration_config).toEqual({ implementation: 8, testing: 6, circuit_breaker: 3 });
    expect("iteration_config" in discoveryContext(base)).toBe(false);
  });

  it("summarises the architecture from its pattern section, else from the stack", () => {
    const md = "# Architecture\n\n## 1. Architecture Pattern\n\nA modular monolith\nwith clear modules.\n\nMore detail.\n\n## 2. Components\n\n- web";
    expect(architectureSummary(md, stack)).toBe("A modular monolith with clear modules.");
    expect(architectureSummary(undefined, stack)).toBe("Modular monolith on Next.js with PostgreSQL");
  });
});

describe("both modes end in the same discovery_context", () => {
  const s = SCENARIO_LIST.find((x) => x.name === "clinic-triage")!;

  it("party and classic: same keys and value types, recursively", async () => {
    const [party, classic] = [
      await driveParty({ description: s.description, mode: "party", model: "scripted" }),
      await driveParty({ description: s.description, mode: "classic", model: "scripted" }),
    ];
    expect(party.outcome).toEqual({ status: "completed" });
    expect(classic.outcome).toEqual({ status: "completed" });
    const a = discoveryContextOf(party.events);
    const b = discoveryContextOf(classic.events);
    expect(shapeOf(a)).toEqual(shapeOf(b));
    expect(shapeOf(a)).toEqual(DISCOVERY_CONTEXT_SHAPE);
    for (const dc of [a, b]) {
      expect(dc).toMatchObject({ version: "1.0", constitution_path: "docs/isdlc/constitution.md", discovery_report_path: "", walkthrough_completed: true, permissions_reviewed: true, user_next_action: "feature" });
      expect((dc!.coverage_summary as { high_priority_gaps: number }).high_priority_gaps).toBeGreaterThan(0);
      expect(Date.parse(dc!.completed_at as string)).not.toBeNaN();
    }
  }, 60_000);

  it("records the walkthrough's answers: skipped audit, customized iterations, done for now", async () => {
    const r = await driveParty({
      description: s.description,
      mode: "classic",
      model: "scripted",
      answer: (req) =>
        req.kind === "walkthrough"
          ? { selection: "1", text: JSON.stringify({ permissions: { choice: "3" }, iteration: { choice: "2", config: { implementation: 8, testing: 20, circuit_breaker: 3 } }, next: { choice: "2" } }) }
          : undefined,
    });
    const dc = discoveryContextOf(r.events)!;
    expect(dc.permissions_reviewed).toBe(false);
    expect(dc.user_next_action).toBe("done");
    expect(dc.iteration_config).toEqual({ implementation: 8, testing: 20, circuit_breaker: 3 });
  }, 60_000);
});
