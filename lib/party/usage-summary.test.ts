import { describe, expect, it } from "vitest";
import type { PartyEvent, UsageData } from "../wire/events";
import { summarizeUsage, usageRecords } from "./usage-summary";
import type { Mode } from "../vocabulary";

const turn = (o: Partial<UsageData> & Pick<UsageData, "agent" | "phase">): PartyEvent => ({
  type: "usage",
  data: { model: "openai:gpt-4.1", stepKey: `${o.agent}/${o.phase}`, inputTokens: 1000, outputTokens: 100, cacheReadTokens: 400, cacheWriteTokens: 0, calls: 3, estimatedCalls: 0, costUsd: 0.0025, ...o },
});
const mode = (m: Mode, via: "flag" | "fallback" = "flag"): PartyEvent => ({ type: "mode-resolved", data: { mode: m, via } });

describe("summarizeUsage", () => {
  it("sums tokens, cached tokens, calls, estimates, failed turns and money per agent, per phase and for the party", () => {
    const s = summarizeUsage(
      usageRecords([
        mode("party"),
        turn({ agent: "nadia", phase: 1 }),
        turn({ agent: "oscar", phase: 1, estimatedCalls: 1 }),
        turn({ agent: "nadia", phase: 2, failed: true, costUsd: 0.0005 }),
        { type: "note", data: { kind: "info", phase: 1, text: "not usage" } },
      ]),
    );
    expect(s.total).toEqual({ inputTokens: 3000, cacheReadTokens: 1200, cacheWriteTokens: 0, outputTokens: 300, calls: 9, estimatedCalls: 1, failedTurns: 1, costUsd: 0.0055, pricedCostUsd: 0.0055 });
    expect(s.byAgent.map((a) => [a.agent, a.inputTokens, a.costUsd, a.models])).toEqual([
      ["nadia", 2000, 0.003, ["openai:gpt-4.1"]],
      ["oscar", 1000, 0.0025, ["openai:gpt-4.1"]],
    ]);
    expect(s.byPhase.map((p) => [p.mode, p.phase, p.calls, p.failedTurns])).toEqual([
      ["party", 1, 6, 0],
      ["party", 2, 3, 1],
    ]);
  });

  it("an unknown price makes the cost unknown (null, never 0) wherever it counts, and the known part stays visible", () => {
    const s = summarizeUsage(usageRecords([mode("party"), turn({ agent: "nadia", phase: 1 }), turn({ agent: "critic", phase: 3, model: "openai-compatible:llama3", costUsd: null })]));
    expect(s.total.costUsd).toBeNull();
    expect(s.total.pricedCostUsd).toBe(0.0025);
    expect(s.byAgent.find((a) => a.agent === "nadia")!.costUsd).toBe(0.0025);
    expect(s.byAgent.find((a) => a.agent === "critic")!.costUsd).toBeNull();
    expect(s.byPhase.find((p) => p.phase === 1)!.costUsd).toBe(0.0025);
    expect(s.byPhase.find((p) => p.phase === 3)!.costUsd).toBeNull();
  });

  it("reads older logs: no cost recorded is 0 for the offline model and unknown for any other", () => {
    const old = (model: string): PartyEvent => ({ type: "usage", data: { agent: "nadia", phase: 1, model, stepKey: "k", inputTokens: 10, outputTokens: 5 } });
    expect(summarizeUsage(usageRecords([old("offline")])).total).toMatchObject({ inputTokens: 10, outputTokens: 5, calls: 0, costUsd: 0 });
    expect(summarizeUsage(usageRecords([old("openai:gpt-4.1")])).total.costUsd).toBeNull();
  });

  it("keeps the party phases a fallback gave up apart from the classic phases with the same numbers", () => {
    const s = summarizeUsage(usageRecords([mode("party"), turn({ agent: "nadia", phase: 1 }), mode("classic", "fallback"), turn({ agent: "product_analyst", phase: 1 })]));
    expect(s.byPhase.map((p) => [p.mode, p.phase, p.inputTokens])).toEqual([
      ["party", 1, 1000],
      ["classic", 1, 1000],
    ]);
  });

  it("an empty log costs nothing", () => {
    expect(summarizeUsage([])).toEqual({ total: { inputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, outputTokens: 0, calls: 0, estimatedCalls: 0, failedTurns: 0, costUsd: 0, pricedCostUsd: 0 }, byAgent: [], byPhase: [] });
  });
});
