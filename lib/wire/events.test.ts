// parseStreamEvent against what a real party sends: every event of whole offline parties
// (party mode with a walkthrough that revises, and classic mode), framed by the server's
// own SSE framing, comes back equal; live deltas too; malformed events are refused.
import { describe, expect, it } from "vitest";
import { SCENARIO_LIST } from "@inception-party/offline-model/testing/party-fixtures";
import { deltaFrame, eventFrame } from "../events/sse";
import { driveParty } from "../party/testing/drive-party";
import { parseStreamEvent, type StoredEvent } from "./events";

/** The `event:` name and `data:` line of one SSE frame. */
function unframe(frame: Uint8Array): { type: string; data: string } {
  const lines = new TextDecoder().decode(frame).split("\n");
  const field = (name: string) => lines.find((l) => l.startsWith(`${name}: `))!.slice(name.length + 2);
  return { type: field("event"), data: field("data") };
}

const scenario = SCENARIO_LIST.find((s) => s.name === "food-delivery")!;

describe("parseStreamEvent on whole offline parties", () => {
  it("accepts every stored event of a party-mode and a classic-mode party, unchanged", async () => {
    const party = await driveParty({
      description: scenario.description,
      visionAnswer: scenario.answers,
      // The walkthrough's one review screen, with notes that revise two documents.
      answer: (req) =>
        req.kind === "walkthrough"
          ? { selection: "1", text: JSON.stringify({ architecture: { note: "Add a read replica of the database for the reporting queries." }, coverage: { note: "Add a load test of the checkout at 200 orders a minute." } }) }
          : undefined,
    });
    const classic = await driveParty({ description: scenario.description, visionAnswer: scenario.answers, mode: "classic", partyId: "party-2" });
    expect(party.outcome.status).toBe("completed");
    expect(classic.outcome.status).toBe("completed");
    const events: StoredEvent[] = [...party.events, ...classic.events];
    const refused = events.filter((e) => {
      const { type, data } = unframe(eventFrame(e));
      return parseStreamEvent(type, data) === null;
    });
    expect(refused.map((e) => `${e.seq} ${e.type}: ${JSON.stringify(e.data).slice(0, 200)}`)).toEqual([]);
    for (const e of events) {
      const { type, data } = unframe(eventFrame(e));
      expect(parseStreamEvent(type, data)).toEqual({ seq: e.seq, type: e.type, at: e.at, data: e.data });
    }
    // The parties exercise most of the vocabulary, revisions and the walkthrough included.
    const seen = new Set(events.map((e) => e.type));
    for (const t of ["party-start", "task-create", "phase-start", "phase-end", "agent-spawn", "message-start", "message-delta", "message-end", "input-request", "input-response", "artifact-write", "critique-start", "critique-result", "revision-start", "revision-result", "walkthrough-step", "usage", "party-status", "party-end"]) {
      expect(seen, t).toContain(t);
    }
  }, 120_000);

  it("accepts a live token delta (no seq, no time) and returns it without them", () => {
    const { type, data } = unframe(deltaFrame({ messageId: "m-1", offset: 12, text: "Hello" }));
    expect(parseStreamEvent(type, data)).toEqual({ type: "message-delta", data: { messageId: "m-1", offset: 12, text: "Hello" } });
  });
});

describe("parseStreamEvent refuses what breaks the contract", () => {
  const stored = (type: string, data: unknown, extra: Record<string, unknown> = {}) => JSON.stringify({ seq: 3, type, at: "2026-01-01T00:00:00.000Z", data, ...extra });
  const good = { agent: "nadia", phase: 1 };

  it("takes a well-formed stored event", () => {
    expect(parseStreamEvent("agent-shutdown", stored("agent-shutdown", good))).toEqual({ seq: 3, type: "agent-shutdown", at: "2026-01-01T00:00:00.000Z", data: good });
  });

  it.each([
    ["not JSON", "agent-shutdown", "{nope"],
    ["JSON that is not an object", "agent-shutdown", "42"],
    ["an unknown event type", "agent-dance", stored("agent-dance", good)],
    ["a type that contradicts the event name", "agent-spawn", stored("agent-shutdown", good)],
    ["a missing field", "agent-shutdown", stored("agent-shutdown", { agent: "nadia" })],
    ["a field of the wrong type", "agent-shutdown", stored("agent-shutdown", { agent: "nadia", phase: "one" })],
    ["a value outside its enum", "party-status", stored("party-status", { status: "sleeping", currentPhase: 1 })],
    ["a stored event without data", "agent-shutdown", JSON.stringify({ seq: 3, type: "agent-shutdown", at: "x" })],
    ["a bad seq", "agent-shutdown", stored("agent-shutdown", good, { seq: 0 })],
    ["an event other than a delta without a seq", "agent-shutdown", JSON.stringify({ type: "agent-shutdown", data: good })],
    ["a delta with a bad seq", "message-delta", stored("message-delta", { messageId: "m", offset: 0, text: "x" }, { seq: 0 })],
    ["a delta with a bad offset", "message-delta", JSON.stringify({ type: "message-delta", data: { messageId: "m", offset: 1.5, text: "x" } })],
  ])("refuses %s", (_what, type, data) => {
    expect(parseStreamEvent(type, data)).toBeNull();
  });
});
