// What a reviewer checks in a teammate's artifact and
// how the author applies each suggestion when finalizing. Suggestion texts are stable
// so `finalize` recognises its own reviewers' points; others are handled generically.
import { missingSections, type ArtifactKind } from "@inception-party/protocol";
import type { ProjectContext } from "../context";
import { groupModules } from "../knowledge/modules";
import { getSlot } from "../knowledge/stack-plan";
import { table } from "../markdown";
import { joinList } from "../text-utils";

export interface Finding {
  strength?: string;
  suggestion?: string;
  alignment?: string;
}

export interface Fix {
  match: RegExp;
  section: string;
  /** Markdown appended to the section. */
  add: (ctx: ProjectContext) => string;
  done: string;
}

export const FIXES: Fix[] = [
  {
    match: /state which module owns each table/i,
    section: "Relationships",
    add: (ctx) => `Module ownership (only the owning module writes these tables):\n\n${table(["Module", "Tables"], groupModules(ctx.model.entities).map((m) => [m.name, m.entities.map((e) => `\`${e.table}\``).join(", ")]))}`,
    done: "added a module-ownership table",
  },
  {
    match: /outbox table/i,
    section: "Entities",
    add: () => `### OutboxEvent\n\nDomain events written in the same transaction as the change that caused them; a worker publishes and marks them. Table \`outbox_events\`.\n\n${table(["Field", "Type", "Constraints", "Notes"], [["`id`", "uuid", "PK", "UUID v7"], ["`aggregate_type`", "text", "not null", "e.g. order"], ["`aggregate_id`", "uuid", "not null", ""], ["`event_type`", "text", "not null", "e.g. order.paid"], ["`payload`", "jsonb", "not null", "no personal data beyond ids"], ["`published_at`", "timestamptz", "nullable", "null until delivered"], ["`created_at`", "timestamptz", "not null", ""]])}`,
    done: "added the outbox_events table the architecture relies on",
  },
  {
    match: /migration test/i,
    section: "CI Integration",
    add: () => "Every pull request also applies all migrations to an empty database, rolls back the latest one and re-applies it, so a broken migration never reaches staging.",
    done: "added a migration test to CI",
  },
  {
    match: /database constraints/i,
    section: "Coverage Targets",
    add: () => "- Every database constraint (unique keys, checks, capacity) has an integration test that expects the violation and the error the user sees.",
    done: "added constraint tests to the coverage targets",
  },
  {
    match: /retention jobs/i,
    section: "Test Data",
    add: (ctx) => `- Retention and erasure jobs run against fixtures dated past their retention period; the test asserts the rows are deleted or anonymised${ctx.traits.region.eu ? " (GDPR)" : ""}.`,
    done: "added retention and erasure tests",
  },
  {
    match: /inject the clock/i,
    section: "Architecture Pattern",
    add: () => "Time is a dependency: services receive a clock, so countdowns, expiries and retention rules are testable without waiting.",
    done: "made the clock an injected dependency",
  },
  {
    match: /reconnect and resume/i,
    section: "API Design",
    add: () => "Reconnection: a client that reconnects with its token receives a `state:sync` event with the current question or record state, its own score or changes, and the server time, so it resumes without a page reload.",
    done: "documented reconnect and resume semantics",
  },
  {
    match: /test-only seam/i,
    section: "Deployment & Operations",
    add: () => "- Test seam: a seed command loads end-to-end fixtures in local and staging; it is not built into production images.",
    done: "added a test seam for end-to-end fixtures",
  },
];

export function reviewFindings(ctx: ProjectContext, kind: ArtifactKind, md: string): Finding[] {
  const out: Finding[] = [];
  const missing = missingSections(kind, md);
  if (missing.length) {
    out.push({ alignment: `Missing required section${missing.length > 1 ? "s" : ""}: ${missing.join(", ")}`, suggestion: `Add the missing section${missing.length > 1 ? "s" : ""}: ${missing.join(", ")}` });
  } else out.push({ strength: "Every required section is present and specific to this project" });
  if (/```mermaid/.test(md)) out.push({ strength: "The Mermaid diagram makes the structure reviewable at a glance" });

  if (kind === "data-model") {
    const documented = new Set([...md.matchAll(/^###\s+(\w+)/gm)].map((m) => m[1]));
    const expected = ctx.model.entities.map((e) => e.name);
    const absent = expected.filter((e) => !documented.has(e));
    if (absent.length) out.push({ alignment: `The architecture's Data Model Summary lists ${joinList(absent.slice(0, 4))}, which have no table here` });
    else out.push({ strength: `All ${expected.length} entities of the architecture have a table with typed fields` });
    if (/Index on/i.test(md)) out.push({ strength: "Foreign keys are indexed and invariants are enforced by constraints, not only in code" });
    out.push({ suggestion: "State which module owns each table, so the modular monolith's boundaries are visible in the schema" });
    if (/outbox/i.test(ctx.plan.pattern) && !/outbox_events/.test(md)) out.push({ suggestion: "Add an outbox table for the domain events the architecture relies on (the payment events)" });
  } else if (kind === "test-strategy-outline") {
    if (/Testcontainers|real database/i.test(md)) out.push({ strength: "Integration tests run against a real database, so constraints and migrations are exercised" });
    if (!/migration/i.test(md)) out.push({ suggestion: "Add a migration test: apply all migrations to an empty database, then roll back the latest" });
    if (!/constraint/i.test(md)) out.push({ suggestion: "Cover the database constraints (unique keys, checks, capacity) with integration tests that expect the violation" });
    if (ctx.regulations.some((r) => ["gdpr", "hipaa", "uk_gdpr"].includes(r.id)) && !/retention/i.test(md)) out.push({ suggestion: "Test the retention jobs: rows past their retention period must be deleted or anonymised" });
    const names = ctx.model.entities.filter((e) => e.sensitivity !== "none").map((e) => e.name);
    if (names.length && !names.some((n) => md.includes(n))) out.push({ alignment: `No test names the regulated tables (${joinList(names.slice(0, 3))}); their protection rules need explicit tests` });
  } else if (kind === "architecture-overview") {
    if (/adapter|integrations\//i.test(md)) out.push({ strength: "External systems sit behind adapters, so tests can replace them" });
    if (/\/api\/health|health/i.test(md)) out.push({ strength: "A health endpoint lets deploys and the end-to-end suite wait until the app is ready" });
    if (!/clock/i.test(md)) out.push({ suggestion: "Inject the clock into services (countdowns, expiries, retention) so time-based rules are testable" });
    if (getSlot(ctx.plan, "realtime") && !/reconnect/i.test(md)) out.push({ suggestion: "Document reconnect and resume semantics for the WebSocket events, so the reconnection critical path can be tested" });
    if (!/seed/i.test(md)) out.push({ suggestion: "Add a test-only seam: a seed command for end-to-end fixtures, excluded from production builds" });
    if (ctx.traits.has("payments") && !/idempoten/i.test(md)) out.push({ alignment: "The payment flow needs idempotency keys and webhook de-duplication to make the checkout critical path testable" });
  } else if (!/acceptance/i.test(md)) out.push({ suggestion: "Give every functional requirement an acceptance criterion" });
  return out;
}

