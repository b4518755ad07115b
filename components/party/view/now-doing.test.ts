import { describe, expect, it } from "vitest";
import { nowDoing, type NowDoingInput } from "./now-doing";
import type { AgentView, PhaseView } from "./types";

const agent = (name: string, status: AgentView["status"]): AgentView => ({
  agent: name.toLowerCase(),
  name,
  title: "",
  style: "",
  model: null,
  phase: 1,
  status,
  failures: 0,
  lastError: null,
  activeMessageId: null,
});
const phase: PhaseView = { number: 1, name: "Vision", subject: null, activeForm: "Shaping the vision", status: "in_progress", agents: [], messages: 0, maxMessages: 0, attempts: 1 };
const base: NowDoingInput = { status: "in_progress", phase, team: [], waitingFor: null, readOnly: false };

describe("nowDoing", () => {
  it("says the person's turn first, and whose turn it is for a watcher", () => {
    const team = [agent("Maya", "speaking")];
    expect(nowDoing({ ...base, team, waitingFor: "Questions from your team" })).toBe("Waiting for you: Questions from your team");
    expect(nowDoing({ ...base, team, waitingFor: "Questions", readOnly: true })).toBe("Waiting for the owner to answer: Questions");
  });

  it("names who is writing before who is thinking", () => {
    expect(nowDoing({ ...base, team: [agent("Maya", "thinking"), agent("Ben", "speaking")] })).toBe("Ben is writing…");
    expect(nowDoing({ ...base, team: [agent("Maya", "thinking"), agent("Ben", "thinking"), agent("Ada", "thinking")] })).toBe("Maya, Ben and Ada are thinking…");
  });

  it("falls back to the phase's own words, then to the orchestrator", () => {
    expect(nowDoing({ ...base, team: [agent("Maya", "idle")] })).toBe("Shaping the vision…");
    expect(nowDoing({ ...base, phase: { ...phase, activeForm: null } })).toBe("The orchestrator is working…");
  });

  it("says how a finished party ended", () => {
    expect(nowDoing({ ...base, status: "completed" })).toMatch(/complete/);
    expect(nowDoing({ ...base, status: "cancelled" })).toMatch(/cancelled/);
  });
});
