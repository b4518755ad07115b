import { describe, expect, it } from "vitest";
import { NextStepsError } from "./next-steps-error";
import { nextPrimaryPrompt, phaseDisplayName } from "./phase-name";

// Seed 004 section 3.2, every row.
const SECTION_3_2: Array<[string, string]> = [
  ["00-quick-scan", "Phase 00 - Quick Scan"],
  ["01-requirements", "Phase 01 - Requirements"],
  ["02-impact-analysis", "Phase 02 - Impact Analysis"],
  ["02-tracing", "Phase 02 - Tracing"],
  ["03-architecture", "Phase 03 - Architecture"],
  ["04-design", "Phase 04 - Design"],
  ["05-test-strategy", "Phase 05 - Test Strategy"],
  ["06-implementation", "Phase 06 - Implementation"],
  ["07-testing", "Phase 07 - Testing"],
  ["08-code-review", "Phase 08 - Code Review"],
  ["09-validation", "Phase 09 - Validation"],
  ["10-cicd", "Phase 10 - Cicd"],
  ["11-local-testing", "Phase 11 - Local Testing"],
  ["12-remote-build", "Phase 12 - Remote Build"],
  ["13-test-deploy", "Phase 13 - Test Deploy"],
  ["14-production", "Phase 14 - Production"],
  ["15-operations", "Phase 15 - Operations"],
  ["16-upgrade-plan", "Phase 16 - Upgrade Plan"],
  ["16-upgrade-execute", "Phase 16 - Upgrade Execute"],
];

describe("phaseDisplayName (section 3.1)", () => {
  it("covers all 19 rows of the section 3.2 table", () => {
    expect(SECTION_3_2).toHaveLength(19);
  });

  it.each(SECTION_3_2)("%s -> %s", (key, display) => {
    expect(phaseDisplayName(key)).toBe(display);
  });

  it.each([
    ["architecture", /must contain a hyphen/],
    ["", /must contain a hyphen/],
    ["-design", /empty number part/],
    ["03-", /empty name part/],
    ["03--design", /empty word/],
    ["03-design-", /empty word/],
    ["ab-design", /number part must be digits only/],
    ["03-code review", /ASCII letters\/digits only/],
    ["03-d\u00e9sign", /ASCII letters\/digits only/],
  ])("rejects %j", (key, message) => {
    expect(() => phaseDisplayName(key)).toThrow(NextStepsError);
    expect(() => phaseDisplayName(key)).toThrow(message);
  });
});

describe("nextPrimaryPrompt (section 3.3)", () => {
  const phases = ["01-requirements", "02-impact-analysis", "03-architecture", "04-design"];

  it.each([
    [0, "Continue to Phase 02 - Impact Analysis"],
    [1, "Continue to Phase 03 - Architecture"],
    [2, "Continue to Phase 04 - Design"],
    [3, "Complete workflow and merge to main"],
  ])("current_phase_index %i -> %s", (index, prompt) => {
    expect(nextPrimaryPrompt({ phases, current_phase_index: index })).toBe(prompt);
  });

  it("single-phase workflow completes immediately", () => {
    expect(nextPrimaryPrompt({ phases: ["06-implementation"], current_phase_index: 0 })).toBe(
      "Complete workflow and merge to main",
    );
  });

  it("ignores other state.json fields", () => {
    const workflow = { type: "feature", phases, current_phase_index: 0, artifact_folder: "REQ-1" };
    expect(nextPrimaryPrompt(workflow)).toBe("Continue to Phase 02 - Impact Analysis");
  });

  it.each([
    [{ phases: [], current_phase_index: 0 }, /active_workflow\.phases: must list at least one phase key/],
    [{ phases, current_phase_index: -1 }, /active_workflow\.current_phase_index: must be >= 0/],
    [{ phases, current_phase_index: 1.5 }, /active_workflow\.current_phase_index: must be an integer/],
    [{ phases, current_phase_index: 4 }, /active_workflow\.current_phase_index: must be less than phases\.length \(4\), got 4/],
    [{ phases: ["01-requirements", "design"], current_phase_index: 0 }, /active_workflow\.phases\[1\]: .*must contain a hyphen/],
    [{ phases, current_phase_index: "1" }, /active_workflow\.current_phase_index: must be a number/],
  ])("rejects %j naming the field", (workflow, message) => {
    const call = () => nextPrimaryPrompt(workflow as { phases: string[]; current_phase_index: number });
    expect(call).toThrow(NextStepsError);
    expect(call).toThrow(message);
  });
});
