// blueprint.summary: what the agent's artifact decides and what it needs from the
// other two, read from the document itself.
import { ARTIFACT_KINDS, type ArtifactSummaryOutput } from "@inception-party/protocol";
import { markdownSections, bulletItems, type ProjectContext } from "../context";
import { toolchain } from "../knowledge/family-profiles";
import { groupModules } from "../knowledge/modules";
import { joinList } from "../text-utils";
import { ownKind, writeArtifactOfKind } from "./write-artifact";

const tableRows = (md: string | undefined) => (md ? md.split("\n").filter((l) => /^\|/.test(l) && !/^\|\s*-/.test(l)).length - 1 : 0);

export function writeArtifactSummary(ctx: ProjectContext): ArtifactSummaryOutput {
  const kind = ownKind(ctx);
  const md = ctx.section("artifact_content") || ctx.section("current_draft") || writeArtifactOfKind(ctx, kind);
  const s = markdownSections(md);
  const plan = ctx.plan;
  const title = ARTIFACT_KINDS[kind].title;
  if (kind === "data-model") {
    const entities = [...(s["entities"] ?? "").matchAll(/^###\s+(\w+)/gm)].map((m) => m[1]);
    const sensitive = ctx.model.entities.filter((e) => e.sensitivity !== "none").map((e) => e.name);
    return {
      artifact_type: title,
      summary: [
        `The data model defines ${entities.length || ctx.model.entities.length} entities on ${plan.database.choice.split(" with ")[0]}: ${joinList((entities.length ? entities : ctx.model.entities.map((e) => e.name)).slice(0, 8))}. Every table has a UUID v7 key, UTC timestamps and explicit foreign keys, shown in the erDiagram.`,
        `Invariants live in the database where possible — unique keys, check constraints, capacity enforced in the inserting transaction. ${sensitive.length ? `${joinList(sensitive.slice(0, 4))} carry personal or regulated data and have their own protection and retention rules.` : "No regulated data beyond sign-in details."}`,
      ],
      key_decisions: ["UUID v7 primary keys and snake_case tables", "Money as integer minor units with an ISO currency", ...(sensitive.length ? [`Classification and retention per table (${joinList(ctx.regulations.filter((r) => r.legal).slice(0, 2).map((r) => r.name.split(" (")[0])) || "privacy by default"})`] : []), `Forward-only migrations with ${toolchain(plan.family, plan.framework.choice).migrations}`],
      dependencies: ["Architecture: each module owns the tables listed for it and nothing else", "Test strategy: constraints and migrations need integration tests against a real database"],
    };
  }
  if (kind === "test-strategy-outline") {
    const paths = bulletItems(s["critical paths"]).map((p) => p.replace(/\*\*/g, "").split(" (")[0]);
    return {
      artifact_type: title,
      summary: [
        `The test strategy follows a 70/20/10 pyramid on ${plan.testRunner} with targets of 80% unit, 70% integration and 100% of critical paths.`,
        `It names ${paths.length} critical paths for this domain: ${joinList(paths.slice(0, 6))}. Each has a test at the level where it is cheapest to prove.`,
      ],
      key_decisions: ["Real databases in integration tests, not mocks", "Critical paths gate the release", "Synthetic test data only", "A fake clock for countdowns, expiries and retention"],
      dependencies: ["Architecture: external systems behind adapters so they can be replaced in tests", "Data model: factories follow the entity definitions and constraints"],
    };
  }
  if (kind === "prd") {
    const frs = (s["functional requirements"] ?? "").match(/FR-\d+/g) ?? [];
    return {
      artifact_type: title,
      summary: [`The PRD turns the brief into ${frs.length} functional requirements with acceptance criteria, non-functional targets and an MVP cut.`, `Deferred items and open questions are listed so scope stays honest.`],
      key_decisions: ["MVP limited to the features that move the success metric", "Acceptance criteria double as end-to-end test cases"],
      dependencies: ["Architecture: components and API must cover every MVP requirement"],
    };
  }
  const modules = groupModules(ctx.model.entities).map((m) => m.name);
  const endpoints = Math.max(0, tableRows(s["api design"]));
  const adrs = [...(s["architecture decisions"] ?? "").matchAll(/^###\s+ADR-\d+:\s*(.+)$/gm)].map((m) => m[1]);
  return {
    artifact_type: title,
    summary: [
      `The architecture is a ${plan.pattern.split(":")[0].toLowerCase()} on ${plan.language.choice} with ${plan.framework.choice} and ${plan.database.choice.split(" with ")[0]}, split into ${modules.length} modules: ${joinList(modules)}.`,
      `${endpoints > 0 ? `The API has ${endpoints} documented endpoints` : "The interface is documented"}${ctx.traits.has("realtime") ? " plus a WebSocket event contract" : ""}; external services (${joinList(plan.additional.slice(0, 4).map((a) => a.choice.split(/ with | \(|:/)[0]))}) sit behind adapters. The directory layout in the document is the scaffold's source.`,
      `Security follows ${joinList(ctx.regulations.filter((r) => r.id !== "owasp_asvs").slice(0, 3).map((r) => r.name.split(" (")[0])) || "OWASP ASVS Level 2"}; deployment: ${plan.additional.find((a) => a.slot === "hosting" || a.slot === "distribution")?.choice ?? "a container platform"}.`,
    ],
    key_decisions: adrs.length ? adrs : [plan.pattern, plan.framework.choice],
    dependencies: ["Data model: entity names and relations must match the Data Model Summary", "Test strategy: critical paths must map to the API endpoints and events listed here"],
  };
}
