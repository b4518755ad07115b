import { describe, expect, it } from "vitest";
import { NextStepsError } from "./next-steps-error";
import { completionNextSteps, phaseEndNextSteps, subAgentStatus } from "./party-steps";
import { phaseNames, type Mode as PartyMode } from "../vocabulary";
import { PROMPT_BLOCK_PATTERN, STATUS_BLOCK_PATTERN, validateBlock } from "./validate-block";

const PARTY_PHASE_NAMES = phaseNames("party");
const CLASSIC_PHASE_NAMES = phaseNames("classic");

function itemsOf(block: string): string[] {
  const result = validateBlock(block);
  if (!result.ok) throw new Error(`invalid block: ${result.errors.join("; ")}`);
  expect(result.kind).toBe("next-steps");
  return result.items;
}

const COMPLETION_ITEMS = ["Start a new feature", "Review the artifacts", "Download the bundle", "View project status"];

describe("completionNextSteps", () => {
  it("is the exact completion block with utility last", () => {
    expect(completionNextSteps()).toBe(
      "---\nSUGGESTED NEXT STEPS:\n  [1] Start a new feature\n  [2] Review the artifacts\n  [3] Download the bundle\n  [4] View project status\n---",
    );
    expect(PROMPT_BLOCK_PATTERN.test(completionNextSteps())).toBe(true);
  });
});

describe("phaseEndNextSteps", () => {
  const party = [...PARTY_PHASE_NAMES];
  const classic = [...CLASSIC_PHASE_NAMES];

  it.each([
    [1, ["Continue to Stack & Architecture Debate", "Review the project brief", "Show workflow status"]],
    [2, ["Continue to Blueprint Assembly", "Review the tech stack decision", "Review the security notes", "Show workflow status"]],
    [3, ["Continue to Constitution & Scaffold", "Review the architecture artifacts", "Review the data model and test strategy", "Show workflow status"]],
    [4, ["Continue to Walkthrough", "Review the constitution", "Review the project scaffold", "Show workflow status"]],
    [5, COMPLETION_ITEMS],
  ])("party phase %i", (phaseNumber, items) => {
    expect(itemsOf(phaseEndNextSteps({ mode: "party", phaseNumber, phaseNames: party }))).toEqual(items);
  });

  it.each([
    [1, ["Continue to Research", "Review the project brief", "Show workflow status"]],
    [2, ["Continue to Tech Stack", "Review the research summary", "Show workflow status"]],
    [3, ["Continue to Product Requirements", "Review the tech stack decision", "Show workflow status"]],
    [4, ["Continue to Architecture Blueprint", "Review the product requirements", "Show workflow status"]],
    [5, ["Continue to Constitution", "Review the architecture artifacts", "Review the data model", "Show workflow status"]],
    [6, ["Continue to Project Structure & Skills", "Review the constitution", "Show workflow status"]],
    [7, ["Continue to Finalize", "Review the project scaffold", "Review the skill report", "Show workflow status"]],
    [8, COMPLETION_ITEMS],
  ])("classic phase %i", (phaseNumber, items) => {
    expect(itemsOf(phaseEndNextSteps({ mode: "classic", phaseNumber, phaseNames: classic }))).toEqual(items);
  });

  it.each([
    ["party", party],
    ["classic", classic],
  ] as Array<[PartyMode, string[]]>)("every %s phase-end block validates and follows the tier order", (mode, names) => {
    names.forEach((_, i) => {
      const block = phaseEndNextSteps({ mode, phaseNumber: i + 1, phaseNames: names });
      expect(PROMPT_BLOCK_PATTERN.test(block)).toBe(true);
      const items = itemsOf(block);
      const last = i + 1 === names.length;
      expect(items[0]).toBe(last ? "Start a new feature" : `Continue to ${names[i + 1]}`);
      expect(items.at(-1)).toBe(last ? "View project status" : "Show workflow status");
      expect(items.length).toBeGreaterThanOrEqual(3);
      expect(items.length).toBeLessThanOrEqual(4);
    });
  });

  it("uses the caller's phase names", () => {
    const names = ["Kickoff", "Stack", "Design", "Rules", "Review"];
    expect(itemsOf(phaseEndNextSteps({ mode: "party", phaseNumber: 1, phaseNames: names }))[0]).toBe("Continue to Stack");
  });

  it.each([
    [{ mode: "party", phaseNumber: 0, phaseNames: [...PARTY_PHASE_NAMES] }, /phaseNumber: must be >= 1/],
    [{ mode: "party", phaseNumber: 6, phaseNames: [...PARTY_PHASE_NAMES] }, /phaseNumber: must be <= 5 in party mode, got 6/],
    [{ mode: "party", phaseNumber: 2.5, phaseNames: [...PARTY_PHASE_NAMES] }, /phaseNumber: must be an integer/],
    [{ mode: "classic", phaseNumber: 1, phaseNames: [...PARTY_PHASE_NAMES] }, /phaseNames: classic mode has 8 phases, got 5 names/],
    [{ mode: "solo", phaseNumber: 1, phaseNames: [...PARTY_PHASE_NAMES] }, /mode: must be "party" or "classic"/],
    [{ mode: "party", phaseNumber: 1, phaseNames: ["A", "", "C", "D", "E"] }, /phaseNames\.1: must not be empty/],
  ])("rejects %j naming the field", (input, message) => {
    const call = () => phaseEndNextSteps(input as Parameters<typeof phaseEndNextSteps>[0]);
    expect(call).toThrow(NextStepsError);
    expect(call).toThrow(message);
  });

  it("rejects a non-ASCII phase name through the formatter", () => {
    const names = ["A", "Stack \u2013 Debate", "C", "D", "E"];
    expect(() => phaseEndNextSteps({ mode: "party", phaseNumber: 1, phaseNames: names })).toThrow(/U\+2013/);
  });
});

describe("subAgentStatus", () => {
  it("defaults the parent to the discover orchestrator", () => {
    const block = subAgentStatus("Domain research");
    expect(block).toBe("---\nSTATUS: Domain research complete. Returning results to discover-orchestrator.\n---");
    expect(STATUS_BLOCK_PATTERN.test(block)).toBe(true);
    expect(validateBlock(block)).toMatchObject({ ok: true, kind: "status" });
  });

  it("accepts another parent", () => {
    expect(subAgentStatus("Data model design", "blueprint-lead")).toBe(
      "---\nSTATUS: Data model design complete. Returning results to blueprint-lead.\n---",
    );
  });
});
