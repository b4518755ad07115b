// The failure policy (docs/models.md) with injected faults: one retry with the spec's message, then the
// degradation note, and when every agent of a phase fails the [1]/[2]/[3] menu.
import { describe, expect, it } from "vitest";
import { defaultPersonaConfig } from "../agents/persona-config";
import { SCENARIO_LIST } from "@inception-party/offline-model/testing/party-fixtures";
import { ARTIFACT_PATHS } from "@inception-party/protocol";
import { say } from "./agent-step";
import { MemoryPartyStore } from "./testing/memory-store";
import { TEAM_NAME } from "./party-mode";
import { PartyRuntime } from "./runtime";
import { driveParty, finalArtifacts, ofType, scriptedModels, type DriveOptions } from "./testing/drive-party";
import { budgetProblems, messageProblems, phaseTimeline, rosterProblems, seqProblems } from "./testing/log-checks";
import { ORCHESTRATOR } from "../vocabulary";

const personas = defaultPersonaConfig();
const scenario = SCENARIO_LIST.find((s) => s.name === "food-delivery")!;
const party = (o: Partial<DriveOptions>) => driveParty({ description: scenario.description, visionAnswer: scenario.answers, mode: "party", model: "scripted", ...o });

function sound(events: Parameters<typeof seqProblems>[0]) {
  expect(seqProblems(events)).toEqual([]);
  expect(messageProblems(events)).toEqual([]);
  expect(rosterProblems(events, 3)).toEqual([]);
  expect(budgetProblems(events)).toEqual([]);
}

describe("one agent fails", () => {
  it("once: the orchestrator sends the retry message and the agent recovers", async () => {
    const r = await party({ faults: "throw:oscar:1" });
    expect(r.outcome).toEqual({ status: "completed" });
    sound(r.events);
    expect(ofType(r.events, "agent-failure").map((e) => e.data)).toEqual([
      { agent: "oscar", phase: 1, attempt: 1, kind: "error", error: expect.stringContaining("injected failure"), final: false },
    ]);
    const retry = ofType(r.events, "message-end").filter((e) => e.data.label === "RETRY");
    expect(retry).toHaveLength(1);
    expect(retry[0].data).toMatchObject({ sender: ORCHESTRATOR, recipient: "oscar", type: "message", summary: "Retry request for Oscar" });
    expect(retry[0].data.content).toMatch(/^Your previous response was not received\. Please try again: Ask the person 2 or 3 questions/);
    // The failed attempt's partial message is discarded; the retried one ends once.
    const oscarQuestions = ofType(r.events, "message-end").filter((e) => e.data.sender === "oscar" && e.data.label === "QUESTIONS");
    expect(oscarQuestions).toHaveLength(1);
    expect(ofType(r.events, "note").filter((n) => n.data.kind === "degradation")).toEqual([]);
    expect(finalArtifacts(r.events).get(ARTIFACT_PATHS.brief)).toContain("(3-agent Vision Council)");
  }, 60_000);

  it("a response that never validates is not called 'not received'; the failed turn's tokens are recorded", async () => {
    // Four corrupt serializations exhaust the turn; the retry gets the feedback and recovers.
    const r = await party({ faults: "invalid-args:oscar:4" });
    expect(r.outcome).toEqual({ status: "completed" });
    const retry = ofType(r.events, "message-end").filter((e) => e.data.label === "RETRY");
    expect(retry).toHaveLength(1);
    expect(retry[0].data.content).toMatch(/^Your previous response could not be used: it did not pass validation/);
    expect(retry[0].data.content).not.toContain("not received");
    const failed = ofType(r.events, "usage").filter((e) => e.data.failed);
    expect(failed).toHaveLength(1);
    expect(failed[0].data).toMatchObject({ agent: "oscar", calls: 6, estimatedCalls: 0, costUsd: 0 });
    expect(failed[0].data.inputTokens).toBeGreaterThan(0);
  }, 60_000);

  it("a stream that breaks mid-message: the partial text is discarded and the retry recovers", async () => {
    const r = await party({ faults: "stream-error:nadia:1" });
    expect(r.outcome).toEqual({ status: "completed" });
    sound(r.events);
    expect(ofType(r.events, "agent-failure").map((e) => [e.data.agent, e.data.attempt, e.data.final])).toEqual([["nadia", 1, false]]);
    const failedId = ofType(r.events, "message-start").find((e) => e.data.sender === "nadia")!.data.messageId;
    expect(ofType(r.events, "message-discard").map((e) => e.data.messageId)).toContain(failedId);
    expect(ofType(r.events, "message-end").some((e) => e.data.messageId === failedId)).toBe(false);
    expect(ofType(r.events, "message-end").filter((e) => e.data.sender === "nadia" && e.data.label === "QUESTIONS")).toHaveLength(1);
  }, 60_000);

  it("twice: the degradation note and the phase completes with two agents", async () => {
    const r = await party({ faults: "throw:tessa" });
    expect(r.outcome).toEqual({ status: "completed" });
    sound(r.events);
    expect(ofType(r.events, "agent-failure").map((e) => [e.data.agent, e.data.attempt, e.data.final])).toEqual([
      ["tessa", 1, false],
      ["tessa", 2, true],
    ]);
    const notes = ofType(r.events, "note").filter((n) => n.data.kind === "degradation");
    expect(notes.map((n) => n.data)).toEqual([
      { kind: "degradation", phase: 1, text: "NOTE: Tessa (Technical Scout) encountered an issue and could not contribute\nto this phase. Proceeding with 2 agent(s)." },
    ]);
    expect(phaseTimeline(r.events)).toEqual([1, 2, 3, 4, 5].flatMap((n) => [`start ${n}`, `end ${n} completed`]));
    const finals = ofType(r.events, "message-end").filter((e) => e.data.label === "FINAL POSITION").map((e) => e.data.sender);
    expect(finals.sort()).toEqual(["nadia", "oscar"]);
    expect(ofType(r.events, "message-end").some((e) => e.data.sender === "tessa")).toBe(false);
    expect(finalArtifacts(r.events).get(ARTIFACT_PATHS.brief)).toContain("(2-agent Vision Council)");
    // Tessa is still told to shut down at the phase end.
    expect(ofType(r.events, "agent-shutdown").filter((e) => e.data.phase === 1).map((e) => e.data.agent)).toEqual(["nadia", "oscar", "tessa"]);
  }, 60_000);

  it("a hang times out, invalid tool input is fed back and retried inside the turn", async () => {
    const r = await party({ faults: "hang:felix,invalid-args:zara:2", timeoutMs: 2000 });
    expect(r.outcome).toEqual({ status: "completed" });
    sound(r.events);
    // Zara's two invalid serialize calls were fixed by the validation-retry loop: no failure.
    // (Phase 3's critique also asks Felix's model for the Operations view; that has its own fallback.)
    expect(ofType(r.events, "agent-failure").filter((e) => e.data.phase === 2).map((e) => [e.data.agent, e.data.kind, e.data.attempt])).toEqual([
      ["felix", "timeout", 1],
      ["felix", "timeout", 2],
    ]);
    expect(ofType(r.events, "note").filter((n) => n.data.kind === "degradation").map((n) => n.data.text)).toEqual([
      "NOTE: Felix (DevOps Pragmatist) encountered an issue and could not contribute\nto this phase. Proceeding with 2 agent(s).",
    ]);
    expect(ofType(r.events, "message-end").filter((e) => e.data.sender === "zara" && e.data.phase === 2).map((e) => e.data.label)).toEqual(["SECURITY CRITIQUE", "POSITION"]);
    // The Operations perspective fell back to the default model ("critic") for each artifact.
    const ops = ofType(r.events, "critique-result").map((c) => c.data.ratings.find((x) => x.name === "Operations")?.source);
    expect(ops).toEqual(["fallback", "fallback", "fallback"]);
  }, 90_000);
});

describe("every agent of a phase fails", () => {
  const allOfPhase2 = "throw:liam,throw:zara,throw:felix";

  it("asks the phase-failure menu; [2] falls back to classic from Phase 1 and discards party artifacts", async () => {
    const r = await party({ faults: allOfPhase2, answer: (req) => (req.kind === "phase_failure" ? { selection: "2" } : undefined) });
    expect(r.outcome).toEqual({ status: "completed" });
    expect(seqProblems(r.events)).toEqual([]);
    expect(messageProblems(r.events)).toEqual([]);
    expect(rosterProblems(r.events, 3)).toEqual([]);

    const menu = r.requests.find((q) => q.kind === "phase_failure")!;
    expect(menu.body).toBe(
      "All agents in Stack & Architecture Debate encountered errors.\n\n[1] Retry phase — re-launch all agents\n[2] Fall back to classic mode — restart with sequential flow\n[3] Cancel — abort discovery\n\nEnter selection (1-3):",
    );
    expect(menu.options.map((o) => o.key)).toEqual(["1", "2", "3"]);
    // Every proposer tried twice, in order, before the menu.
    expect(ofType(r.events, "agent-failure").map((e) => `${e.data.agent}/${e.data.attempt}`)).toEqual(["liam/1", "liam/2", "zara/1", "zara/2", "felix/1", "felix/2"]);

    const types = r.events.map((e) => e.type);
    const at = (t: string, from = 0) => types.indexOf(t as never, from);
    const failedEnd = r.events.findIndex((e) => e.type === "phase-end" && e.data.status === "failed");
    expect(failedEnd).toBeGreaterThan(0);
    // Shut down, team deleted, artifacts discarded, then classic from Phase 1.
    expect(at("team-delete")).toBeGreaterThan(failedEnd);
    const discard = ofType(r.events, "artifact-discard");
    expect(discard.map((d) => d.data.paths)).toEqual([["*"]]);
    expect(discard[0].seq).toBeGreaterThan(r.events[at("team-delete")].seq);
    expect(ofType(r.events, "note").some((n) => n.data.text === "Switching to classic mode. Starting from Phase 1.")).toBe(true);
    expect(ofType(r.events, "mode-resolved").map((e) => e.data)).toEqual([
      { mode: "party", via: "flag" },
      { mode: "classic", via: "fallback" },
    ]);
    expect(ofType(r.events, "task-create").map((t) => t.data.mode)).toEqual(["party", "classic"]);
    expect(phaseTimeline(r.events)).toEqual([
      "start 1",
      "end 1 completed",
      "start 2",
      "end 2 failed",
      ...[1, 2, 3, 4, 5, 6, 7, 8].flatMap((n) => [`start ${n}`, `end ${n} completed`]),
    ]);
    // What remains is classic's: its own brief, the PRD, the full set.
    const artifacts = finalArtifacts(r.events);
    expect(artifacts.get(ARTIFACT_PATHS.brief)).toContain("Classic mode");
    expect([...artifacts.keys()]).toEqual(expect.arrayContaining([ARTIFACT_PATHS.prd, ARTIFACT_PATHS.architecture, ARTIFACT_PATHS.constitution]));
    const end = r.events.at(-1)!;
    expect(end.type === "party-end" && end.data.status).toBe("completed");
  }, 60_000);

  it("[3] cancels: members shut down, the team deleted before party-end", async () => {
    const r = await party({ faults: allOfPhase2, answer: (req) => (req.kind === "phase_failure" ? { selection: "3" } : undefined) });
    expect(r.outcome).toEqual({ status: "cancelled" });
    sound(r.events);
    const tail = r.events.slice(-4).map((e) => e.type);
    expect(tail).toEqual(["phase-end", "team-delete", "party-status", "party-end"]);
    expect(ofType(r.events, "team-delete").map((e) => e.data)).toEqual([{ team_name: TEAM_NAME }]);
    const end = r.events.at(-1)!;
    expect(end.type === "party-end" && end.data).toEqual({ status: "cancelled", reason: "Cancelled after every agent in Stack & Architecture Debate failed." });
    expect(ofType(r.events, "agent-shutdown").filter((e) => e.data.phase === 2).map((e) => e.data.agent)).toEqual(["liam", "zara", "felix"]);
    expect(ofType(r.events, "mode-resolved")).toHaveLength(1);
  }, 60_000);

  it("[1] re-launches all agents and the phase completes", async () => {
    const r = await party({ faults: "throw:liam:2,throw:zara:2,throw:felix:2" });
    expect(r.outcome).toEqual({ status: "completed" });
    sound(r.events);
    expect(r.requests.filter((q) => q.kind === "phase_failure")).toHaveLength(1);
    expect(phaseTimeline(r.events)).toEqual([
      "start 1",
      "end 1 completed",
      "start 2",
      "end 2 failed",
      "start 2",
      "end 2 completed",
      ...[3, 4, 5].flatMap((n) => [`start ${n}`, `end ${n} completed`]),
    ]);
    expect(ofType(r.events, "agent-spawn").filter((e) => e.data.phase === 2).map((e) => e.data.agent)).toEqual(["liam", "zara", "felix", "liam", "zara", "felix"]);
  }, 60_000);
});

describe("a cancelled turn (external abort)", () => {
  it("is not the agent's failure: say rethrows, nothing is recorded or checkpointed", async () => {
    const store = new MemoryPartyStore();
    store.addParty({ id: "p", title: "t", description: "d", mode: "party", flags: [], status: "pending", modelSettings: {} });
    const ac = new AbortController();
    const ctx = { rt: new PartyRuntime("p", 1, { store, abortSignal: ac.signal }), models: scriptedModels({ faults: "hang:nadia" }), personas, timeoutMs: 10_000 };
    setTimeout(() => ac.abort(), 50);
    const call = { key: "k", agent: "nadia", phase: 1 as const, task: "vision.questions" as const, sections: { project_description: scenario.description }, recipient: ORCHESTRATOR, type: "message" as const };
    await expect(say(ctx, call)).rejects.toMatchObject({ name: "AgentTurnError", kind: "cancelled" });
    const log = store.events.get("p")!;
    expect(ofType(log, "agent-failure")).toEqual([]);
    expect(ofType(log, "message-end")).toEqual([]);
    expect((await store.getCheckpoint("p", "k"))?.status).toBe("running");
  });
});
