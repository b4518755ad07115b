import { describe, expect, it } from "vitest";
import personas from "../agents/party-personas.json";
import { CLASSIC_PHASES, INPUT_KINDS, isInputKind, isMode, isTerminal, PARTY_PHASES, PERSONAS, PERSPECTIVES, phaseLabel, phaseNames, phaseTag, subAgent } from "./index";
import { parseInputDetails } from "./input-kinds";

describe("vocabulary", () => {
  it("agrees with the persona file on every persona's name, title and phase", () => {
    expect(Object.keys(personas.personas).sort()).toEqual(Object.keys(PERSONAS).sort());
    for (const [key, p] of Object.entries(PERSONAS)) {
      const file = personas.personas[key as keyof typeof personas.personas];
      expect({ name: file.name, title: file.title, phase: file.phase }).toEqual(p);
    }
  });

  it("numbers phases from 1 without gaps in both modes", () => {
    expect(PARTY_PHASES.map((p) => p.number)).toEqual([1, 2, 3, 4, 5]);
    expect(CLASSIC_PHASES.map((p) => p.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(phaseNames("classic")[3]).toBe("Product Requirements");
    expect([phaseLabel("party", 2), phaseLabel("classic", 2), phaseLabel(null, 2)]).toEqual(["T2", "2", "2"]);
    expect([phaseTag("party", 2), phaseTag("classic", 2), phaseTag(null, 2)]).toEqual(["T2", "Phase 2", "Phase 2"]);
  });

  it("voices every perspective with a known persona", () => {
    for (const p of Object.values(PERSPECTIVES)) expect(Object.keys(PERSONAS)).toContain(p.model);
  });

  it("knows sub-agents by their own keys only", () => {
    expect(subAgent("constitution_generator")?.name).toBe("Constitution Generator");
    expect(subAgent("constructor")).toBeUndefined();
  });

  it("calls completed, failed and cancelled terminal, nothing else", () => {
    expect(["pending", "in_progress", "awaiting_input", "completed", "failed", "cancelled"].filter(isTerminal)).toEqual(["completed", "failed", "cancelled"]);
  });

  it("knows the two modes and nothing else", () => {
    expect(["party", "classic", "solo", null].filter(isMode)).toEqual(["party", "classic"]);
  });

  it("parses each input kind's details and refuses a wrong shape", () => {
    expect(INPUT_KINDS).toEqual(["mode", "phase_failure", "vision_questions", "stack_approval", "constitution_review", "walkthrough"]);
    expect(isInputKind("stack_approval")).toBe(true);
    expect(isInputKind("toString")).toBe(false);
    const groups = [{ agent: "nadia", name: "Nadia", title: "Product Analyst", questions: [{ n: 1, text: "Who?" }] }];
    expect(parseInputDetails("vision_questions", { groups })).toEqual({ groups });
    expect(parseInputDetails("vision_questions", { groups: "none" })).toBeNull();
    expect(parseInputDetails("walkthrough", { step: "permissions", command: "npm test", index: 1, of: 3 })).toEqual({ step: "permissions", command: "npm test", index: 1, of: 3 });
    expect(parseInputDetails("walkthrough", { step: "iteration", defaults: { implementation: 5, testing: 5, circuit_breaker: 3 } })).not.toBeNull();
    expect(parseInputDetails("walkthrough", { step: "elsewhere" })).toBeNull();
  });
});
