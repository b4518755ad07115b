import { describe, expect, it } from "vitest";
import type { PartyEvent } from "@/lib/wire/events";
import { applyEvents } from "./reducer";
import { currentTeam, usageByAgent, usageByPhase, usageTotal } from "./selectors";
import { spawn, started, stored } from "./testing/test-events";

describe("usage", () => {
  it("sums tokens per agent, per phase and in total", () => {
    // Nadia's model has a price; Oscar's does not (an older log without costUsd reads the same).
    const u = (agent: string, phase: number, i: number, o: number, costUsd?: number): PartyEvent => ({
      type: "usage",
      data: { agent, phase, model: "openai:gpt-4.1", stepKey: `${agent}${phase}${i}`, inputTokens: i, outputTokens: o, ...(costUsd !== undefined ? { costUsd } : {}) },
    });
    const v = applyEvents(started(), stored([u("nadia", 1, 100, 10, 0.5), u("nadia", 1, 50, 5, 0.25), u("oscar", 1, 20, 2), u("nadia", 2, 1, 1, 0.01)], 10));
    expect(v.usage.find((r) => r.agent === "nadia" && r.phase === 1)).toMatchObject({ inputTokens: 150, outputTokens: 15, costUsd: 0.75 });
    expect(usageByAgent(v)).toEqual([
      { agent: "nadia", inputTokens: 151, outputTokens: 16, costUsd: 0.76 },
      { agent: "oscar", inputTokens: 20, outputTokens: 2, costUsd: null },
    ]);
    expect(usageByPhase(v)).toEqual([
      { phase: 1, mode: "party", label: "T1. Vision Council", abandoned: false, inputTokens: 170, outputTokens: 17, costUsd: null },
      { phase: 2, mode: "party", label: "T2. Stack & Architecture Debate", abandoned: false, inputTokens: 1, outputTokens: 1, costUsd: 0.01 },
    ]);
    expect(usageTotal(v)).toEqual({ inputTokens: 171, outputTokens: 18, costUsd: null });
  });

  it("keeps party and classic phases apart after a fallback (both number from 1)", () => {
    const u = (agent: string, phase: number, i: number): PartyEvent => ({ type: "usage", data: { agent, phase, model: "offline", stepKey: `${agent}${phase}${i}`, inputTokens: i, outputTokens: 0 } });
    const v = applyEvents(
      started(),
      stored(
        [
          u("nadia", 1, 100),
          { type: "phase-end", data: { phase: 1, name: "Vision Council", status: "completed", messages: 6 } },
          { type: "phase-start", data: { phase: 2, name: "Stack & Architecture Debate", agents: ["liam", "zara", "felix"] } },
          u("liam", 2, 40),
          { type: "phase-end", data: { phase: 2, name: "Stack & Architecture Debate", status: "failed", messages: 0 } },
          { type: "team-delete", data: { team_name: "inception-party" } },
          { type: "mode-resolved", data: { mode: "classic", via: "fallback" } },
          u("product_analyst", 1, 7),
          u("product_analyst", 1, 3),
          u("orchestrator", 3, 5),
        ],
        10,
      ),
    );
    expect(usageByPhase(v).map(({ label, abandoned, mode, inputTokens }) => ({ label, abandoned, mode, inputTokens }))).toEqual([
      { label: "T1. Vision Council", abandoned: true, mode: "party", inputTokens: 100 },
      { label: "T2. Stack & Architecture Debate", abandoned: true, mode: "party", inputTokens: 40 },
      { label: "1. Project Vision", abandoned: false, mode: "classic", inputTokens: 10 },
      { label: "3. Tech Stack", abandoned: false, mode: "classic", inputTokens: 5 },
    ]);
    // The total still counts every token spent, before and after the fallback.
    expect(usageTotal(v)).toEqual({ inputTokens: 155, outputTokens: 0, costUsd: null });
  });
});

describe("the team", () => {
  it("is the focused phase's agents while the party runs, and everyone who took part once it is over", () => {
    const phase2: PartyEvent[] = [
      ...["nadia", "oscar", "tessa"].map((agent): PartyEvent => ({ type: "agent-shutdown", data: { agent, phase: 1 } })),
      { type: "phase-start", data: { phase: 2, name: "Stack Debate", agents: ["liam"] } },
      { type: "party-status", data: { status: "in_progress", currentPhase: 2 } },
      spawn("liam", "Liam", 2),
    ];
    const running = applyEvents(started(), stored(phase2, 10));
    expect(currentTeam(running).map((a) => a.agent)).toEqual(["liam"]);

    const end: PartyEvent[] = [
      { type: "agent-shutdown", data: { agent: "liam", phase: 2 } },
      { type: "party-status", data: { status: "completed", currentPhase: null } },
      { type: "party-end", data: { status: "completed" } },
    ];
    const over = applyEvents(running, stored(end, 20));
    expect(currentTeam(over).map((a) => [a.agent, a.status])).toEqual([
      ["nadia", "shutdown"],
      ["oscar", "shutdown"],
      ["tessa", "shutdown"],
      ["liam", "shutdown"],
    ]);
  });
});
